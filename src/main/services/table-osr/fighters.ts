/**
 * A character as the old-school table needs them: the sheet's level, modifiers and H (OSR-1,
 * OSR-2), and from the inventory the armour worn and the weapons carried (OSR-15, OSR-16).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { OsrFighter } from '../../../shared/contract'
import { OsrSheet } from '../../../shared/api/sheets/osr'
import { formatDiceExpression, resistanceTarget, seesInTheDark, timesTaken, weaponHarmDice, type OptionName, type WeaponClass } from '../../engines/osr'
import { type Tx, AppError } from '../core'
import { checkSheet, sheetContext } from '../characters'
import { foeFighter, isFoeId, loadFoe } from './foes'

/** The campaign must exist and play the old-school core. */
export async function requireOsrCampaign(db: Kysely<Database>, campaignId: number): Promise<void> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) throw new AppError('not_found', `There is no campaign with id ${campaignId}; it may have been deleted.`, [{ field: 'campaignId', problem: 'no campaign has this id' }])
  if (row.system !== 'osr') {
    throw new AppError('refused', 'This campaign does not play the old-school core, so its table has no old-school rolls.', [{ field: 'campaignId', problem: 'not an old-school campaign' }])
  }
}

/** The sheet as stored, read with the old-school shape (missing fields take their defaults). */
export function readSheet(raw: string, name: string): OsrSheet {
  const parsed = OsrSheet.safeParse(JSON.parse(raw))
  if (parsed.success) return parsed.data
  const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ')
  throw new AppError('refused', `${name}’s sheet cannot be read (${fields}): fix it on the character page, then roll again.`, [{ field: 'characterId', problem: 'sheet cannot be read' }])
}

async function characterRow(db: Kysely<Database>, characterId: number, campaignId: number | null) {
  const row = await db.selectFrom('character').selectAll().where('id', '=', characterId).executeTakeFirst()
  if (!row || (campaignId !== null && row.campaign_id !== campaignId)) {
    throw new AppError('not_found', `There is no character ${characterId} in this campaign; they may have been deleted.`, [{ field: 'characterId', problem: 'no character of this campaign has this id' }])
  }
  return row
}

/** The highest armour modifier among the armour a character carries: what they wear (our reading of OSR-15). */
function wornArmour(items: { name: string; kind: string; details: string }[]): OsrFighter['armour'] {
  let best: OsrFighter['armour'] = { modifier: 0, item: null }
  for (const item of items) {
    if (item.kind !== 'armour') continue
    const modifier = Number((JSON.parse(item.details) as { modifier?: unknown }).modifier ?? 0)
    if (modifier > best.modifier) best = { modifier, item: item.name }
  }
  return best
}

function weaponsOf(items: { id: number; name: string; kind: string; details: string }[]): OsrFighter['weapons'] {
  return items
    .filter((i) => i.kind === 'weapon')
    .map((i) => {
      const d = JSON.parse(i.details) as { weaponClass?: WeaponClass; ranged?: boolean; advanced?: boolean }
      const weaponClass = d.weaponClass ?? 'limb'
      const advanced = d.advanced ?? false
      return { id: i.id, name: i.name, weaponClass, ranged: d.ranged ?? false, advanced, harm: formatDiceExpression(weaponHarmDice({ weapon: weaponClass, advanced })) }
    })
}

/**
 * A character's numbers at the table, read fresh from the sheet and inventory; an ad-hoc foe's from the table.
 * @example await loadFighter(db, 4, 1) // { name: 'Glam', level: 1, B: -1, armour: { modifier: 0, item: null }, weapons: [{ name: 'Dagger', harm: '1d3', … }], … }
 */
export async function loadFighter(db: Kysely<Database>, characterId: number, campaignId: number | null = null): Promise<OsrFighter> {
  if (isFoeId(characterId)) return foeFighter(await loadFoe(db, characterId, campaignId))
  const row = await characterRow(db, characterId, campaignId)
  await requireOsrCampaign(db, row.campaign_id)
  const sheet = readSheet(row.sheet, row.name)
  const items = await db.selectFrom('inventory_item').select(['id', 'name', 'kind', 'details']).where('character_id', '=', row.id).orderBy('position').orderBy('id').execute()
  const options = sheet.options as OptionName[]
  const context = await sheetContext(db, { campaignId: row.campaign_id, system: 'osr', kind: row.kind, status: row.status, characterId: row.id })
  const prepared = new Set(sheet.prepared)
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    level: sheet.level,
    B: sheet.B,
    M: sheet.M,
    S: sheet.S,
    h: sheet.h,
    maxH: sheet.maxH,
    armour: wornArmour(items),
    weapons: weaponsOf(items),
    options,
    seesInTheDark: seesInTheDark(options),
    monstrousForm: Math.min(2, timesTaken(options, 'monstrous form')),
    resistanceTarget: resistanceTarget({ level: sheet.level, highTolerance: Math.min(2, timesTaken(options, 'high tolerance')) }),
    spells: sheet.spells.map((s) => ({ id: s.id, name: s.name, art: s.art, level: s.level, prepared: prepared.has(s.id) })),
    problems: checkSheet('osr', sheet, context).problems,
  }
}

/** The same, inside a unit of work. */
export function fighterIn(tx: Tx, characterId: number, campaignId: number): Promise<OsrFighter> {
  return loadFighter(tx.trx, characterId, campaignId)
}
