/** What the Ladder's growth forms call the fields of their methods (field-labels.ts), and a list's entry. */
export const GROWTH_LADDER_FIELDS: Readonly<Record<string, string>> = {
  change: 'Change',
  earnedInPlay: 'Earned in play',
  episode: 'New episode',
  flaw: 'Flaw',
  override: 'GM override',
  pool: 'Goes to',
  roleplayedWell: 'Roleplayed well',
  survivors: 'Survivors',
}

/** One entry of a list, in a field's label: "New episode (survivor 2)", "Limits the GM overrode (limit 1)". */
export const GROWTH_LADDER_ITEMS: Readonly<Record<string, string>> = {
  overrides: 'limit',
  survivors: 'survivor',
}
