/** One line of plain words for each kind of log entry the Ranks table writes (`ranks.*`). */
import type { LogEntry } from '../contract'
import { cap, entryWords } from './words'

const s = (v: unknown): string => String(v ?? '')

/** RK-3: a result's band in words, for a roll whose rank and dice the players may not read. */
const BAND_WORDS: Record<string, string> = {
  disaster: 'a disaster',
  failure: 'a failure',
  complicated: 'a complicated success',
  partial: 'a partial success',
  victory: 'a clean victory',
  legendary: 'a legendary victory',
}
const bandWords = (band: unknown): string => BAND_WORDS[s(band)] ?? 'a result'

/** "Great", or the band ("a partial success") of a result whose rank the players may not read. */
const resultWords = (p: Record<string, unknown>, field: string): string => (p[field] === undefined && `${field}Band` in p ? bandWords(p[`${field}Band`]) : cap(s(p[field])))

function rolled(p: Record<string, unknown>): string {
  if (p.rank === undefined && 'resultBand' in p) return p.ability ? `${s(p.ability)}: ${bandWords(p.resultBand)}` : bandWords(p.resultBand)
  const ability = p.ability ? `${s(p.ability)} (${cap(s(p.rank))})` : cap(s(p.rank))
  return `${ability}: ▲${s(p.up)} ▼${s(p.down)} → ${cap(s(p.result))}`
}

function accepted(p: Record<string, unknown>): string {
  const parts: string[] = []
  const danger = p.danger as { description?: string; removed: boolean } | null
  // A Danger the players have not been told the name of is "the Danger".
  const which = danger?.description === undefined ? 'the Danger' : `the Danger (${danger.description})`
  if (danger) parts.push(danger.removed ? `${which} is removed` : `${which} stays`)
  const harm = p.harm as { name: string; box: string | null; beyondDoomed: boolean } | null
  if (harm) parts.push(harm.beyondDoomed ? `${harm.name} takes Harm beyond Doomed: out of the scene, Courage to roll` : `${harm.name} marks ${cap(s(harm.box))}`)
  if (p.courage) parts.push(p.courage === 'recovering' ? 'found recovering, still Doomed' : 'dies or leaves the campaign, unless a Manifestation is taken')
  const xp = p.xp as { amount: number } | null
  if (xp) parts.push(`+${xp.amount} XP`)
  if (p.refreshed) parts.push(`“${s(p.refreshed)}” refreshed`)
  const what = p.result === undefined && 'resultBand' in p ? `${p.ability ? `${s(p.ability)} ` : ''}roll (${bandWords(p.resultBand)})` : `${cap(s(p.result))} ${s(p.ability)}`
  return `${s(p.name)}’s ${what} stands${parts.length ? `: ${parts.join('; ')}` : ''}.`
}

function move(p: Record<string, unknown>): string {
  const recovered = p.recovered ? `, recovering ${cap(s(p.recovered))}` : ''
  switch (p.move) {
    case 'concession':
      return `${s(p.name)} concedes the ${cap(s(p.result))} roll${recovered} and leaves the scene.`
    case 'sacrifice':
      return `${s(p.name)} sacrifices ${s(p.lost)}${recovered}: the attempt is a stalemate${p.leavesScene ? ', and they leave the scene' : ''}.`
    case 'refresh':
      return `${s(p.name)} opens up to ${s(p.partner)}${recovered}${p.partnerRecovered ? `; ${s(p.partner)} recovers ${cap(s(p.partnerRecovered))}` : ''}.`
    case 'compel':
      return `Compel on ${s(p.name)}’s “${s(p.compelled)}”${p.refreshed ? `; “${s(p.refreshed)}” refreshed` : ''}.`
    default:
      return `${s(p.name)}: ${s(p.move)}.`
  }
}

/**
 * @example describeRanksEntry({ kind: 'ranks.roll', payload: { name: 'Alexis', ability: 'Ferocity', rank: 'great', up: 5, down: 2, result: 'spectacular' }, … })
 * // 'Alexis rolled Ferocity (Great): ▲5 ▼2 → Spectacular.'
 */
export function describeRanksEntry(e: LogEntry): string {
  const p = e.payload
  switch (e.kind) {
    case 'ranks.roll':
      return `${s(p.name)} rolled ${rolled(p)}${p.danger ? ` against ${s(p.danger)}` : ''}.`
    case 'ranks.aspect':
      return `${s(p.name)} invoked “${s(p.aspect)}”: +${s(p.die)} → ${resultWords(p, 'result')} (was ${resultWords(p, 'from')})${p.mayLeaveScene ? `; still a failure, so ${s(p.name)} may leave the scene` : ''}.`
    case 'ranks.borderline':
      return `Borderline ${p.replaced === undefined ? 'roll made again' : cap(s(p.replaced))}: ${s(p.name)} rolled ${rolled(p)} instead.`
    case 'ranks.courage':
      return `${s(p.name)}, beyond Doomed, rolled ${rolled(p)}.`
    case 'ranks.accepted':
      return accepted(p)
    case 'ranks.manifestation':
      return `${s(p.name)} takes a Manifestation instead of rolling Courage.`
    case 'ranks.beyondDoomed':
      return `${s(p.name)} takes Harm beyond Doomed: out of the scene, with Courage to roll.`
    case 'ranks.threat':
      return `The GM takes ${s(p.threat)} Threat for the session (${s(p.perCharacter)} for each of ${s(p.characters)} player characters).`
    case 'ranks.danger':
      // RK-7: the players' version has no Threat, and no name while the Danger is hidden.
      if (p.threat === undefined) return p.named === false ? `${s(p.name)} faces a Danger.` : `Danger for ${s(p.name)}: ${s(p.description)}.`
      return `Danger for ${s(p.name)}: ${s(p.description)} (${s(p.threat)} Threat; ${s(p.left)} left).`
    case 'ranks.move':
      return move(p)
    case 'ranks.chapter':
      return `Chapter ${s(p.chapter)} begins: every Concession, Sacrifice, Refresh and Compel is back.`
    case 'ranks.xpRule':
      return p.rule === 'losses' ? 'XP now comes from Poor and Terrible results.' : 'XP now comes when an aspect leaves the outcome unchanged.'
    default:
      return entryWords(e.kind, e.payload)
  }
}
