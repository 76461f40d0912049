/**
 * The next exchange of a conflict, one transaction: everyone rolls with the campaign's dice, the
 * engine scores AP (LAD-7, LAD-10, LAD-11, LAD-28), the new state is stored, and the log entry
 * keeps every face (DICE-3).
 */
import type { ConflictView } from '../../../shared/api/table-ladder.contract'
import { duelExchange, extendedExchange, raceExchange, requireRung, teamExchange, type ExtendedConflictState, type RaceState, type Rung, type Side, type TeamConflictState } from '../../engines/ladder'
import type { Dice } from '../../engines/dice'
import { unitOfWork, type ServiceDeps, campaignDice, appendLog } from '../core'
import { byTheRules, refuse } from './refusal'
import { contenderOf } from './odds'
import { openConflict, saveConflict, undoPoint, type Conflict, type DuelTrack, type EngineState, type Last } from './conflict-store'
import { reread } from './conflicts'
import { ap, exchangeLine, type ExchangeSaid, type Rolled } from './lines'

type Line = Last['lines'][number]
const line = (name: string, faces: number[], result: Rung, note = ''): Line => ({ name, faces, result, note })

/** LAD-7: who came out of an exchange ahead, null for equal rungs. */
const aheadOf = (scored: [number, number]): Side | null => (scored[0] === scored[1] ? null : scored[0] > scored[1] ? 'a' : 'b')
const apOf = (scored: [number, number]) => ({ a: scored[0], b: scored[1] })

/** Plays one exchange of any kind but combat; returns the new state and what it did. */
function play(dice: Dice, c: Conflict, duelRung: Rung | undefined): { state: EngineState; lines: Line[]; said: ExchangeSaid } {
  const head = { title: c.name }
  switch (c.setup.kind) {
    case 'extended': {
      const setup = c.setup
      const { state, report } = extendedExchange(dice, c.state as ExtendedConflictState, { a: contenderOf(setup.a), b: contenderOf(setup.b) })
      const lines = [line(setup.a.name, report.rolls.a.faces, report.rolls.a.result), line(setup.b.name, report.rolls.b.faces, report.rolls.b.result)]
      const [a, b] = lines as [Line, Line]
      const score = { ahead: aheadOf(report.scored), scored: apOf(report.scored), after: { ...report.after } }
      return { state, lines, said: { ...head, kind: 'extended', exchange: report.exchange, a: rolledOf(a), b: rolledOf(b), winner: report.winner, tied: report.tied, ...score } }
    }
    case 'team': {
      const setup = c.setup
      const { state, report } = teamExchange(dice, c.state as TeamConflictState)
      const lines = [...report.rolls.a, ...report.rolls.b].map((r) => line(r.name, r.roll.faces, r.roll.result))
      const h = report.henchmen
      return {
        state,
        lines,
        said: {
          ...head,
          kind: 'team',
          exchange: report.exchange,
          labels: { ...setup.labels },
          sides: { a: report.rolls.a.map((r) => r.name), b: report.rolls.b.map((r) => r.name) },
          rolls: lines.map(rolledOf),
          best: { ...report.best },
          henchmen: h ? { face: h.face, removed: [...h.removed], lost: h.lost } : null,
          neutralised: report.neutralised?.name ?? null,
          mustNeutralise: report.mustNeutralise,
          tied: report.tied,
          winner: report.winner,
          ahead: aheadOf(report.scored),
          scored: apOf(report.scored),
          after: { ...report.after },
        },
      }
    }
    case 'race': {
      const { state, report } = raceExchange(dice, c.state as RaceState)
      const lines = report.rolls.map((r) => line(r.name, r.roll.faces, r.roll.result, `+${ap(r.scored)}`))
      const rolls = report.rolls.map((r) => ({ name: r.name, faces: r.roll.faces, result: r.roll.result, scored: r.scored }))
      return { state, lines, said: { ...head, kind: 'race', exchange: report.exchange, difficulty: (c.state as RaceState).difficulty, rolls, winner: report.winner, tied: [...report.tied] } }
    }
    case 'duel': {
      const setup = c.setup
      const before = c.state as DuelTrack
      const rungNow = byTheRules('rung', () => requireRung(duelRung ?? before.rung, 'The duel rung', true))
      const { state, report } = duelExchange(dice, before, { rung: rungNow, a: contenderOf(setup.a), b: contenderOf(setup.b) })
      const lines = [line(setup.a.name, report.rolls.a.faces, report.rolls.a.result), line(setup.b.name, report.rolls.b.faces, report.rolls.b.result)]
      const [a, b] = lines as [Line, Line]
      const score = { ahead: aheadOf(report.scored), scored: apOf(report.scored), after: { ...report.after } }
      return { state: { ...state, rung: rungNow }, lines, said: { ...head, kind: 'duel', exchange: report.exchange, rung: rungNow, a: rolledOf(a), b: rolledOf(b), lands: [...report.lands], ...score } }
    }
    case 'combat':
      throw refuse('id', 'A combat goes round by round: plan hand-to-hand and gunfire, then run the round.')
  }
}

const rolledOf = (l: Line): Rolled => ({ name: l.name, faces: l.faces, result: l.result as Rung })

/**
 * Plays the next exchange of a conflict. Refused, writing nothing, when it is over or waits for the
 * GM (a team at 6 AP must first pick who is neutralised).
 * @example await playExchange(deps, { id: 3, gmOnly: false })
 */
export async function playExchange(deps: ServiceDeps, input: { id: number; rung?: Rung | undefined; gmOnly: boolean }): Promise<ConflictView> {
  return unitOfWork(deps, async (tx) => {
    const conflict = await openConflict(tx, input.id)
    const dice = await campaignDice(tx, conflict.campaignId)
    const { state, lines, said } = byTheRules('id', () => play(dice, conflict, input.rung))
    const text = exchangeLine(said)
    await saveConflict(tx, conflict, { state, last: { title: `Exchange ${said.exchange}`, text, lines, consequences: [] } })
    await appendLog(tx, {
      campaignId: conflict.campaignId,
      kind: 'ladder.conflict.exchange',
      payload: { conflictId: conflict.id, name: conflict.name, kind: conflict.setup.kind, lines, said, text, undo: undoPoint(conflict) },
      dice: dice.faces,
      gmOnly: input.gmOnly,
    })
    return reread(tx, conflict.id)
  })
}
