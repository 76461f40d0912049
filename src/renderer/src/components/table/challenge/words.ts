/** The words and colours the Challenge System's table speaks in (CH-1 … CH-11). */
import type { OddsBar } from '../OddsChart.vue'
import type { ChallengeConsequence, ChallengeOdds } from '../../../../../shared/api/table-challenge.contract'
import { CHALLENGE_DICE_WORDS } from '../../../../../shared/log-text/words'

/** CH-11: where dice may replace numbers, as the set-up offers it. */
export const DICE_PLACES = [
  { id: 'none', label: 'No dice', hint: 'Pools wear each other down: the end is certain.' },
  { id: 'pools', label: 'Dice for the pools', hint: 'Each pool is rolled once, as it is formed.' },
  { id: 'comparison', label: 'Dice when comparing', hint: 'Every round, each side rolls its effective pool.' },
  { id: 'losses', label: 'Dice for losses', hint: 'Every round, each loss is rolled.' },
  { id: 'modifiers', label: 'Dice for bonus, resistance, reserves', hint: 'Bonus and resistance every round, reserves once.' },
] as const
export type DicePlace = (typeof DICE_PLACES)[number]['id']

export const DICE_WORDS: Record<DicePlace, string> = CHALLENGE_DICE_WORDS

/** CH-10: how hazardous the challenge is for a side. */
export const HAZARDS = [
  { id: 'none', label: 'None' },
  { id: 'slightly', label: 'Slightly hazardous' },
  { id: 'very', label: 'Very hazardous' },
] as const

/** CH-10: the depth a pool reached, against the pool it started with. */
export const THRESHOLD_WORDS: Record<NonNullable<ChallengeConsequence['threshold']>, string> = {
  half: 'down to half its pool',
  zero: 'down to 0',
  'minus-one': 'below 0',
  'minus-half': 'down to minus half its pool',
}

/** "−2 Sorcery", "−1 to every ability", "Incapacitated", "No consequence". */
export function penaltyWords(c: ChallengeConsequence): string {
  if (c.scope === null) return 'No consequence'
  if (c.scope === 'incapacitated') return 'Incapacitated'
  const what = c.scope === 'overall' ? 'to every ability' : c.ability || 'the ability used'
  return `−${c.points} ${what} (${c.fraction} of ${c.base})`
}

/** "1 point" / "3 points". */
export function points(n: number): string {
  return `${n} point${n === 1 ? '' : 's'}`
}

/**
 * The odds as the chart draws them: the challenger winning is the GM's success, the opposition
 * winning a failure, a draw in between (CH-3).
 */
export function oddsBars(o: ChallengeOdds): { bars: OddsBar[]; chance: { label: string; p: number } } {
  const bars: OddsBar[] = [
    { label: `${o.aName} wins`, p: o.a, tone: 'success' },
    { label: 'Draw', p: o.draw, tone: 'partial' },
    { label: `${o.bName} ${o.bName.includes(' and ') || /^\d+ opponents$/.test(o.bName) ? 'win' : 'wins'}`, p: o.b, tone: 'failure' },
  ]
  if (o.stalemate > 0) bars.push({ label: 'Stalemate', p: o.stalemate })
  return { bars, chance: { label: `${o.aName} wins`, p: o.a } }
}
