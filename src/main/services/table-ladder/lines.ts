/**
 * The sentence each Ladder log entry carries (its payload's `text`), in the seed's own words, so
 * the log, recaps and the player view read the same story without knowing the rules.
 */
import { RUNG_LABELS, type Rung, type Wonky } from '../../engines/ladder'

/** "Expert", "Superb!", "Poor/Fail". */
export const rung = (r: Rung): string => RUNG_LABELS[r]

/** "6, 6, 2" */
export const faceList = (faces: readonly number[]): string => faces.join(', ')

const wonkyWords = (w: Wonky | null): string => (w === 'good' ? ', good wonky ladder' : w === 'bad' ? ', bad wonky ladder' : '')

/** "Hiding (Poor/Fail)" or "Poor/Fail" when the asset has no name. */
export function assetWords(what: string, asset: Rung): string {
  return what.trim() ? `${what.trim()} (${rung(asset)})` : rung(asset)
}

/**
 * A task roll (LAD-2 … LAD-5).
 * @example rollLine({ name: 'Tai', what: 'Hiding', asset: 'poor', difficulty: 'expert', wonky: null, result: 'expert', faces: [6, 6, 2], success: true })
 * // 'Tai rolled Hiding (Poor/Fail) against Expert: 6, 6, 2 → Expert — success.'
 */
export function rollLine(r: {
  name: string
  what: string
  asset: Rung
  difficulty: Rung | null
  wonky: Wonky | null
  result: Rung
  faces: readonly number[]
  success: boolean | null
}): string {
  const against = r.difficulty ? ` against ${rung(r.difficulty)}` : ''
  const verdict = r.success === null ? '' : r.success ? ' — success' : ' — failure'
  return `${r.name} rolled ${assetWords(r.what, r.asset)}${against}${wonkyWords(r.wonky)}: ${faceList(r.faces)} → ${rung(r.result)}${verdict}.`
}

/** "Tai spent 1 Plot Point: Hiding (Poor/Fail) → Superb! with no roll (LAD-22.2) — success." */
export function boughtLine(r: { name: string; what: string; asset: Rung; result: Rung; cost: number; success: boolean | null }): string {
  const verdict = r.success === null ? '' : r.success ? ' — success' : ' — failure'
  return `${r.name} spent ${r.cost} Plot Point${r.cost === 1 ? '' : 's'}: ${assetWords(r.what, r.asset)} → ${rung(r.result)} with no roll${verdict}.`
}

/** "Tai pushed Hiding up a rung with a Plot Point: Good → Expert — now a success." */
export function steppedUpLine(r: { name: string; what: string; from: Rung; to: Rung; success: boolean | null }): string {
  const verdict = r.success === null ? '' : r.success ? ' — now a success' : ' — still a failure'
  return `${r.name} pushed ${r.what.trim() || 'the roll'} up a rung with a Plot Point: ${rung(r.from)} → ${rung(r.to)}${verdict}.`
}

/** LAD-4: "GM's ruling for Tai (Piloting): success without a roll — even a poor pilot can land a plane." */
export function rulingLine(r: { name: string; what: string; success: boolean; reason: string }): string {
  const what = r.what.trim() ? ` (${r.what.trim()})` : ''
  return `GM's ruling for ${r.name}${what}: ${r.success ? 'success' : 'failure'} without a roll — ${r.reason}.`
}

/** "Tai (Expert) 5 → Expert" */
export function rollerLine(name: string, faces: readonly number[], result: Rung): string {
  return `${name} ${faceList(faces)} → ${rung(result)}`
}

/** Plural of AP. */
export const ap = (n: number): string => `${n} AP`

/**
 * A spell cast (LAD-25, LAD-26): the effect, the assets combined and the rung they are rolled at.
 * @example castLine({ name: 'Orb', effect: 'sleep', assets: ['Red', 'Blue'], asset: 'good', rung: 'expert', wonky: null, result: 'expert', faces: [6, 3], success: true })
 * // 'Orb cast “sleep” with Red and Blue (rolled at Good, the lowest, LAD-26) against Expert: 6, 3 → Expert — success.'
 */
export function castLine(r: { name: string; effect: string; assets: readonly string[]; asset: Rung; rung: Rung; wonky: Wonky | null; result: Rung; faces: readonly number[]; success: boolean }): string {
  const assets = r.assets.length > 1 ? `${r.assets.slice(0, -1).join(', ')} and ${r.assets.at(-1)}` : (r.assets[0] ?? '')
  const at = r.assets.length > 1 ? `rolled at ${rung(r.asset)}, the lowest, LAD-26` : rung(r.asset)
  return `${r.name} cast “${r.effect}” with ${assets} (${at}) against ${rung(r.rung)}${wonkyWords(r.wonky)}: ${faceList(r.faces)} → ${rung(r.result)} — ${r.success ? 'success' : 'failure'}.`
}
