/**
 * LODE-11 at the table: a Halfmagic result taken as ordinary successes for a Destiny point. Only
 * the first a character gains this way in a scene is kept; later ones go to another player's
 * character, whom the GM names. The engine decides who gains the point; the ledger records it.
 */
import { giveUpHalfmagic } from '../../engines/lode'
import type { LodeRoll, ParsedInput } from '../../../shared/contract'
import { unitOfWork, type ServiceDeps, AppError, appendLog } from '../core'
import { sideIndex } from './pool'
import { lodeWeb, otherPlayersCharacter, payPoints, refusedBy, requireCharacter, rollerOf } from './rollers'
import { currentScene, saveScene } from './scene'
import { linkLog, loadRoll, replaceRoll, rollView, type StoredRoll } from './store'

/**
 * Gives up a roll's Halfmagic: the successes stand as an ordinary result, and a Destiny point goes
 * to the roller (the first time this scene) or to `giveToId`.
 * @example await giveUpHalfmagicAt(deps, { rollId: 12, side: 'a', giveToId: null })
 */
export async function giveUpHalfmagicAt(deps: ServiceDeps, input: ParsedInput<'lode.giveUpHalfmagic'>): Promise<LodeRoll> {
  return unitOfWork(deps, async (tx) => {
    const roll = await loadRoll(tx.trx, input.rollId)
    await lodeWeb(tx.trx, roll.campaignId)
    if (roll.kind === 'deliberate') {
      const problem = 'a deliberate attempt is made for its Halfmagic (LODE-10); it cannot be given up'
      throw new AppError('refused', `This is ${problem}. Nothing was changed.`, [{ field: 'rollId', problem }])
    }
    const index = sideIndex(roll.kind, input.side)
    const side = roll.state.sides[index]!
    if (side.givenUp) {
      const problem = `this Halfmagic was already given up, and ${side.givenUp.toName} gained the Destiny point`
      throw new AppError('refused', `${problem[0]!.toUpperCase()}${problem.slice(1)}. Nothing was changed.`, [{ field: 'rollId', problem }])
    }
    const roller = await rollerOf(tx, roll.campaignId, side.characterId, side.name)
    requireCharacter(roller, 'Destiny points', 'rollId')
    const receiver = input.giveToId === null ? null : await otherPlayersCharacter(tx.trx, roll.campaignId, input.giveToId, roller.characterId!)
    const scene = await currentScene(tx.trx, roll.campaignId)
    // The engine knows characters by name; the scene keeps ids. Only whether the roller already
    // kept a point matters to it, so the others stand as their ids.
    const receiverName = receiver && receiver.name === roller.name ? `${receiver.name} (#${receiver.characterId})` : receiver?.name
    const names = new Map<string, number>([[roller.name, roller.characterId!]])
    if (receiver && receiverName) names.set(receiverName, receiver.characterId!)
    const keptByNames = scene.keptBy.map((id) => (id === roller.characterId ? roller.name : `#${id}`))
    const given = giveUpHalfmagic({ keptBy: keptByNames }, { result: side.attempt.result, character: roller.name, giveTo: receiverName })
    if (!given.ok) throw refusedBy(given.reason, given.reason.includes('Say whose') ? 'giveToId' : 'rollId', 'Nothing was changed.')
    const toId = names.get(given.destinyTo)!
    const holder = toId === roller.characterId ? roller.holder! : receiver!
    const kept = toId === roller.characterId
    const ledgerEntryIds = await payPoints(tx, holder, [{ point: 'destiny', change: 1, reason: `gave up Halfmagic (${roller.name})` }], side.what)
    const nextScene = kept ? { ...scene, keptBy: [...scene.keptBy, roller.characterId!] } : scene
    if (kept) await saveScene(tx, roll.campaignId, nextScene)
    const level = side.attempt.result.halfmagic
    const sides = roll.state.sides.map((s, i) =>
      i === index ? { ...s, attempt: { ...s.attempt, result: given.result }, givenUp: { toId, toName: holder.name, level } } : s,
    )
    const state: StoredRoll = { ...roll.state, sides }
    await replaceRoll(tx, roll, state)
    const logged = await appendLog(tx, {
      campaignId: roll.campaignId,
      kind: 'lode.halfmagic.givenUp',
      payload: {
        rollId: roll.id,
        side: input.side,
        characterId: roller.characterId,
        name: roller.name,
        what: side.what,
        level,
        successes: given.result.successes,
        label: given.result.label,
        toId,
        toName: holder.name,
        kept,
        sceneBefore: kept ? scene : null,
        ledgerEntryIds,
      },
      gmOnly: roll.gmOnly,
    })
    await linkLog(tx, roll.id, logged.id)
    return rollView(tx.trx, await loadRoll(tx.trx, roll.id))
  })
}
