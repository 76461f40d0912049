/**
 * Reading the log for the players: the one door every players' output goes through (their
 * screen's rolls, their recap). An entry comes out as the players may read it, decided when it was
 * written (its `audience`, and its `players` payload where theirs differs from the GM's), or not
 * at all; an entry written before audiences were kept is decided here, by the rule for old
 * entries. `PlayersEntry` is made only here, so a GM's entry cannot be handed to a players' output
 * by mistake: it does not type-check.
 */
import type { Kysely } from 'kysely'
import type { Database, LogAudience } from '../../../db/schema'
import type { LogEntry } from '../../../../shared/contract'
import type { RolledFace } from '../../../engines/dice'
import { decideOld } from './rules'
import { FACES_HIDDEN } from './kinds/rule'
import { currentVisibility, type Visibility } from './visibility'

declare const forPlayers: unique symbol

/** A log entry as the players may read it. */
export type PlayersEntry = LogEntry & { readonly [forPlayers]: true }

/** The audiences whose entries a players' output may read. */
export const PLAYERS_AUDIENCES: readonly LogAudience[] = ['all', 'players', 'old']

/** A log row as the players' readers select it. */
export interface PlayersRow {
  id: number
  campaign_id: number
  session_id: number | null
  game_time: number
  real_time: string
  kind: string
  payload: string
  players: string | null
  audience: LogAudience
  gm_only: number
  dice?: string | null
}

/** The columns `PlayersRow` needs. */
export const PLAYERS_COLUMNS = ['id', 'campaign_id', 'session_id', 'game_time', 'real_time', 'kind', 'payload', 'players', 'audience', 'gm_only'] as const

/**
 * The rows as the players may read them, in the order given; rows they may not read are left out.
 * @example await playersEntries(db, 1, rows) // [{ kind: 'osr.strike', payload: { who: 'Glam', target: 'a foe', … } }]
 */
export async function playersEntries(db: Kysely<Database>, campaignId: number, rows: readonly PlayersRow[]): Promise<PlayersEntry[]> {
  let old: Visibility | null = null
  const out: PlayersEntry[] = []
  for (const r of rows) {
    let payload: Record<string, unknown>
    if (r.audience === 'all') payload = JSON.parse(r.payload) as Record<string, unknown>
    else if (r.audience === 'players' && r.players !== null) payload = JSON.parse(r.players) as Record<string, unknown>
    else if (r.audience === 'old') {
      old ??= await currentVisibility(db, campaignId)
      const d = decideOld(r.kind, JSON.parse(r.payload) as Record<string, unknown>, r.gm_only === 1, old)
      if (d.audience === 'gm') continue
      payload = d.players ?? (JSON.parse(r.payload) as Record<string, unknown>)
    } else continue
    // A rule that kept the roll's faces from the players says so in their payload.
    const faces = payload[FACES_HIDDEN] !== true
    if (!faces) {
      payload = { ...payload }
      delete payload[FACES_HIDDEN]
    }
    out.push({
      id: r.id,
      campaignId: r.campaign_id,
      sessionId: r.session_id,
      gameTime: r.game_time,
      realTime: r.real_time,
      kind: r.kind,
      payload,
      dice: faces && r.dice ? (JSON.parse(r.dice) as RolledFace[]) : null,
      gmOnly: false,
      undone: false,
    } as PlayersEntry)
  }
  return out
}

