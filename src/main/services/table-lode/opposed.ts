/**
 * LODE-7 at the table: both sides roll, usually at Base Dice 2, with their own advantages; more
 * successes wins by the difference. Odds come from the engine's `opposedOdds`; the roll is the
 * engine's `opposedRoll` with each side's Energy dice paid from the ledger (LODE-9).
 */
import { opposedRoll, type PointsEntry, type PoolInput } from '../../engines/lode'
import type { LodeRoll, MethodOutput, ParsedInput } from '../../../shared/contract'
import { unitOfWork, type ServiceDeps, campaignDice, AppError, appendLog } from '../core'
import { sidePayload } from './payload'
import { lodeOpposedTableOdds, TableOddsRefusal, type OddsRoller } from '../../engines/lode/table-odds'
import { ledgerHolder } from '../ledger'
import { lodeWeb, payPoints, requireCharacter, requireEnergy, rollerOf, type Roller } from './rollers'
import { insertRoll, linkLog, loadRoll, pointsOf, rollView, type StoredRoll, type StoredSide } from './store'

type SideInput = ParsedInput<'lode.opposed'>['a']

function sidePool(side: SideInput, web: number): PoolInput {
  const { baseDice, advantages, disadvantages, blessing, curse, energy } = side
  return { baseDice, advantages, disadvantages, blessing, curse, energy, web }
}

/**
 * The exact chances of each side winning, and of a tie, with each side's own odds (DICE-2).
 * @example await lodeOpposedOdds(deps, { campaignId: 1, a: { baseDice: 2, advantages: 3, … }, b: { baseDice: 2, advantages: 1, … } })
 */
export async function lodeOpposedOdds(deps: Pick<ServiceDeps, 'db'>, input: ParsedInput<'lode.opposedOdds'>): Promise<MethodOutput<'lode.opposedOdds'>> {
  const web = await lodeWeb(deps.db, input.campaignId)
  // LODE-9: each side counts only the Energy its character can spend; the numbers are the
  // engine's `lodeOpposedTableOdds`, the same function the page calls with what it has loaded.
  const rollerA = await onSide('a', oddsRoller(deps, input.campaignId, input.a))
  const rollerB = await onSide('b', oddsRoller(deps, input.campaignId, input.b))
  try {
    return lodeOpposedTableOdds(input, web, [rollerA, rollerB])
  } catch (e) {
    if (e instanceof TableOddsRefusal) throw new AppError('invalid_input', e.message, [{ field: e.field, problem: e.problem }])
    throw e
  }
}

/** A side's roller as the odds need them: a character of another campaign is refused; their Energy is read only when some is asked for. */
async function oddsRoller(deps: Pick<ServiceDeps, 'db'>, campaignId: number, side: { characterId: number | null; energy: number }): Promise<OddsRoller | null> {
  if (side.characterId === null) return null
  const holder = await ledgerHolder(deps.db, campaignId, side.characterId)
  return { name: holder.name, energy: side.energy > 0 ? (await pointsOf(deps.db, campaignId, side.characterId)).energy : 0 }
}

/** A side's refusal names that side's fields ("b.characterId"), so the screen shows it beside the right side. */
async function onSide<T>(side: 'a' | 'b', work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, e.message, e.details.map((d) => ({ ...d, field: `${side}.${d.field}` })))
    throw e
  }
}

/** LODE-9: the Energy a side spends, as the engine's point entry (it adds one die each). */
function energyEntries(energy: number): PointsEntry[] {
  return energy > 0 ? [{ point: 'energy', change: -energy, reason: `${energy} extra ${energy === 1 ? 'die' : 'dice'} for this roll` }] : []
}

/**
 * Rolls both sides of an opposed roll (side a first, then b), paying each side's Energy from the
 * ledger, and logs both sides' faces in one entry (DICE-3).
 * @example await rollOpposed(deps, { campaignId: 1, a: { characterId: 4, … }, b: { characterId: null, name: 'the guard', … }, gmOnly: false })
 */
export async function rollOpposed(deps: ServiceDeps, input: ParsedInput<'lode.opposed'>): Promise<LodeRoll> {
  return unitOfWork(deps, async (tx) => {
    const web = await lodeWeb(tx.trx, input.campaignId)
    if (input.a.characterId !== null && input.a.characterId === input.b.characterId) {
      throw new AppError('invalid_input', 'An opposed roll needs two different sides: pick someone else for one of them.', [{ field: 'b.characterId', problem: 'the same character as the first side' }])
    }
    const rollers: Roller[] = [
      await rollerOf(tx, input.campaignId, input.a.characterId, input.a.name, 'First side'),
      await rollerOf(tx, input.campaignId, input.b.characterId, input.b.name, 'Opponent'),
    ]
    const inputs = [input.a, input.b]
    // LODE-9: both sides' Energy is checked before either is paid, so a refusal writes nothing.
    for (const [i, side] of inputs.entries()) requireEnergy(rollers[i]!, side.energy, `${i === 0 ? 'a' : 'b'}.energy`)
    const ledgerEntryIds: number[] = []
    for (const [i, side] of inputs.entries()) {
      if (side.energy === 0) continue
      const holder = requireCharacter(rollers[i]!, 'Energy points', `${i === 0 ? 'a' : 'b'}.energy`)
      ledgerEntryIds.push(...(await payPoints(tx, holder, energyEntries(side.energy), side.what)))
    }
    const dice = await campaignDice(tx, input.campaignId)
    const pools = inputs.map((s) => sidePool(s, web))
    const result = opposedRoll(dice, pools[0]!, pools[1]!)
    const sides: StoredSide[] = [result.a, result.b].map((r, i) => ({
      characterId: rollers[i]!.characterId,
      name: rollers[i]!.name,
      what: inputs[i]!.what,
      attempt: {
        input: pools[i]!,
        result: r,
        earlier: [],
        points: { ...rollers[i]!.points, energy: rollers[i]!.points.energy - inputs[i]!.energy },
        entries: energyEntries(inputs[i]!.energy),
      },
      givenUp: null,
    }))
    const state: StoredRoll = { sides, opposed: { winner: result.winner, margin: result.margin }, deliberate: null }
    const rollId = await insertRoll(tx, { campaignId: input.campaignId, kind: 'opposed', state, gmOnly: input.gmOnly })
    const logged = await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'lode.opposed',
      payload: { rollId, a: sidePayload(sides[0]!), b: sidePayload(sides[1]!), winner: result.winner, margin: result.margin, ledgerEntryIds },
      dice: dice.faces,
      gmOnly: input.gmOnly,
    })
    await linkLog(tx, rollId, logged.id)
    return rollView(tx.trx, await loadRoll(tx.trx, rollId))
  })
}
