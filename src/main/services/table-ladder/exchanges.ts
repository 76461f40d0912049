/**
 * The next exchange of a conflict, one transaction: everyone rolls with the campaign's dice, the
 * engine scores AP (LAD-7, LAD-10, LAD-11, LAD-28), the new state is stored, and the log entry
 * keeps every face (DICE-3).
 */
import type { ConflictView } from '../../../shared/api/table-ladder.contract'
import { duelExchange, extendedExchange, raceExchange, requireRung, teamExchange, type ExtendedConflictState, type RaceState, type Rung, type TeamConflictState } from '../../engines/ladder'
import type { Dice } from '../../engines/dice'
import { unitOfWork, type ServiceDeps, campaignDice, appendLog } from '../core'
import { byTheRules, refuse } from './refusal'
import { contenderOf } from './odds'
import { openConflict, saveConflict, undoPoint, type Conflict, type DuelTrack, type EngineState, type Last } from './conflict-store'
import { reread } from './conflicts'
import { ap, rung } from './lines'

type Line = Last['lines'][number]
const line = (name: string, faces: number[], result: Rung, note = ''): Line => ({ name, faces, result, note })

/** "Tai 6, 2 → Expert" */
const rolled = (l: Line) => `${l.name} ${l.faces.join(', ')} → ${rung(l.result as Rung)}`

function scoredText(names: { a: string; b: string }, scored: [number, number]): string {
  if (scored[0] === scored[1]) return `equal: ${ap(scored[0])} each`
  return scored[0] > scored[1] ? `${names.a} +${ap(scored[0])}` : `${names.b} +${ap(scored[1])}`
}

/** Plays one exchange of any kind but combat; returns the new state and what it did. */
function play(dice: Dice, c: Conflict, duelRung: Rung | undefined): { state: EngineState; last: Last } {
  switch (c.setup.kind) {
    case 'extended': {
      const setup = c.setup
      const { state, report } = extendedExchange(dice, c.state as ExtendedConflictState, { a: contenderOf(setup.a), b: contenderOf(setup.b) })
      const lines = [line(setup.a.name, report.rolls.a.faces, report.rolls.a.result), line(setup.b.name, report.rolls.b.faces, report.rolls.b.result)]
      const names = { a: setup.a.name, b: setup.b.name }
      const outcome = report.winner ? ` ${names[report.winner]} has out-manoeuvred ${names[report.winner === 'a' ? 'b' : 'a']} (LAD-8).` : report.tied ? ' Both at 6 AP or more, equally: one more exchange (LAD-8).' : ''
      const text = `“${c.name}”, exchange ${report.exchange}: ${lines.map(rolled).join(' vs ')} — ${scoredText(names, report.scored)} (${report.after.a}–${report.after.b}).${outcome}`
      return { state, last: { title: `Exchange ${report.exchange}`, text, lines, consequences: [] } }
    }
    case 'team': {
      const setup = c.setup
      const { state, report } = teamExchange(dice, c.state as TeamConflictState)
      const lines = [...report.rolls.a, ...report.rolls.b].map((r) => line(r.name, r.roll.faces, r.roll.result))
      const names = { a: setup.labels.a, b: setup.labels.b }
      const bits = [`best ${rung(report.best.a)} vs ${rung(report.best.b)}`, scoredText(names, report.scored)]
      if (report.henchmen) {
        const h = report.henchmen
        bits.push(`6 AP: a d6 shows ${h.face}, ${h.removed.join(', ')} go${h.removed.length === 1 ? 'es' : ''} down${h.lost ? ` (${h.lost} more lost)` : ''} and every AP is erased (LAD-31)`)
      }
      if (report.neutralised) bits.push(`6 AP: ${report.neutralised.name} is neutralised and every AP is erased (LAD-10)`)
      if (report.mustNeutralise) bits.push(`${names[report.mustNeutralise]} reached 6 AP: pick who is neutralised`)
      if (report.tied) bits.push('both at 6 AP or more, equally: one more exchange (LAD-8)')
      if (report.winner) bits.push(`${names[report.winner]} wins: no one is left on the other side`)
      const text = `“${c.name}”, exchange ${report.exchange}: ${lines.map(rolled).join('; ')} — ${bits.join('; ')} (${report.after.a}–${report.after.b}).`
      return { state, last: { title: `Exchange ${report.exchange}`, text, lines, consequences: [] } }
    }
    case 'race': {
      const { state, report } = raceExchange(dice, c.state as RaceState)
      const lines = report.rolls.map((r) => line(r.name, r.roll.faces, r.roll.result, `+${ap(r.scored)}`))
      const outcome = report.winner ? ` ${report.winner} wins the race.` : report.tied.length ? ` ${report.tied.join(' and ')} tie for the win: one more exchange among them (LAD-11).` : ''
      const text = `“${c.name}”, exchange ${report.exchange} against ${rung((c.state as RaceState).difficulty)}: ${lines.map((l) => `${rolled(l)} ${l.note}`).join('; ')}.${outcome}`
      return { state, last: { title: `Exchange ${report.exchange}`, text, lines, consequences: [] } }
    }
    case 'duel': {
      const setup = c.setup
      const before = c.state as DuelTrack
      const rungNow = byTheRules('rung', () => requireRung(duelRung ?? before.rung, 'The duel rung', true))
      const { state, report } = duelExchange(dice, before, { rung: rungNow, a: contenderOf(setup.a), b: contenderOf(setup.b) })
      const lines = [line(setup.a.name, report.rolls.a.faces, report.rolls.a.result), line(setup.b.name, report.rolls.b.faces, report.rolls.b.result)]
      const names = { a: setup.a.name, b: setup.b.name }
      const lands = report.lands.map((s) => `${names[s]}'s spell lands`).join(' and ')
      const text = `“${c.name}”, exchange ${report.exchange} against ${rung(rungNow)}: ${lines.map(rolled).join(' vs ')} — ${scoredText(names, report.scored)}${lands ? `; ${lands} (LAD-28)` : ''} (${report.after.a}–${report.after.b}).`
      return { state: { ...state, rung: rungNow }, last: { title: `Exchange ${report.exchange}`, text, lines, consequences: [] } }
    }
    case 'combat':
      throw refuse('id', 'A combat goes round by round: plan hand-to-hand and gunfire, then run the round.')
  }
}

/**
 * Plays the next exchange of a conflict. Refused, writing nothing, when it is over or waits for the
 * GM (a team at 6 AP must first pick who is neutralised).
 * @example await playExchange(deps, { id: 3, gmOnly: false })
 */
export async function playExchange(deps: ServiceDeps, input: { id: number; rung?: Rung | undefined; gmOnly: boolean }): Promise<ConflictView> {
  return unitOfWork(deps, async (tx) => {
    const conflict = await openConflict(tx, input.id)
    const dice = await campaignDice(tx, conflict.campaignId)
    const { state, last } = byTheRules('id', () => play(dice, conflict, input.rung))
    await saveConflict(tx, conflict, { state, last })
    await appendLog(tx, {
      campaignId: conflict.campaignId,
      kind: 'ladder.conflict.exchange',
      payload: { conflictId: conflict.id, name: conflict.name, kind: conflict.setup.kind, lines: last.lines, text: last.text, undo: undoPoint(conflict) },
      dice: dice.faces,
      gmOnly: input.gmOnly,
    })
    return reread(tx, conflict.id)
  })
}
