/**
 * LODE-12: the seed's Base Dice table, the GM's difficulty picker. Each row says who does the task
 * OK (unlikely to fail, unlikely to impress) and who can do it at all.
 */

export interface BaseDiceRow {
  baseDice: number
  /** Who does the task OK; null where the seed names nobody. */
  ok: string | null
  /** Who has any chance at all. */
  atAll: string
  /** The seed's own advice for the most used rows. */
  note?: string
}

/**
 * From 3 down to −5. For 3, 2 and 1 the seed gives no "at all" column: a pool above 0 gives even
 * an untrained person dice (LODE-1), so anyone can try.
 */
export const BASE_DICE_TABLE: readonly BaseDiceRow[] = [
  { baseDice: 3, ok: 'an untrained, average person', atAll: 'anyone' },
  {
    baseDice: 2,
    ok: 'anyone with any skill or talent',
    atAll: 'anyone',
    note: 'An everyday but not routine task: anyone can try, and those with some talent or training can do it pretty well.',
  },
  { baseDice: 1, ok: 'a professional, or someone with great talent', atAll: 'anyone' },
  {
    baseDice: 0,
    ok: 'an expert, or a great talent with some training',
    atAll: 'anyone with any skill or talent',
    note: 'Needs professional ability: an average person simply can’t do it, and even the qualified find it a challenge.',
  },
  { baseDice: -1, ok: 'a master, or a highly talented professional', atAll: 'a professional or a great talent' },
  {
    baseDice: -2,
    ok: 'a talented master',
    atAll: 'an expert, or a great talent with some training',
    note: 'Needs unusual ability; an average person wouldn’t even think of trying (parrying arrows with a sword).',
  },
  { baseDice: -3, ok: 'a master with great talent', atAll: 'a master, or a professional with great talent' },
  { baseDice: -4, ok: null, atAll: 'a talented master' },
  { baseDice: -5, ok: null, atAll: 'a master with great talent', note: 'The normal human limit.' },
]

/**
 * The table row for some Base Dice, or undefined outside 3 … −5 (the GM may still set them, LODE-1).
 * @example baseDiceRow(-2)?.ok // 'a talented master'
 */
export function baseDiceRow(baseDice: number): BaseDiceRow | undefined {
  return BASE_DICE_TABLE.find((row) => row.baseDice === baseDice)
}
