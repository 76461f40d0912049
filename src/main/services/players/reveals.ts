/**
 * What the GM shows the players: foes revealed, foes' numbers shown, and handouts (a location's or
 * an NPC's description written for the players, under a heading of the GM's, kept apart from its
 * record and its GM notes). Each change is one transaction with its entry in the log (the GM's
 * alone), an action undo takes back like any other; what was hidden stays hidden in what was
 * written before it was shown.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { PlayerRevealRow } from '../../db/schema-players'
import type { LogEntry, MethodOutput } from '../../../shared/contract'
import { AppError, type ServiceDeps, type Tx, appendLog, notFound, requireCampaign, unitOfWork } from '../core'
import { tableCombat } from './foes'
import { getClock } from '../clock'
import { forgetVisibility } from './audience/visibility'

type Controls = MethodOutput<'players.controls'>

export async function readReveals(db: Kysely<Database>, campaignId: number): Promise<PlayerRevealRow[]> {
  return db.selectFrom('player_reveal').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute()
}

/**
 * What the GM can show now, and what is shown: the foes at the table, then the foes met before
 * (still hidden from the players wherever they are named, until revealed), and the handouts.
 * @example (await playersControls(deps, 1)).foes // [{ key: 'osr:-1', name: 'Goblin', revealed: false, numbersShown: false, atTable: true }]
 */
export async function playersControls(deps: ServiceDeps, campaignId: number): Promise<Controls> {
  const campaign = await deps.db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!campaign) throw notFound('campaign', campaignId)
  const clock = await getClock(deps, campaignId)
  const [table, reveals] = await Promise.all([tableCombat(deps, campaignId, campaign.system, clock.mode === 'combat'), readReveals(deps.db, campaignId)])
  const has = (kind: string, ref: string) => reveals.some((r) => r.kind === kind && r.ref === ref)
  const atTable = (table?.groups ?? []).flatMap((g) => g.fighters).filter((f) => f.side === 'foes')
  const keys = new Set(atTable.map((f) => f.key))
  const metBefore = (await deps.db.selectFrom('players_foe').select(['key', 'name']).where('campaign_id', '=', campaignId).orderBy('id').execute()).filter(
    (f, i, all) => !keys.has(f.key) && all.findIndex((g) => g.key === f.key) === i,
  )
  const locations = await deps.db.selectFrom('location').select(['id', 'name']).where('campaign_id', '=', campaignId).orderBy('name').execute()
  const npcs = await deps.db.selectFrom('character').select(['id', 'name']).where('campaign_id', '=', campaignId).where('kind', '=', 'npc').orderBy('name').execute()
  const handout = (kind: 'location' | 'npc', r: { id: number; name: string }) => {
    const shown = reveals.find((x) => x.kind === kind && x.ref === String(r.id))
    return { kind, id: r.id, name: r.name, title: shown?.title ?? '', text: shown?.text ?? '', revealed: shown !== undefined }
  }
  const foe = (f: { key: string; name: string }, here: boolean) => ({ key: f.key, name: f.name, revealed: has('foe', f.key), numbersShown: has('foe-numbers', f.key), atTable: here })
  return {
    foes: [...atTable.map((f) => foe(f, true)), ...metBefore.map((f) => foe(f, false))],
    handouts: [...locations.map((l) => handout('location', l)), ...npcs.map((n) => handout('npc', n))],
  }
}

/** One reveal row put as it should be: present with these words, or gone. */
async function putReveal(tx: Tx, campaignId: number, kind: PlayerRevealRow['kind'], ref: string, shown: { text: string; title: string } | null): Promise<void> {
  if (shown) {
    await tx.trx
      .insertInto('player_reveal')
      .values({ campaign_id: campaignId, kind, ref, text: shown.text, title: shown.title, created_at: tx.realTime })
      .onConflict((oc) => oc.columns(['campaign_id', 'kind', 'ref']).doUpdateSet({ text: shown.text, title: shown.title }))
      .execute()
  } else {
    await tx.trx.deleteFrom('player_reveal').where('campaign_id', '=', campaignId).where('kind', '=', kind).where('ref', '=', ref).execute()
  }
  forgetVisibility(tx, campaignId)
  tx.emitAfterCommit('players.revealed', { campaignId })
}

/** Shows or hides a foe, or its numbers: a foe at the table, or one met before. */
export async function setFoeShown(deps: ServiceDeps, input: { campaignId: number; key: string; what: 'foe' | 'numbers'; shown: boolean }): Promise<Controls> {
  const before = await playersControls(deps, input.campaignId)
  const foe = before.foes.find((f) => f.key === input.key)
  // Hiding needs no foe known (it may have left and been forgotten); showing does.
  if (!foe && input.shown) {
    throw new AppError('not_found', 'That foe is not at the table and has not been met; nothing was shown.', [{ field: 'key', problem: 'no foe at the table or met has this key' }])
  }
  const kind = input.what === 'foe' ? 'foe' : 'foe-numbers'
  const was = foe ? (input.what === 'foe' ? foe.revealed : foe.numbersShown) : false
  if (was === input.shown) return before
  await unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    await putReveal(tx, input.campaignId, kind, input.key, input.shown ? { text: '', title: '' } : null)
    const name = foe?.name ?? 'a foe'
    const what = input.what === 'foe' ? name : `${name}’s numbers`
    await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'players.revealed',
      payload: { key: input.key, name, what: input.what, shown: input.shown, text: `${input.shown ? 'Shown to' : 'Hidden from'} the players: ${what}.` },
    })
  })
  return playersControls(deps, input.campaignId)
}

/** Hands the players a location's or an NPC's description written for them, or takes it back. */
export async function setHandout(
  deps: ServiceDeps,
  input: { campaignId: number; kind: 'location' | 'npc'; id: number; text?: string | undefined; title?: string | undefined; shown: boolean },
): Promise<Controls> {
  await unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    const row =
      input.kind === 'location'
        ? await tx.trx.selectFrom('location').select(['id', 'name']).where('id', '=', input.id).where('campaign_id', '=', input.campaignId).executeTakeFirst()
        : await tx.trx.selectFrom('character').select(['id', 'name']).where('id', '=', input.id).where('campaign_id', '=', input.campaignId).where('kind', '=', 'npc').executeTakeFirst()
    if (!row) throw notFound(input.kind === 'location' ? 'location' : 'NPC', input.id)
    const ref = String(input.id)
    const prior = await tx.trx.selectFrom('player_reveal').select(['text', 'title']).where('campaign_id', '=', input.campaignId).where('kind', '=', input.kind).where('ref', '=', ref).executeTakeFirst()
    let after: { text: string; title: string } | null = null
    if (input.shown) {
      const text = input.text?.trim() ?? ''
      if (text === '') {
        throw new AppError('invalid_input', 'Words for the players: write what the players read. Nothing was changed.', [{ field: 'text', problem: 'write what the players read' }])
      }
      after = { text, title: input.title?.trim() ?? '' }
    }
    if (JSON.stringify(prior ?? null) === JSON.stringify(after)) return
    await putReveal(tx, input.campaignId, input.kind, ref, after)
    const what = `${input.kind === 'npc' ? 'the NPC' : 'the location'} “${row.name}”`
    await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'players.handout',
      payload: { handout: input.kind, id: input.id, name: row.name, before: prior ?? null, after, text: after ? `Handed the players ${what}.` : `Took back the handout of ${what}.` },
    })
  })
  return playersControls(deps, input.campaignId)
}

/**
 * Takes back a reveal or a handout (undo): what was shown before it is shown again, or hidden.
 * Null for an entry of another kind.
 */
export async function undoRevealEntry(tx: Tx, entry: LogEntry): Promise<true | null> {
  const p = entry.payload
  if (entry.kind === 'players.revealed') {
    await putReveal(tx, entry.campaignId, p.what === 'numbers' ? 'foe-numbers' : 'foe', String(p.key), p.shown === true ? null : { text: '', title: '' })
    return true
  }
  if (entry.kind === 'players.handout') {
    const kind = p.handout === 'npc' ? 'npc' : 'location'
    await putReveal(tx, entry.campaignId, kind, String(p.id), (p.before as { text: string; title: string } | null) ?? null)
    return true
  }
  return null
}
