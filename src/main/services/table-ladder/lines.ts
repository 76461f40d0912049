/**
 * The sentence each Ladder log entry carries (its payload's `text`), in the seed's own words, so
 * the log, recaps and the player view read the same story without knowing the rules. Each builder
 * reads the structure its entry keeps; a number left out of it (a foe's rung or AP, which the
 * players' gate takes out until the GM shows them) is left out of the sentence.
 */
import { RUNG_LABELS, type Rung, type Side, type Wonky } from '../../engines/ladder'

/** "Expert", "Superb!", "Poor/Fail". */
export const rung = (r: Rung): string => RUNG_LABELS[r]

/** "6, 6, 2" */
export const faceList = (faces: readonly number[]): string => faces.join(', ')

/** Plural of AP. */
export const ap = (n: number): string => `${n} AP`

const wonkyWords = (w: Wonky | null | undefined): string => (w === 'good' ? ', good wonky ladder' : w === 'bad' ? ', bad wonky ladder' : '')
const verdictOf = (success: boolean | null | undefined): string => (success === null || success === undefined ? '' : success ? ' — success' : ' — failure')

/** "Hiding (Poor/Fail)" or "Poor/Fail" when the asset has no name; "Hiding" without its rung. */
export function assetWords(what: string, asset?: Rung): string {
  if (asset === undefined) return what.trim()
  return what.trim() ? `${what.trim()} (${rung(asset)})` : rung(asset)
}

/** A roll as a sentence tells it: who, the faces, and the rung they came to (each unless left out). */
export interface Rolled {
  name: string
  faces?: readonly number[] | undefined
  result?: Rung | undefined
}

/** "6, 2 → Expert", "6, 2", or nothing when both are left out. */
const facesTo = (faces: readonly number[] | undefined, result: Rung | undefined): string =>
  [faces === undefined ? '' : faceList(faces), result === undefined ? '' : `→ ${rung(result)}`].filter(Boolean).join(' ')

/** "Tai 6, 2 → Expert", or "Tai" with both left out. */
export const rolled = (r: Rolled): string => [r.name, facesTo(r.faces, r.result)].filter(Boolean).join(' ')

/** "Tai 5 → Expert" */
export function rollerLine(name: string, faces?: readonly number[], result?: Rung): string {
  return rolled({ name, faces, result })
}

/**
 * A task roll (LAD-2 … LAD-5).
 * @example rollLine({ name: 'Tai', what: 'Hiding', asset: 'poor', difficulty: 'expert', wonky: null, result: 'expert', faces: [6, 6, 2], success: true })
 * // 'Tai rolled Hiding (Poor/Fail) against Expert: 6, 6, 2 → Expert — success.'
 */
export function rollLine(r: { name: string; what: string; asset?: Rung; difficulty?: Rung | null; wonky?: Wonky | null; result?: Rung; faces?: readonly number[]; success: boolean | null }): string {
  const against = r.difficulty ? ` against ${rung(r.difficulty)}` : ''
  const what = assetWords(r.what, r.asset)
  const head = `${r.name} rolled${what ? ` ${what}` : ''}${against}${wonkyWords(r.wonky)}`
  const dice = facesTo(r.faces, r.result)
  return `${head}${dice ? `${what || against || r.wonky ? ':' : ''} ${dice}` : ''}${verdictOf(r.success)}.`
}

/** "Tai spent 1 Plot Point: Hiding (Poor/Fail) → Superb! with no roll (LAD-22.2) — success." */
export function boughtLine(r: { name: string; what: string; asset?: Rung; result?: Rung; cost?: number; success: boolean | null }): string {
  const points = r.cost === undefined ? 'Plot Points' : `${r.cost} Plot Point${r.cost === 1 ? '' : 's'}`
  const bought = [assetWords(r.what, r.asset), r.result === undefined ? '' : `→ ${rung(r.result)}`].filter(Boolean).join(' ') || 'a result'
  return `${r.name} spent ${points}: ${bought} with no roll${verdictOf(r.success)}.`
}

/** "Tai pushed Hiding up a rung with a Plot Point: Good → Expert — now a success." */
export function steppedUpLine(r: { name: string; what: string; from?: Rung; to?: Rung; success: boolean | null }): string {
  const verdict = r.success === null ? '' : r.success ? ' — now a success' : ' — still a failure'
  const rungs = r.from === undefined || r.to === undefined ? '' : `: ${rung(r.from)} → ${rung(r.to)}`
  return `${r.name} pushed ${r.what.trim() || 'the roll'} up a rung with a Plot Point${rungs}${verdict}.`
}

/** LAD-4: "GM's ruling for Tai (Piloting): success without a roll — even a poor pilot can land a plane." */
export function rulingLine(r: { name: string; what: string; success: boolean; reason: string }): string {
  const what = r.what.trim() ? ` (${r.what.trim()})` : ''
  return `GM's ruling for ${r.name}${what}: ${r.success ? 'success' : 'failure'} without a roll — ${r.reason}.`
}

/** LAD-19: "Tai went an hour without medical attention: Stamina (Good) against Good, 2 → Good — holds on." */
export function untreatedLine(r: { name: string; what: string; asset?: Rung; result?: Rung; faces?: readonly number[]; beginsDying: boolean }): string {
  const what = assetWords(r.what, r.asset)
  const dice = facesTo(r.faces, r.result)
  return `${r.name} went an hour without medical attention: ${what ? `${what} ` : ''}against Good${dice ? `, ${dice}` : ''} — ${r.beginsDying ? 'begins dying (LAD-19)' : 'holds on'}.`
}

/**
 * LAD-6: "Instant conflict: Tai 5 → Expert vs Guard 3 → Good — Tai wins." Without a side's result,
 * neither how a tie was broken nor that the rungs tied is told.
 */
export function instantLine(r: { a: { name: string }; b: { name: string }; attempts: readonly { a: Rolled; b: Rolled; decidedBy: string }[]; winner: Side }): string {
  const told = r.attempts.every((t) => t.a.result !== undefined && t.b.result !== undefined)
  const rolls = r.attempts.map((t) => `${rolled(t.a)} vs ${rolled(t.b)}`).join(told ? '; tied, again: ' : '; again: ')
  const how = told && r.attempts.at(-1)?.decidedBy === 'first face' ? ' on the higher first face' : ''
  return `Instant conflict: ${rolls} — ${r[r.winner].name} wins${how}.`
}

/** LAD-16: "Tai takes incapacitated damage, tough: d6 = 1 → wounded (arm)." Without `taken`, only what it did. */
export function damageLine(r: { name: string; level: string; tough?: boolean; face?: number; taken?: string; outcome: string; location: string | null }): string {
  const became =
    r.taken === undefined
      ? r.outcome === 'no effect'
        ? 'no damage'
        : r.outcome
      : r.taken === 'none'
        ? 'no damage'
        : r.outcome === r.taken
          ? r.outcome
          : `${r.taken}, which makes them ${r.outcome} (LAD-18)`
  return `${r.name} takes ${r.level} damage${r.tough ? ', tough' : ''}${r.face === undefined ? '' : `: d6 = ${r.face}`} → ${became}${r.location ? ` (${r.location})` : ''}.`
}

/**
 * A spell cast (LAD-25, LAD-26): the effect, the assets combined and the rung they are rolled at.
 * @example castLine({ name: 'Orb', effect: 'sleep', assets: ['Red', 'Blue'], asset: 'good', rung: 'expert', wonky: null, result: 'expert', faces: [6, 3], success: true })
 * // 'Orb cast “sleep” with Red and Blue (rolled at Good, the lowest, LAD-26) against Expert: 6, 3 → Expert — success.'
 */
export function castLine(r: { name: string; effect: string; assets: readonly string[]; asset?: Rung; rung?: Rung; wonky?: Wonky | null; result?: Rung; faces?: readonly number[]; success: boolean }): string {
  const assets = r.assets.length > 1 ? `${r.assets.slice(0, -1).join(', ')} and ${r.assets.at(-1)}` : (r.assets[0] ?? '')
  const at = r.asset === undefined ? '' : ` (${r.assets.length > 1 ? `rolled at ${rung(r.asset)}, the lowest, LAD-26` : rung(r.asset)})`
  const against = r.rung === undefined ? '' : ` against ${rung(r.rung)}`
  const dice = facesTo(r.faces, r.result)
  return `${r.name} cast “${r.effect}” with ${assets}${at}${against}${wonkyWords(r.wonky)}${dice ? `: ${dice}` : ''} — ${r.success ? 'success' : 'failure'}.`
}

/** Someone taking part in a tracker as its start tells them; `asset` and `shoot` left out where hidden. */
export interface Entrant {
  name: string
  assetName?: string
  asset?: Rung
  shoot?: Rung | null
}

/** AP by side, a side left out where its AP are hidden. */
type SideAP = { a?: number; b?: number }

/** What a tracker's start says (LAD-7 … LAD-12, LAD-28). */
export type StartedSaid =
  | { kind: 'extended'; a: Entrant; b: Entrant; headStart: SideAP }
  | { kind: 'team'; labels: { a: string; b: string }; a: Entrant[]; b: Entrant[]; headStart: SideAP }
  | { kind: 'race'; difficulty: Rung; contestants: Entrant[]; target: number }
  | { kind: 'duel'; a: Entrant; b: Entrant; rung: Rung }
  | { kind: 'combat'; combatants: Entrant[] }

/** "Tai (Running, Good)", "Tai (Running)" or "Tai". */
function entrant(p: Entrant): string {
  const asset = p.asset === undefined ? '' : rung(p.asset)
  const words = [p.assetName?.trim() ?? '', asset].filter(Boolean).join(', ')
  return words ? `${p.name} (${words})` : p.name
}

/** "Tai 1 AP, Guard 2 AP" */
const headStart = (h: SideAP, a: string, b: string): string => [h.a ? `${a} ${ap(h.a)}` : '', h.b ? `${b} ${ap(h.b)}` : ''].filter(Boolean).join(', ')

/** The sentence of a tracker begun. */
export function startedLine(s: StartedSaid): string {
  switch (s.kind) {
    case 'extended': {
      const start = headStart(s.headStart, s.a.name, s.b.name)
      return `Extended conflict begun: ${entrant(s.a)} vs ${entrant(s.b)}${start ? `; head start ${start} (LAD-9)` : ''}.`
    }
    case 'team': {
      const start = headStart(s.headStart, s.labels.a, s.labels.b)
      return `Team fight begun: ${s.labels.a} (${s.a.map(entrant).join(', ')}) vs ${s.labels.b} (${s.b.map(entrant).join(', ')})${start ? `; head start ${start}` : ''}.`
    }
    case 'race':
      return `Race begun against ${rung(s.difficulty)}: ${s.contestants.map(entrant).join(', ')}; first to ${s.target} AP wins (LAD-11).`
    case 'duel':
      return `Magic duel begun: ${entrant(s.a)} vs ${entrant(s.b)}, casting against ${rung(s.rung)} (LAD-28).`
    case 'combat': {
      const fighter = (p: Entrant) => (p.asset === undefined ? p.name : `${p.name} (hand-to-hand ${rung(p.asset)}${p.shoot ? `, shooting ${rung(p.shoot)}` : ''})`)
      return `Combat begun: ${s.combatants.map(fighter).join(', ')}.`
    }
  }
}

/** Two sides scoring AP: who came out ahead (null: equal rungs), and each side's AP (LAD-7). */
interface Scored {
  ahead: Side | null
  scored: SideAP
  after: SideAP
}

/** What an exchange of a conflict says (LAD-7, LAD-8, LAD-10, LAD-11, LAD-28, LAD-31). */
export type ExchangeSaid = { title: string; exchange: number } & (
  | ({ kind: 'extended'; a: Rolled; b: Rolled; winner: Side | null; tied: boolean } & Scored)
  | ({
      kind: 'team'
      labels: { a: string; b: string }
      /** Who is on each side, by name. */
      sides: { a: string[]; b: string[] }
      rolls: Rolled[]
      best: { a?: Rung; b?: Rung }
      henchmen: { face: number; removed: string[]; lost: number } | null
      neutralised: string | null
      mustNeutralise: Side | null
      tied: boolean
      winner: Side | null
    } & Scored)
  | { kind: 'race'; difficulty: Rung; rolls: (Rolled & { scored?: number })[]; winner: string | null; tied: string[] }
  | ({ kind: 'duel'; rung: Rung; a: Rolled; b: Rolled; lands: Side[] } & Scored)
)

/** "Tai +3 AP", "equal: 1 AP each"; a side's AP left out, only who came out ahead. */
function scoredWords(names: { a: string; b: string }, s: Scored): string {
  const { a, b } = s.scored
  if (a !== undefined && b !== undefined) return a === b ? `equal: ${ap(a)} each` : a > b ? `${names.a} +${ap(a)}` : `${names.b} +${ap(b)}`
  if (s.ahead === null) return 'equal'
  const won = s.scored[s.ahead]
  return won === undefined ? `${names[s.ahead]} scores` : `${names[s.ahead]} +${ap(won)}`
}

/** " (4–2)", or each side's AP that is told: " (Tai 4 AP)". */
function afterWords(names: { a: string; b: string }, after: SideAP, unit = ''): string {
  if (after.a !== undefined && after.b !== undefined) return `${after.a}–${after.b}${unit}`
  return (['a', 'b'] as const).flatMap((k) => (after[k] === undefined ? [] : [`${names[k]} ${ap(after[k])}`])).join(', ')
}
const inBrackets = (words: string): string => (words ? ` (${words})` : '')

/** The sentence of a conflict's exchange. */
export function exchangeLine(s: ExchangeSaid): string {
  const head = `“${s.title}”, exchange ${s.exchange}`
  switch (s.kind) {
    case 'extended': {
      const names = { a: s.a.name, b: s.b.name }
      const outcome = s.winner ? ` ${names[s.winner]} has out-manoeuvred ${names[s.winner === 'a' ? 'b' : 'a']} (LAD-8).` : s.tied ? ' Both at 6 AP or more, equally: one more exchange (LAD-8).' : ''
      return `${head}: ${rolled(s.a)} vs ${rolled(s.b)} — ${scoredWords(names, s)}${inBrackets(afterWords(names, s.after))}.${outcome}`
    }
    case 'team': {
      const names = s.labels
      const best = s.best.a !== undefined && s.best.b !== undefined ? `best ${rung(s.best.a)} vs ${rung(s.best.b)}` : ''
      const bits = [best, scoredWords(names, s)].filter(Boolean)
      const h = s.henchmen
      if (h) bits.push(`6 AP: a d6 shows ${h.face}, ${h.removed.join(', ')} go${h.removed.length === 1 ? 'es' : ''} down${h.lost ? ` (${h.lost} more lost)` : ''} and every AP is erased (LAD-31)`)
      if (s.neutralised) bits.push(`6 AP: ${s.neutralised} is neutralised and every AP is erased (LAD-10)`)
      if (s.mustNeutralise) bits.push(`${names[s.mustNeutralise]} reached 6 AP: pick who is neutralised`)
      if (s.tied) bits.push('both at 6 AP or more, equally: one more exchange (LAD-8)')
      if (s.winner) bits.push(`${names[s.winner]} wins: no one is left on the other side`)
      return `${head}: ${s.rolls.map(rolled).join('; ')} — ${bits.join('; ')}${inBrackets(afterWords(names, s.after))}.`
    }
    case 'race': {
      const outcome = s.winner ? ` ${s.winner} wins the race.` : s.tied.length ? ` ${s.tied.join(' and ')} tie for the win: one more exchange among them (LAD-11).` : ''
      return `${head} against ${rung(s.difficulty)}: ${s.rolls.map((r) => `${rolled(r)}${r.scored === undefined ? '' : ` +${ap(r.scored)}`}`).join('; ')}.${outcome}`
    }
    case 'duel': {
      const names = { a: s.a.name, b: s.b.name }
      const lands = s.lands.map((side) => `${names[side]}'s spell lands`).join(' and ')
      return `${head} against ${rung(s.rung)}: ${rolled(s.a)} vs ${rolled(s.b)} — ${scoredWords(names, s)}${lands ? `; ${lands} (LAD-28)` : ''}${inBrackets(afterWords(names, s.after))}.`
    }
  }
}

/** What a combat round says (LAD-12 … LAD-18): the fights, the shots, who is hurt. */
export interface RoundSaid {
  title: string
  round: number
  melee: { a: Rolled; b: Rolled; ap: SideAP; strike: string | null }[]
  gunfire: { shot: Rolled; target: string; rung?: Rung; outcome: string }[]
  hurt: { name: string; outcome: string; location: string | null }[]
}

/** The sentence of a combat round; "no one attacked" when nothing was planned. */
export function roundLine(s: RoundSaid): string {
  const head = `Round ${s.round} of “${s.title}”`
  if (s.melee.length === 0 && s.gunfire.length === 0) return `${head}: no one attacked.`
  const said = [
    ...s.melee.map((m) => {
      const words = [afterWords({ a: m.a.name, b: m.b.name }, m.ap, ' AP'), m.strike ? `${m.strike} strikes (LAD-13)` : ''].filter(Boolean).join('; ')
      return `${rolled(m.a)} vs ${rolled(m.b)}${inBrackets(words)}`
    }),
    ...s.gunfire.map((g) => {
      const dice = facesTo(g.shot.faces, g.shot.result)
      return `${g.shot.name} fires at ${g.target}${g.rung === undefined ? '' : ` (target ${rung(g.rung)})`}: ${dice ? `${dice}, ` : ''}${g.outcome}`
    }),
  ]
  const hurt = s.hurt.map((c) => `${c.name}: ${c.outcome}${c.location ? ` (${c.location})` : ''}`)
  return `${head}: ${said.join('; ')}.${hurt.length ? ` ${hurt.join('; ')}.` : ' No one is hurt.'}`
}

/** "“Rooftop chase” ended after 3 exchanges. Tai won." */
export function endedLine(s: { title: string; exchanges: number; combat: boolean; winner: string | null }): string {
  return `“${s.title}” ended after ${s.exchanges} ${s.combat ? 'round' : 'exchange'}${s.exchanges === 1 ? '' : 's'}.${s.winner ? ` ${s.winner} won.` : ''}`
}
