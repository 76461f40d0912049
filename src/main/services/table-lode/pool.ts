/**
 * The LODE roll at the table: exact odds before it (DICE-2), the roll with its Energy dice paid
 * from the ledger (LODE-1 … LODE-9), the Fluke Die (LODE-8), and a Destiny re-roll (LODE-9).
 */
import { attemptPool, rerollWithDestiny, rollFluke, type PoolAttempt, type PoolInput } from '../../engines/lode'
import { lodeTableOdds, poolInputOf, TableOddsRefusal } from '../../engines/lode/table-odds'
import type { LodePoolOdds, LodeRoll, ParsedInput } from '../../../shared/contract'
import { unitOfWork, type ServiceDeps, AppError, campaignDice, appendLog } from '../core'
import { ledgerHolder } from '../ledger'
import { compareSides } from './opposed-standing'
import { sidePayload } from './payload'
import { lodeWeb, payPoints, refusedBy, requireCharacter, requireEnergy, rollerOf } from './rollers'
import { insertRoll, linkLog, loadRoll, pointsOf, replaceRoll, rollView, type StoredRoll } from './store'

type OddsInput = ParsedInput<'lode.odds'>
type RollInput = ParsedInput<'lode.roll'>

/** The engine's refusal as the API's, naming the field at fault. */
function refused<T>(work: () => T): T {
  try {
    return work()
  } catch (e) {
    if (e instanceof TableOddsRefusal) throw new AppError('invalid_input', e.message, [{ field: e.field, problem: e.problem }])
    throw e
  }
}

/** The pool the GM asked for: the Fluke Die is one die that only Blessing and Curse touch (LODE-8). */
function poolInput(input: Omit<OddsInput, 'campaignId'>, web: number): PoolInput {
  return refused(() => poolInputOf(input, web))
}

/**
 * The odds of a roll before it is made, with the campaign's Web (LODE-6). LODE-9: only the Energy
 * the character can spend counts; dice asked beyond it are left out, and the odds say so. The
 * numbers are the engine's `lodeTableOdds`, the same function the page calls with what it has loaded.
 * @example await lodeOdds(deps, { campaignId: 1, characterId: 4, mode: 'pool', baseDice: 2, advantages: 3, disadvantages: 0, blessing: 0, curse: 0, energy: 0 })
 */
export async function lodeOdds(deps: Pick<ServiceDeps, 'db'>, input: OddsInput): Promise<LodePoolOdds> {
  const web = await lodeWeb(deps.db, input.campaignId)
  // A Fluke Die with advantages, disadvantages or Energy is refused before anyone is looked up (LODE-8).
  poolInput(input, web)
  // Another campaign's character is refused whatever the mode and the Energy asked.
  const holder = input.characterId === null ? null : await ledgerHolder(deps.db, input.campaignId, input.characterId)
  // Their Energy now is read only when some is asked for (LODE-9).
  const asked = input.mode === 'pool' && input.energy > 0
  const roller = holder === null ? null : { name: holder.name, energy: asked ? (await pointsOf(deps.db, input.campaignId, holder.characterId!)).energy : 0 }
  return refused(() => lodeTableOdds(input, web, roller))
}

/**
 * Rolls a pool for a character (or for the GM), paying its Energy dice first (LODE-9), and logs
 * every face (DICE-3). Refused, with nothing written, when the Energy is not there.
 * @example await rollLode(deps, { campaignId: 1, characterId: 4, name: '', what: 'Strength +1, Swords +2', mode: 'pool', baseDice: 2, advantages: 3, disadvantages: 0, blessing: 0, curse: 0, energy: 1, gmOnly: false })
 */
export async function rollLode(deps: ServiceDeps, input: RollInput): Promise<LodeRoll> {
  return unitOfWork(deps, async (tx) => {
    const web = await lodeWeb(tx.trx, input.campaignId)
    const pool = poolInput(input, web)
    const roller = await rollerOf(tx, input.campaignId, input.characterId, input.name)
    if (input.mode === 'pool') requireEnergy(roller, input.energy, 'energy')
    const dice = await campaignDice(tx, input.campaignId)
    let attempt: PoolAttempt
    if (input.mode === 'fluke') {
      attempt = { input: pool, result: rollFluke(dice, pool), earlier: [], points: roller.points, entries: [] }
    } else {
      const attempted = attemptPool(dice, pool, roller.points)
      if (!attempted.ok) throw refusedBy(attempted.reason, 'energy')
      attempt = attempted.attempt
    }
    const ledgerEntryIds = roller.holder ? await payPoints(tx, roller.holder, attempt.entries, input.what) : []
    const side = { characterId: roller.characterId, name: roller.name, what: input.what, attempt, givenUp: null }
    const state: StoredRoll = { sides: [side], opposed: null, deliberate: null }
    const rollId = await insertRoll(tx, { campaignId: input.campaignId, kind: input.mode, state, gmOnly: input.gmOnly })
    const logged = await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'lode.roll',
      payload: { rollId, mode: input.mode, ...sidePayload(side), ledgerEntryIds },
      dice: dice.faces,
      gmOnly: input.gmOnly,
    })
    await linkLog(tx, rollId, logged.id)
    return rollView(tx.trx, await loadRoll(tx.trx, rollId))
  })
}

/**
 * LODE-9: a Destiny point rolls the whole pool again, wiping the slate clean; Energy already
 * spent stays in the pool. For an opposed roll, one side re-rolls and the standing is read again.
 * @example await rerollLode(deps, { rollId: 12, side: 'a' })
 */
export async function rerollLode(deps: ServiceDeps, input: { rollId: number; side: 'a' | 'b' }): Promise<LodeRoll> {
  return unitOfWork(deps, async (tx) => {
    const roll = await loadRoll(tx.trx, input.rollId)
    await lodeWeb(tx.trx, roll.campaignId)
    if (roll.kind === 'deliberate') {
      throw new AppError('refused', 'A deliberate Halfmagic attempt re-rolls by its own rule (LODE-10): use its Re-roll button.', [{ field: 'rollId', problem: 'a deliberate attempt' }])
    }
    const index = sideIndex(roll.kind, input.side)
    const side = roll.state.sides[index]!
    if (side.givenUp) {
      const problem = 'its Halfmagic was given up for a Destiny point, so the result stands (LODE-11)'
      throw new AppError('refused', `${side.name}’s roll cannot be re-rolled: ${problem}. Nothing was rolled or spent.`, [{ field: 'rollId', problem }])
    }
    const roller = await rollerOf(tx, roll.campaignId, side.characterId, side.name)
    const holder = requireCharacter(roller, 'Destiny points', 'side')
    const dice = await campaignDice(tx, roll.campaignId)
    const next = rerollWithDestiny(dice, { ...side.attempt, points: roller.points })
    if (!next.ok) throw refusedBy(`${roller.name}: ${next.reason}`, 'side')
    const ledgerEntryIds = await payPoints(tx, holder, next.attempt.entries.slice(side.attempt.entries.length), side.what)
    const sides = roll.state.sides.map((s, i) => (i === index ? { ...s, attempt: next.attempt } : s))
    const state: StoredRoll = { ...roll.state, sides, opposed: roll.kind === 'opposed' ? compareSides(sides[0]!, sides[1]!) : null }
    await replaceRoll(tx, roll, state)
    const logged = await appendLog(tx, {
      campaignId: roll.campaignId,
      kind: 'lode.reroll',
      payload: { rollId: roll.id, mode: roll.kind, side: input.side, ...sidePayload(sides[index]!), ...(state.opposed ?? {}), ledgerEntryIds },
      dice: dice.faces,
      gmOnly: roll.gmOnly,
    })
    await linkLog(tx, roll.id, logged.id)
    return rollView(tx.trx, await loadRoll(tx.trx, roll.id))
  })
}

/**
 * The side a step acts on: only an opposed roll has a second.
 * @example sideIndex('opposed', 'b') // 1
 */
export function sideIndex(kind: string, side: 'a' | 'b'): number {
  if (side === 'b' && kind !== 'opposed') {
    throw new AppError('invalid_input', 'Only an opposed roll has a second side; this roll has one.', [{ field: 'side', problem: 'this roll has one side' }])
  }
  return side === 'a' ? 0 : 1
}
