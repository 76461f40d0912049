/**
 * The dice an encounter table is rolled with (`1d20`, `2d6`, `1d3` …) and how its rows cover the
 * totals those dice can give. Shared, so the service refuses and the screen warns in the same
 * words as the GM types.
 */

/** The dice a table may use. `d3` and `d2` are rolled on a d6 (DICE-1). */
export const ENCOUNTER_DIE_SIDES = [2, 3, 4, 6, 8, 10, 12, 20, 100] as const
export const MAX_ENCOUNTER_DICE = 10

export interface EncounterDice {
  count: number
  sides: number
}

/** The range (inclusive) a row covers. */
export interface RowRange {
  min: number
  max: number
}

const NOTATION = /^(\d+)d(\d+)$/

/** Lower case, no spaces: the form a table's dice are stored in. */
export function normaliseEncounterDice(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '')
}

/**
 * What is wrong with a dice expression, in plain words, or null when a table can use it.
 * @example encounterDiceProblem('1d7') // 'a d7 is not a die a table can use: …'
 */
export function encounterDiceProblem(text: string): string | null {
  const m = NOTATION.exec(normaliseEncounterDice(text))
  if (!m) return 'must be dice written like 1d20, 2d6 or 1d6'
  const count = Number(m[1])
  const sides = Number(m[2])
  if (count < 1 || count > MAX_ENCOUNTER_DICE) return `must roll 1 to ${MAX_ENCOUNTER_DICE} dice, not ${count}`
  if (!(ENCOUNTER_DIE_SIDES as readonly number[]).includes(sides)) {
    return `a d${sides} is not a die a table can use: choose d${ENCOUNTER_DIE_SIDES.join(', d')}`
  }
  return null
}

/**
 * @example parseEncounterDice('2d6') // { count: 2, sides: 6 }
 * @example parseEncounterDice('1d7') // null
 */
export function parseEncounterDice(text: string): EncounterDice | null {
  if (encounterDiceProblem(text) !== null) return null
  const [count, sides] = normaliseEncounterDice(text).split('d').map(Number) as [number, number]
  return { count, sides }
}

/**
 * The lowest and highest totals the dice can give.
 * @example totalsOf({ count: 2, sides: 6 }) // { min: 2, max: 12 }
 */
export function totalsOf(dice: EncounterDice): RowRange {
  return { min: dice.count, max: dice.count * dice.sides }
}

/** "5" or "5–6". */
export function rangeText(r: RowRange): string {
  return r.min === r.max ? String(r.min) : `${r.min}–${r.max}`
}

/** A problem with one row, with the field it belongs to (`rows.2.max`, 0-based like the input). */
export interface RowProblem {
  field: string
  problem: string
}

/**
 * Rows that cannot be saved: a range upside down, outside what the dice can roll, or overlapping
 * an earlier row (a total must point at one row only). Rows are named 1-based in the words.
 * @example rowProblems({ count: 1, sides: 6 }, [{ min: 1, max: 3 }, { min: 3, max: 7 }])
 * // [{ field: 'rows.1.max', problem: 'goes up to 7, but 1d6 rolls at most 6' },
 * //  { field: 'rows.1.min', problem: 'overlaps row 1 on 3' }]
 */
export function rowProblems(dice: EncounterDice, rows: readonly RowRange[]): RowProblem[] {
  const totals = totalsOf(dice)
  const expr = `${dice.count}d${dice.sides}`
  const problems: RowProblem[] = []
  rows.forEach((r, i) => {
    if (r.min > r.max) {
      problems.push({ field: `rows.${i}.max`, problem: `ends at ${r.max}, below where it starts (${r.min})` })
      return
    }
    if (r.min < totals.min) problems.push({ field: `rows.${i}.min`, problem: `starts at ${r.min}, but ${expr} rolls at least ${totals.min}` })
    if (r.max > totals.max) problems.push({ field: `rows.${i}.max`, problem: `goes up to ${r.max}, but ${expr} rolls at most ${totals.max}` })
    for (let j = 0; j < i; j++) {
      const o = rows[j]!
      if (o.min > o.max) continue
      const from = Math.max(r.min, o.min)
      const to = Math.min(r.max, o.max)
      if (from <= to) problems.push({ field: `rows.${i}.min`, problem: `overlaps row ${j + 1} on ${rangeText({ min: from, max: to })}` })
    }
  })
  return problems
}

/**
 * Totals the dice can roll that no row covers: allowed, but the GM should know (a roll there
 * says so plainly).
 * @example rowGaps({ count: 1, sides: 20 }, [{ min: 1, max: 10 }, { min: 15, max: 20 }]) // [{ min: 11, max: 14 }]
 */
export function rowGaps(dice: EncounterDice, rows: readonly RowRange[]): RowRange[] {
  const totals = totalsOf(dice)
  const sorted = rows.filter((r) => r.min <= r.max).toSorted((a, b) => a.min - b.min)
  const gaps: RowRange[] = []
  let next = totals.min
  for (const r of sorted) {
    if (r.min > next) gaps.push({ min: next, max: Math.min(r.min - 1, totals.max) })
    next = Math.max(next, r.max + 1)
    if (next > totals.max) break
  }
  if (next <= totals.max) gaps.push({ min: next, max: totals.max })
  return gaps.filter((g) => g.min <= g.max)
}

/**
 * The row a total lands on, or undefined in a gap.
 * @example rowFor([{ min: 1, max: 3 }, { min: 4, max: 6 }], 5) // { min: 4, max: 6 }
 */
export function rowFor<R extends RowRange>(rows: readonly R[], total: number): R | undefined {
  return rows.find((r) => r.min <= total && total <= r.max)
}
