/**
 * What the GM shows the players: foes revealed, foes' numbers shown, and handouts (a location's or
 * an NPC's description written for the players, kept apart from its GM notes). Each change is one
 * transaction, and is announced once it has committed.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { PlayerRevealRow } from '../../db/schema-players'
import type { MethodOutput } from '../../../shared/contract'
import { AppError, type ServiceDeps, notFound, requireCampaign, unitOfWork } from '../core'
import { tableCombat } from './foes'
import { getClock } from '../clock'

type Controls = MethodOutput<'players.controls'>

export async function readReveals(db: Kysely<Database>, campaignId: number): Promise<PlayerRevealRow[]> {
  return db.selectFrom('player_reveal').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute()
}

/**
 * What the GM can show now, and what is shown.
 * @example (await playersControls(deps, 1)).foes // [{ key: 'osr:-1', name: 'Goblin', revealed: false, numbersShown: false }]
 */
export async function playersControls(deps: ServiceDeps, campaignId: number): Promise<Controls> {
  const campaign = await deps.db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!campaign) throw notFound('campaign', campaignId)
  const clock = await getClock(deps, campaignId)
  const [table, reveals] = await Promise.all([tableCombat(deps, campaignId, campaign.system, clock.mode === 'combat'), readReveals(deps.db, campaignId)])
  const has = (kind: string, ref: string) => reveals.some((r) => r.kind === kind && r.ref === ref)
  const foes = (table?.groups ?? []).flatMap((g) => g.fighters).filter((f) => f.side === 'foes')
  const locations = await deps.db.selectFrom('location').select(['id', 'name']).where('campaign_id', '=', campaignId).orderBy('name').execute()
  const npcs = await deps.db.selectFrom('character').select(['id', 'name']).where('campaign_id', '=', campaignId).where('kind', '=', 'npc').orderBy('name').execute()
  const handout = (kind: 'location' | 'npc', r: { id: number; name: string }) => {
    const shown = reveals.find((x) => x.kind === kind && x.ref === String(r.id))
    return { kind, id: r.id, name: r.name, text: shown?.text ?? '', revealed: shown !== undefined }
  }
  return {
    foes: foes.map((f) => ({ key: f.key, name: f.name, revealed: has('foe', f.key), numbersShown: has('foe-numbers', f.key) })),
    handouts: [...locations.map((l) => handout('location', l)), ...npcs.map((n) => handout('npc', n))],
  }
}

/** Shows or hides a foe, or its numbers. */
export async function setFoeShown(deps: ServiceDeps, input: { campaignId: number; key: string; what: 'foe' | 'numbers'; shown: boolean }): Promise<Controls> {
  const before = await playersControls(deps, input.campaignId)
  const foe = before.foes.find((f) => f.key === input.key)
  // Hiding needs no foe at the table (it may have left); showing does.
  if (!foe && input.shown) {
    throw new AppError('not_found', 'That foe is not at the table now; nothing was shown.', [{ field: 'key', problem: 'no foe at the table has this key' }])
  }
  const kind = input.what === 'foe' ? 'foe' : 'foe-numbers'
  await unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    if (input.shown) {
      await tx.trx
        .insertInto('player_reveal')
        .values({ campaign_id: input.campaignId, kind, ref: input.key, text: '', created_at: tx.realTime })
        .onConflict((oc) => oc.columns(['campaign_id', 'kind', 'ref']).doNothing())
        .execute()
    } else {
      await tx.trx.deleteFrom('player_reveal').where('campaign_id', '=', input.campaignId).where('kind', '=', kind).where('ref', '=', input.key).execute()
    }
    tx.emitAfterCommit('players.revealed', { campaignId: input.campaignId })
  })
  return playersControls(deps, input.campaignId)
}

/** Hands the players a location's or an NPC's description written for them, or takes it back. */
export async function setHandout(
  deps: ServiceDeps,
  input: { campaignId: number; kind: 'location' | 'npc'; id: number; text?: string | undefined; shown: boolean },
): Promise<Controls> {
  await unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    const row =
      input.kind === 'location'
        ? await tx.trx.selectFrom('location').select('id').where('id', '=', input.id).where('campaign_id', '=', input.campaignId).executeTakeFirst()
        : await tx.trx.selectFrom('character').select('id').where('id', '=', input.id).where('campaign_id', '=', input.campaignId).where('kind', '=', 'npc').executeTakeFirst()
    if (!row) throw notFound(input.kind === 'location' ? 'location' : 'NPC', input.id)
    const ref = String(input.id)
    if (input.shown) {
      const text = input.text?.trim() ?? ''
      if (text === '') {
        throw new AppError('invalid_input', 'Words for the players: write what the players read. Nothing was changed.', [{ field: 'text', problem: 'write what the players read' }])
      }
      await tx.trx
        .insertInto('player_reveal')
        .values({ campaign_id: input.campaignId, kind: input.kind, ref, text, created_at: tx.realTime })
        .onConflict((oc) => oc.columns(['campaign_id', 'kind', 'ref']).doUpdateSet({ text }))
        .execute()
    } else {
      await tx.trx.deleteFrom('player_reveal').where('campaign_id', '=', input.campaignId).where('kind', '=', input.kind).where('ref', '=', ref).execute()
    }
    tx.emitAfterCommit('players.revealed', { campaignId: input.campaignId })
  })
  return playersControls(deps, input.campaignId)
}
