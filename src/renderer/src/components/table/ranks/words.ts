/** The words and colours the Ranks table speaks in (RK-3, RK-8, RK-9). */
import type { OddsBar } from '../OddsChart.vue'
import type { RanksRoll } from '../../../../../shared/api/table-ranks.contract'

export { cap } from '../../../../../shared/log-text/words'

/** RK-3: what each band means at the table. */
export const BAND_WORDS: Record<RanksRoll['band'], string> = {
  disaster: 'an unmitigated disaster',
  failure: 'a failure: the GM makes a move',
  complicated: 'a success, complicated',
  partial: 'a partial success: the opposition succeeds too',
  victory: 'a clean victory',
  legendary: 'victory, with a bonus',
}

/** RK-3's colours as the odds chart's tones; Legendary's black has no tone and is drawn by the panel. */
export function toneOf(rank: string, colour: string): OddsBar['tone'] {
  if (colour === 'red') return rank === 'terrible' ? 'disaster' : 'failure'
  if (colour === 'yellow') return 'partial'
  if (colour === 'green') return 'success'
  if (colour === 'blue') return 'bonus'
  return undefined
}

/** RK-9: what each move does, for its button's hint. */
export const MOVE_HINTS: Record<string, string> = {
  concession: 'Turn a roll into a failure, recover the Harm it marked, leave the scene, make a friendly NPC.',
  sacrifice: 'After failing, recover the Harm by losing someone or something; the attempt is a stalemate.',
  refresh: 'A vulnerable reveal to another PC: recover one Harm; they may reciprocate.',
  compel: 'The GM complicates life through an aspect: refresh one used aspect.',
}

/** "73.4 %", as the odds chart writes it. */
export function percent(p: number): string {
  if (p >= 0.9995) return '100 %'
  if (p > 0 && p < 0.0005) return '< 0.1 %'
  return `${(p * 100).toFixed(1)} %`
}
