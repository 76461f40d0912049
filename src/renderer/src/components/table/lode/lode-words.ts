/**
 * LODE in the table's words and colours: the labels of LODE-5, the bars of the odds chart (one
 * per outcome, from the engine's exact odds), and how a pool's dice are described.
 */
import type { LodeLabel, LodePoolOdds } from '../../../../../shared/contract'
import { LODE_LABEL_WORDS } from '../../../../../shared/log-text/words'

export { dice, signed, successes } from '../../../../../shared/log-text/words'

export type Tone = 'success' | 'partial' | 'failure' | 'disaster' | 'bonus'
export interface Bar {
  label: string
  p: number
  tone?: Tone
  /** A one-line explanation of the label, shown on hover and read as its description. */
  note?: string
}

/** LODE-6 in one line: what "the Web is 9" means. */
export function webNote(web: number): string {
  return `The Web (LODE-6): a roll with ${web} or more successes is Halfmagic. It is the campaign's setting, 9 unless lowered (to 6 at the least).`
}

/** LODE-6 in one line: what "Halfmagic 9+" means. */
export function halfmagicNote(web: number): string {
  return `Halfmagic (LODE-6): at least as many successes as the Web (${web}); its level is successes − ${web} + 1, so ${web + 2} successes is level 3.`
}

/** LODE-5 in the seed's words. */
export const LABEL_WORDS: Record<LodeLabel, string> = LODE_LABEL_WORDS

/**
 * LODE-12's "does it OK" column, short enough for the Base Dice picker to show whole; the row's
 * full words stand under it.
 */
export const OK_IN_SHORT: Readonly<Record<number, string>> = {
  3: 'anyone, untrained',
  2: 'anyone with some skill',
  1: 'a professional',
  0: 'an expert',
  [-1]: 'a master',
  [-2]: 'a talented master',
  [-3]: 'a master of great talent',
  [-4]: 'no one',
  [-5]: 'no one',
}

/** Successes needed for each label from Marginal up: the GM's "needs at least" choice. */
export const NEEDS: { successes: number; label: string }[] = [
  { successes: 1, label: '1 · Marginal' },
  { successes: 2, label: '2 · Adequate' },
  { successes: 3, label: '3 · Solid' },
  { successes: 4, label: '4 · Impressive' },
  { successes: 5, label: '5 · Exceptional' },
  { successes: 6, label: '6 · Astonishing' },
]

export function labelTone(label: LodeLabel): Tone {
  if (label === 'failure') return 'failure'
  if (label === 'marginal') return 'partial'
  return 'success'
}

const at = (odds: LodePoolOdds, k: number): number => odds.successes[k] ?? 0

/**
 * One bar per outcome, in order: a fumble (LODE-3), a plain failure, each label of LODE-5, and
 * Halfmagic at the Web (LODE-6). "Astonishing" holds 6 successes up to the Web; at Web 6 every
 * such roll is Halfmagic, so the bar is left out.
 * @example poolBars(odds)[0] // { label: 'Fumble', p: odds.fumble, tone: 'disaster' }
 */
export function poolBars(odds: LodePoolOdds): Bar[] {
  const bars: Bar[] = []
  if (odds.pool > 0) bars.push({ label: 'Fumble', p: odds.fumble, tone: 'disaster' })
  bars.push({ label: LABEL_WORDS.failure, p: at(odds, 0) - odds.fumble, tone: 'failure' })
  const labels: LodeLabel[] = ['marginal', 'adequate', 'solid', 'impressive', 'exceptional']
  labels.forEach((l, i) => bars.push({ label: LABEL_WORDS[l], p: at(odds, i + 1), tone: labelTone(l) }))
  if (odds.web > 6) {
    let p = 0
    for (let k = 6; k < odds.web; k++) p += at(odds, k)
    bars.push({ label: LABEL_WORDS.astonishing, p, tone: 'success' })
  }
  bars.push({ label: `Halfmagic ${odds.web}+`, p: odds.halfmagic, tone: 'bonus', note: halfmagicNote(odds.web) })
  return bars
}

/**
 * The chance of at least `needed` successes.
 * @example atLeast(odds, 1) // 1 − P(no success)
 */
export function atLeast(odds: LodePoolOdds, needed: number): number {
  let below = 0
  for (let k = 0; k < needed; k++) below += at(odds, k)
  return 1 - below
}
