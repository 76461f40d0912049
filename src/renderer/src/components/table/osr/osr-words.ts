/**
 * The words and colours the old-school table speaks in: outcomes of checks (OSR-10), saves
 * (OSR-3), "is it so?" (OSR-11), strikes and shots (OSR-15 … OSR-18), and the odds chart's bars.
 */
import type { OddsBar } from '../OddsChart.vue'
import type { OsrModifierPart, OsrOdds, OsrOutcome } from '../../../../../shared/contract'
import { OSR_OUTCOME_LABELS, signed } from '../../../../../shared/log-text/words'

export { signed }

export const OUTCOME_WORDS: Record<OsrOutcome, { label: string; tone: NonNullable<OddsBar['tone']> }> = {
  'spectacular-success': { label: OSR_OUTCOME_LABELS['spectacular-success'], tone: 'bonus' },
  success: { label: OSR_OUTCOME_LABELS.success, tone: 'success' },
  failure: { label: OSR_OUTCOME_LABELS.failure, tone: 'failure' },
  'spectacular-failure': { label: OSR_OUTCOME_LABELS['spectacular-failure'], tone: 'disaster' },
  saved: { label: OSR_OUTCOME_LABELS.saved, tone: 'success' },
  'not-saved': { label: OSR_OUTCOME_LABELS['not-saved'], tone: 'failure' },
  'it-is': { label: OSR_OUTCOME_LABELS['it-is'], tone: 'success' },
  'it-is-not': { label: OSR_OUTCOME_LABELS['it-is-not'], tone: 'failure' },
  hit: { label: OSR_OUTCOME_LABELS.hit, tone: 'success' },
  miss: { label: OSR_OUTCOME_LABELS.miss, tone: 'failure' },
}

/** "d20 − 1 (B) − 5 (Darkness)": how the roll is made up. */
export function partsText(parts: readonly OsrModifierPart[]): string {
  return ['d20', ...parts.filter((p) => p.value !== 0).map((p) => `${p.value > 0 ? '+' : '−'} ${Math.abs(p.value)} (${p.label})`)].join(' ')
}

/**
 * The natural d20 a roll needs (OSR-10): 1 always fails and 20 always succeeds.
 * @example naturalNeeded(-5, 10) // 15
 */
export function naturalNeeded(modifier: number, target: number): number {
  return Math.min(20, Math.max(2, target - modifier))
}

/** Harm bars: a miss, then each total of H, marked when it would bring the defender to 0 H or below. */
function harmBars(pairs: [number, number][], defenderH: number | null): OddsBar[] {
  return pairs.map(([h, p]) => {
    if (h === 0) return { label: 'Miss', p, tone: 'failure' as const }
    const down = defenderH !== null && h >= defenderH
    return { label: down ? `${h} H · down` : `${h} H`, p, tone: down ? ('bonus' as const) : ('success' as const) }
  })
}

/**
 * The odds chart's bars and chance for any roll, in the system's words (DICE-2: the numbers are
 * the engine's, as the API gave them).
 */
export function oddsChart(odds: OsrOdds): { bars: OddsBar[]; chance: { label: string; p: number } } {
  switch (odds.what) {
    case 'check':
    case 'cast':
      return {
        bars: [
          { label: 'Spectacular failure (1)', p: odds.spectacularFailure, tone: 'disaster' },
          { label: 'Failure', p: odds.failure - odds.spectacularFailure, tone: 'failure' },
          { label: 'Success', p: odds.success - odds.spectacularSuccess, tone: 'success' },
          { label: 'Spectacular success (20)', p: odds.spectacularSuccess, tone: 'bonus' },
        ],
        chance: { label: 'Success', p: odds.success },
      }
    case 'save':
      return { bars: [{ label: 'Not saved', p: odds.notSaved, tone: 'failure' }, { label: 'Saved', p: odds.saved, tone: 'success' }], chance: { label: 'Saved', p: odds.saved } }
    case 'is-it-so':
      return { bars: [{ label: 'It is not', p: odds.itIsNot, tone: 'failure' }, { label: 'It is so', p: odds.itIs, tone: 'success' }], chance: { label: 'It is so', p: odds.itIs } }
    case 'strike': {
      const none = odds.hits.find(([k]) => k === 0)?.[1] ?? 0
      return { bars: harmBars(odds.totalHarm, odds.defender?.h ?? null), chance: { label: odds.rolls > 1 ? 'At least one hit' : 'Hit', p: 1 - none } }
    }
    case 'shot':
      return { bars: harmBars(odds.harm, odds.defender?.h ?? null), chance: { label: 'Hit', p: odds.hit } }
  }
}

/** Side colours of the tracker. */
export const SIDE_WORDS = { party: 'Party', foes: 'Foes' } as const
