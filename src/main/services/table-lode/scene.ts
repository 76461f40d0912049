/**
 * The scene LODE-11 counts against: only the first Destiny point a character gains by giving up
 * Halfmagic in a scene is kept. The GM begins a new scene; a new session begins one too.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LodeScene } from '../../../shared/contract'
import { unitOfWork, type ServiceDeps, type Tx, openSessionId, appendLog } from '../core'
import { lodeWeb } from './rollers'

export interface StoredScene {
  number: number
  sessionId: number | null
  /** Character ids that kept a point this scene. */
  keptBy: number[]
}

/**
 * The scene being played: the stored one while its session is still the open one, else a fresh
 * first scene of the session now open.
 * @example await currentScene(db, 1) // { number: 2, sessionId: 7, keptBy: [4] }
 */
export async function currentScene(db: Kysely<Database>, campaignId: number): Promise<StoredScene> {
  const session = await openSessionId(db, campaignId)
  const row = await db.selectFrom('lode_scene').selectAll().where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!row || row.session_id !== session) return { number: 1, sessionId: session, keptBy: [] }
  return { number: row.number, sessionId: row.session_id, keptBy: JSON.parse(row.kept_by) as number[] }
}

/**
 * Stores the scene as it now stands (upsert; one row per campaign).
 * @example await saveScene(tx, 1, { number: 2, sessionId: 7, keptBy: [] })
 */
export async function saveScene(tx: Tx, campaignId: number, scene: StoredScene): Promise<void> {
  const values = { session_id: scene.sessionId, number: scene.number, kept_by: JSON.stringify(scene.keptBy), updated_at: tx.realTime }
  await tx.trx
    .insertInto('lode_scene')
    .values({ campaign_id: campaignId, ...values })
    .onConflict((oc) => oc.column('campaign_id').doUpdateSet(values))
    .execute()
}

/**
 * The scene with the names of those who kept a point, for the table.
 * @example await sceneView(db, 1, scene) // { number: 2, sessionId: 7, keptBy: [{ id: 4, name: 'Brann' }] }
 */
export async function sceneView(db: Kysely<Database>, scene: StoredScene): Promise<LodeScene> {
  const rows = scene.keptBy.length ? await db.selectFrom('character').select(['id', 'name']).where('id', 'in', scene.keptBy).execute() : []
  const names = new Map(rows.map((r) => [r.id, r.name]))
  return { number: scene.number, sessionId: scene.sessionId, keptBy: scene.keptBy.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })) }
}

/**
 * Begins the next scene: everyone may keep a Destiny point from giving up Halfmagic again.
 * @example await newScene(deps, { campaignId: 1 }) // { number: 3, sessionId: 7, keptBy: [] }
 */
export async function newScene(deps: ServiceDeps, input: { campaignId: number }): Promise<LodeScene> {
  return unitOfWork(deps, async (tx) => {
    await lodeWeb(tx.trx, input.campaignId)
    const before = await currentScene(tx.trx, input.campaignId)
    const next: StoredScene = { number: before.number + 1, sessionId: before.sessionId, keptBy: [] }
    await saveScene(tx, input.campaignId, next)
    await appendLog(tx, { campaignId: input.campaignId, kind: 'lode.scene', payload: { number: next.number, before } })
    return sceneView(tx.trx, next)
  })
}
