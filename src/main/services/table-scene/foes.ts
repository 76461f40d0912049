/**
 * Foes of a fight typed in place and kept as NPCs: the LODE and Ranks scenes' own (a name and the
 * system's number, LODE-12 / RK-1), and a foe typed into the Ladder's fight (its asset, LAD-12).
 * Each is one action with its log entry; undone by marking the entry, an NPC kept removed again.
 */
import type { LogEntry } from '../../../shared/contract'
import type { SceneCombat, SceneFoe } from '../../../shared/api/table-scene.contract'
import type { Combatant } from '../../../shared/api/table-ladder.contract'
import { UNHURT, type InjuryStatus } from '../../engines/ladder'
import { AppError, appendLog, currentGameTime, unitOfWork, type ServiceDeps, type Tx } from '../core'
import { insertCharacter } from '../characters'
import { healsBetweenAdventures, injuryOwner, insertInjury } from '../injuries'
import { readChallenge } from '../table-challenge/state'
import { defaultFoe, entries, MAX_FOES, readSceneCombat, refused, requireSceneCampaign, type SceneSystem, type StoredFoe } from './combat'
import { foeNumber, joinedText } from './text'

type Rank = NonNullable<SceneFoe['rank']>

/** The scene under way, or a refusal that says to start one. */
async function requireScene(tx: Tx, campaignId: number, system: SceneSystem): Promise<SceneCombat> {
  await requireSceneCampaign(tx, campaignId, system)
  const scene = await readSceneCombat(tx, campaignId, system)
  if (!scene) throw refused('There is no combat under way: start one first (on the clock bar, or from an encounter).', 'campaignId', 'no combat')
  return scene
}

/**
 * Types a foe into the fight in place: a name and the system's number, no NPC behind it.
 * @example await addSceneFoe(deps, 'ranks', { campaignId: 1, foe: { name: 'Cultist', rank: 'good' } })
 */
export async function addSceneFoe(
  deps: ServiceDeps,
  system: SceneSystem,
  input: { campaignId: number; foe: { name: string; baseDice?: number | undefined; rank?: Rank | undefined } },
): Promise<SceneCombat> {
  return unitOfWork(deps, async (tx) => {
    const scene = await requireScene(tx, input.campaignId, system)
    if (scene.foes.length >= MAX_FOES) throw refused(`A fight holds at most ${MAX_FOES} foes.`, 'foe.name', 'too many foes')
    const base = defaultFoe(system, input.foe.name)
    const foe: StoredFoe = system === 'lode' ? { ...base, baseDice: input.foe.baseDice ?? 2 } : { ...base, rank: input.foe.rank ?? 'fair' }
    await clockLog(tx, input.campaignId, `${system}.combat.foe`, { foe, text: joinedText(foe) })
    return (await readSceneCombat(tx, input.campaignId, system))!
  })
}

/**
 * Keeps a foe of the fight as an NPC of the campaign (a draft, its number in its notes); the fight
 * then counts the NPC as that foe.
 * @example await saveSceneFoe(deps, 'lode', { campaignId: 1, index: 0 })
 */
export async function saveSceneFoe(deps: ServiceDeps, system: SceneSystem, input: { campaignId: number; index: number }): Promise<SceneCombat> {
  return unitOfWork(deps, async (tx) => {
    const scene = await requireScene(tx, input.campaignId, system)
    const foe = scene.foes[input.index]
    if (!foe) throw refused(`There is no foe number ${input.index + 1} in this fight.`, 'index', 'no such foe')
    if (foe.npcId !== null) throw refused(`${foe.name} is already an NPC of the campaign.`, 'index', 'already an NPC')
    const row = await insertCharacter(tx, system, {
      campaignId: input.campaignId,
      kind: 'npc',
      name: foe.name,
      playerName: null,
      status: 'active',
      notes: `Fought at ${foeNumber(foe)}.`,
      tags: [],
      draft: true,
    })
    await clockLog(tx, input.campaignId, `${system}.combat.foe.saved`, { index: input.index, npcId: row.id, name: foe.name, text: `${foe.name} is kept as an NPC of the campaign.` })
    tx.emitAfterCommit('record.changed', { campaignId: input.campaignId, kind: 'character', id: row.id, change: 'created', characterId: row.id })
    return (await readSceneCombat(tx, input.campaignId, system))!
  })
}

async function clockLog(tx: Tx, campaignId: number, kind: string, payload: Record<string, unknown>): Promise<void> {
  await appendLog(tx, { campaignId, kind, payload })
}

/**
 * Takes back a scene entry of an action being undone (the caller marks it undone); null when the
 * entry is not a scene's. A foe typed in leaves the fight; an NPC kept from one is removed again,
 * unless it has been given a part since (an injury, a ledger entry, an item).
 * @example await undoSceneEntry(tx, entry) // 'Ghoul joins the fight.'
 */
export async function undoSceneEntry(tx: Tx, entry: LogEntry): Promise<string | null> {
  if (!/^((lode|ranks)\.combat\.foe|(lode|ranks|ladder|challenge)\.combat\.foe\.saved)$/.test(entry.kind)) return null
  if (entry.kind.endsWith('.saved')) {
    const id = Number(entry.payload.npcId)
    // Injuries carried over from the fight were taken back already: their entries are newer.
    const used =
      (await tx.trx.selectFrom('injury').select('id').where('character_id', '=', id).executeTakeFirst()) ??
      (await tx.trx.selectFrom('ledger_entry').select('id').where('character_id', '=', id).executeTakeFirst()) ??
      (await tx.trx.selectFrom('inventory_item').select('id').where('character_id', '=', id).executeTakeFirst())
    if (used) {
      throw new AppError('conflict', `${String(entry.payload.name)} has been given injuries, points or items since being kept as an NPC: delete the NPC on its page. Nothing was undone.`, [
        { field: 'campaignId', problem: 'NPC in use' },
      ])
    }
    if (entry.kind === 'ladder.combat.foe.saved') await unlinkLadderFoe(tx, Number(entry.payload.conflictId), id)
    const gone = await tx.trx.deleteFrom('character').where('id', '=', id).executeTakeFirst()
    if (Number(gone.numDeletedRows) > 0) tx.emitAfterCommit('record.changed', { campaignId: entry.campaignId, kind: 'character', id, change: 'deleted', characterId: id })
  }
  return String(entry.payload.text)
}

/** The Ladder fight's combatant that an NPC kept from it had become goes back to a typed foe. */
async function unlinkLadderFoe(tx: Tx, conflictId: number, npcId: number): Promise<void> {
  const row = await tx.trx.selectFrom('ladder_conflict').select(['setup']).where('id', '=', conflictId).executeTakeFirst()
  if (!row) return
  const setup = JSON.parse(row.setup) as { combatants?: Combatant[] }
  if (!setup.combatants?.some((c) => c.characterId === npcId)) return
  const combatants = setup.combatants.map((c) => (c.characterId === npcId ? { ...c, characterId: null } : c))
  await tx.trx.updateTable('ladder_conflict').set({ setup: JSON.stringify({ ...setup, combatants }), updated_at: tx.realTime }).where('id', '=', conflictId).execute()
}

/**
 * Keeps a foe typed into the Ladder's fight (no NPC behind it) as an NPC of the campaign, with its
 * hand-to-hand asset (LAD-12) on its sheet, and puts the NPC in its place in the fight: what it
 * suffered so far becomes the NPC's injuries (LAD-18), and what it suffers next is recorded on the
 * NPC. Refused for a combatant who is a character already, or one kept already.
 * @example await saveLadderFoe(deps, { campaignId: 1, name: 'Dock thugs 2' })
 */
export async function saveLadderFoe(deps: ServiceDeps, input: { campaignId: number; name: string }): Promise<{ npcId: number }> {
  return unitOfWork(deps, async (tx) => {
    await requireSceneCampaign(tx, input.campaignId, 'ladder')
    const row = await tx.trx.selectFrom('ladder_conflict').select(['id', 'setup', 'state']).where('campaign_id', '=', input.campaignId).where('kind', '=', 'combat').where('status', '=', 'open').orderBy('id', 'desc').executeTakeFirst()
    if (!row) throw refused('There is no fight under way: start one first.', 'campaignId', 'no fight')
    const setup = JSON.parse(row.setup) as { combatants?: Combatant[] }
    const combatants = setup.combatants ?? []
    const at = combatants.findIndex((c) => c.name === input.name)
    const foe = combatants[at]
    if (!foe) throw refused(`There is no ${input.name} in this fight.`, 'name', 'not in the fight')
    const kept = await entries(tx.trx, input.campaignId, ['ladder.combat.foe.saved'])
    if (kept.some((e) => e.payload.conflictId === row.id && e.payload.name === foe.name)) throw refused(`${foe.name} is already an NPC of the campaign.`, 'name', 'already an NPC')
    if (foe.characterId !== null) throw refused(`${foe.name} is a character of the campaign already.`, 'name', 'already a character')
    const npc = await insertCharacter(tx, 'ladder', {
      campaignId: input.campaignId,
      kind: 'npc',
      name: foe.name,
      playerName: null,
      status: 'active',
      notes: '',
      tags: [],
      sheet: { concept: '', assets: [{ name: foe.assetName || 'Fighting', rating: foe.asset, school: null }] },
      draft: true,
    })
    // The NPC takes the combatant's place under the same name, so the fight's state (its fights,
    // statuses, lost attacks) still reads it; from now on its injuries are the NPC's records.
    const linked = combatants.map((c, i) => (i === at ? { ...c, characterId: npc.id } : c))
    await tx.trx.updateTable('ladder_conflict').set({ setup: JSON.stringify({ ...setup, combatants: linked }), updated_at: tx.realTime }).where('id', '=', row.id).execute()
    const status = (JSON.parse(row.state) as { status?: Record<string, InjuryStatus> }).status?.[foe.name] ?? UNHURT
    const levels = injuryLevels(status)
    const hurt = levels.length > 0 ? ` and carries the injuries taken in the fight (${levels.length})` : ''
    await clockLog(tx, input.campaignId, 'ladder.combat.foe.saved', { conflictId: row.id, name: foe.name, npcId: npc.id, text: `${foe.name} is kept as an NPC of the campaign, fights on as that NPC${hurt}.` })
    // After the entry, so that an undo (newest first) takes the injuries back before the NPC.
    await carryInjuries(tx, input.campaignId, npc.id, levels, status)
    tx.emitAfterCommit('record.changed', { campaignId: input.campaignId, kind: 'character', id: npc.id, change: 'created', characterId: npc.id })
    return { npcId: npc.id }
  })
}

/**
 * The injury records that read back as a fight's status (LAD-18): a third Wound is kept as the
 * Incapacitate it became, beside the two Wounds before it.
 */
function injuryLevels(status: InjuryStatus): LadderLevel[] {
  const levels: LadderLevel[] = []
  if (status.subdued) levels.push('subdued')
  const wounds = status.incapacitated === 'third wound' ? Math.max(0, status.wounds - 1) : status.wounds
  for (let i = 0; i < wounds; i++) levels.push('wounded')
  if (status.incapacitated) levels.push('incapacitated')
  if (status.killed) levels.push('killed')
  return levels
}

type LadderLevel = 'subdued' | 'wounded' | 'incapacitated' | 'killed'

/** Records on a new NPC the injuries its combatant took in the fight before it was kept. */
async function carryInjuries(tx: Tx, campaignId: number, npcId: number, levels: readonly LadderLevel[], status: InjuryStatus): Promise<void> {
  if (levels.length === 0) return
  const owner = await injuryOwner(tx, npcId, 'ladder.damage')
  const takenAt = await currentGameTime(tx.trx, campaignId)
  const healBetweenAdventures = await healsBetweenAdventures(tx, campaignId)
  for (const level of levels) {
    const what = { kind: 'ladder.damage' as const, level, location: null, thirdWound: level === 'incapacitated' && status.incapacitated === 'third wound' }
    await insertInjury(tx, owner, { characterId: npcId, what, description: 'Taken in the fight before being kept as an NPC.', takenAt, healBetweenAdventures })
  }
}

/**
 * Keeps a side of a challenge that no character plays (the opposition the GM rated, or what an
 * encounter brought) as an NPC of the campaign, with the ability it used: its rating, bonus, reserves
 * and resistance (CH-1); a horde is kept as one member (CH-9). Refused for a character's side, or one kept already.
 * @example await saveChallengeFoe(deps, { campaignId: 1, challengeId: 3, side: 1 })
 */
export async function saveChallengeFoe(deps: ServiceDeps, input: { campaignId: number; challengeId: number; side: number }): Promise<{ npcId: number }> {
  return unitOfWork(deps, async (tx) => {
    await requireSceneCampaign(tx, input.campaignId, 'challenge')
    const row = await tx.trx.selectFrom('challenge').selectAll().where('id', '=', input.challengeId).where('campaign_id', '=', input.campaignId).executeTakeFirst()
    if (!row) throw new AppError('not_found', `There is no challenge ${input.challengeId} in this campaign.`, [{ field: 'challengeId', problem: 'not in this campaign' }])
    const c = readChallenge(row)
    const meta = c.stored.sides[input.side]
    const side = c.stored.engine.sides[input.side]
    if (!meta || !side) throw refused(`There is no side ${input.side + 1} in “${row.title}”.`, 'side', 'no such side')
    if (meta.characterId !== null) throw refused(`${meta.name} is a character of the campaign already.`, 'side', 'already a character')
    const kept = await entries(tx.trx, input.campaignId, ['challenge.combat.foe.saved'])
    if (kept.some((e) => e.payload.challengeId === row.id && e.payload.side === input.side)) throw refused(`${meta.name} is already an NPC of the campaign.`, 'side', 'already an NPC')
    const npc = await insertCharacter(tx, 'challenge', {
      campaignId: input.campaignId,
      kind: 'npc',
      name: meta.name,
      playerName: null,
      status: 'active',
      notes: side.horde ? `One of a horde of ${side.horde.members} (CH-9).` : '',
      tags: [],
      // CH-1: the ability's own bonus, reserves and resistance as it fought (complementary help included,
      // CH-6); a horde's are one member's, before the group's additions (CH-9).
      sheet: { abilities: [{ name: meta.ability || row.title, rating: side.rating, bonus: side.ability.bonus, reserves: side.ability.reserves, resistance: side.ability.resistance }], reductions: [] },
      draft: true,
    })
    await appendLog(tx, { campaignId: input.campaignId, kind: 'challenge.combat.foe.saved', payload: { challengeId: row.id, side: input.side, npcId: npc.id, name: meta.name, text: `${meta.name} is kept as an NPC of the campaign.` } })
    tx.emitAfterCommit('record.changed', { campaignId: input.campaignId, kind: 'character', id: npc.id, change: 'created', characterId: npc.id })
    return { npcId: npc.id }
  })
}
