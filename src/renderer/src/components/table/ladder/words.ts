/**
 * The Ladder in the table's words and colours: rungs as the seed writes them (LAD-1), the tone of
 * each outcome for the odds chart and the result, and the outcome keys the API uses.
 */
import type { OddsBar } from '../OddsChart.vue'
import type { Odds, Rung } from '../../../../../shared/api/table-ladder.contract'
import { LADDER_RUNGS, LADDER_RUNG_WORDS } from '../../../../../shared/sheet-words'

export const RUNG_WORDS: Readonly<Record<Rung, string>> = LADDER_RUNG_WORDS

export const RUNGS = LADDER_RUNGS
export const STANDARD_RUNGS = LADDER_RUNGS.slice(0, 5) as Rung[]
/** LAD-1: what an asset may be rated; superb and unprecedented only on the extended ladder. */
export const ASSET_RUNGS: Rung[] = ['poor', 'good', 'expert', 'superb', 'unprecedented']

export const rungIndex = (r: Rung): number => LADDER_RUNGS.indexOf(r)

/** The rungs of the ladder in use (LAD-1, LAD-3). */
export function ladderRungs(extended: boolean): Rung[] {
  return extended ? [...LADDER_RUNGS] : STANDARD_RUNGS
}

export type Tone = NonNullable<OddsBar['tone']>

/**
 * A rung's colour: Terrible! is a disaster; below the difficulty a failure; at or above it a
 * success, Superb! and above a triumph. With no difficulty, only the ends are coloured.
 */
export function rungTone(r: Rung, difficulty: Rung | null): Tone | undefined {
  if (r === 'terrible') return 'disaster'
  const top = rungIndex(r) >= rungIndex('superb')
  if (difficulty === null) return top ? 'bonus' : undefined
  if (rungIndex(r) < rungIndex(difficulty)) return 'failure'
  return top ? 'bonus' : 'success'
}

/** A percentage as the chart writes it: "16.7 %". */
export function percent(p: number): string {
  if (p >= 0.9995) return '100 %'
  if (p > 0 && p < 0.0005) return '< 0.1 %'
  return `${(p * 100).toFixed(1)} %`
}

/** The task's odds as the chart's bars, in rung words and colours. */
export function taskBars(odds: Odds, difficulty: Rung | null): OddsBar[] {
  return odds.bars.map((b) => {
    const tone = rungTone(b.outcome as Rung, difficulty)
    return { label: RUNG_WORDS[b.outcome as Rung], p: b.p, ...(tone ? { tone } : {}) }
  })
}

const OUTCOME_WORDS: Record<string, { label: string; tone?: Tone }> = {
  miss: { label: 'Miss' },
  wounded: { label: 'Wounded', tone: 'partial' },
  incapacitated: { label: 'Incapacitated', tone: 'disaster' },
  none: { label: 'No damage', tone: 'success' },
  subdued: { label: 'Subdued', tone: 'partial' },
  killed: { label: 'Killed', tone: 'disaster' },
  recovers: { label: 'Holds on', tone: 'success' },
  dying: { label: 'Begins dying', tone: 'disaster' },
  tie: { label: 'Equal: 1 AP each' },
  both: { label: 'Both spells land', tone: 'partial' },
}

/** Bars for outcomes that are not rungs; `names` words the sides (`a`, `b`) or contestants. */
export function outcomeBars(odds: Odds, names: Record<string, string> = {}, tones: Record<string, Tone> = {}): OddsBar[] {
  return odds.bars.map((b) => {
    const known = OUTCOME_WORDS[b.outcome]
    const label = names[b.outcome] ?? known?.label ?? b.outcome
    const tone = tones[b.outcome] ?? known?.tone
    return { label, p: b.p, ...(tone ? { tone } : {}) }
  })
}
