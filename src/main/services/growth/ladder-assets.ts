/**
 * LAD-23: the GM retires assets not used or referred to for five or six sessions. Lantern reads from
 * the log which asset each character rolled in which session: a task rolled or bought, a ruling, the
 * hour untreated, a push up a rung (each names the asset rolled, `what`), a spell's magical assets,
 * an instant conflict's side, and each tracker (conflict, race, duel, fight) a character entered
 * with an asset. Entries undone do not count. A session counts as played by the character when they
 * attended it or rolled in it; an asset unused since its last session counts the sessions played
 * after it, one never used every session played.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** LAD-23: "a long time meaning five or six sessions": an asset may be retired from the fifth. */
export const RETIRE_AFTER = 5

/** Log entries that name the asset a character rolled (services/table-ladder). */
const ROLL_KINDS = ['ladder.roll', 'ladder.roll.bought', 'ladder.roll.ruling', 'ladder.roll.untreated', 'ladder.roll.stepped-up', 'ladder.roll.instant'] as const

interface Usage {
  /** Numbers of the sessions the character played. */
  played: Set<number>
  /** An asset's name, in lower case, to the number of the last session it was used in. */
  used: Map<string, number>
}

export interface AssetUse {
  lastUsed: number | null
  sessionsSince: number
}

const key = (name: string): string => name.trim().toLowerCase()

function usageOf(all: Map<number, Usage>, characterId: number): Usage {
  let u = all.get(characterId)
  if (!u) all.set(characterId, (u = { played: new Set(), used: new Map() }))
  return u
}

function note(all: Map<number, Usage>, characterId: unknown, session: number, names: unknown[]): void {
  if (typeof characterId !== 'number') return
  const u = usageOf(all, characterId)
  u.played.add(session)
  for (const n of names) {
    if (typeof n !== 'string' || key(n) === '') continue
    u.used.set(key(n), Math.max(u.used.get(key(n)) ?? 0, session))
  }
}

/** The assets a roll entry names, with whose they are. */
function rolled(kind: string, p: Record<string, unknown>): { characterId: unknown; names: unknown[] }[] {
  if (kind !== 'ladder.roll.instant') {
    const spell = p.spell as { assets?: unknown[] } | undefined
    return [{ characterId: p.characterId, names: [p.what, ...(spell?.assets ?? [])] }]
  }
  const first = (p.attempts as { a?: { note?: unknown }; b?: { note?: unknown } }[] | undefined)?.[0]
  const side = (s: 'a' | 'b') => ({ characterId: (p[s] as { characterId?: unknown } | undefined)?.characterId, names: [first?.[s]?.note] })
  return [side('a'), side('b')]
}

/** Everyone a tracker's setup names (a side, a team member, a contestant, a combatant). */
function entrants(setup: unknown): Record<string, unknown>[] {
  if (Array.isArray(setup)) return setup.flatMap(entrants)
  if (!setup || typeof setup !== 'object') return []
  const o = setup as Record<string, unknown>
  if ('characterId' in o) return [o]
  return Object.values(o).flatMap(entrants)
}

/**
 * Who played which session, and used which asset last when, for the whole campaign.
 * @example (await assetUsage(db, 1)).get(4)?.used.get('driving') // 3: Tai last rolled Driving in Session 3
 */
export async function assetUsage(db: Kysely<Database>, campaignId: number): Promise<Map<number, Usage>> {
  const sessions = new Map((await db.selectFrom('session').select(['id', 'number']).where('campaign_id', '=', campaignId).execute()).map((s) => [s.id, s.number]))
  const all = new Map<number, Usage>()
  const attendance = await db
    .selectFrom('session_attendance')
    .innerJoin('session', 'session.id', 'session_attendance.session_id')
    .select(['session_attendance.character_id as characterId', 'session.number as number'])
    .where('session.campaign_id', '=', campaignId)
    .execute()
  for (const a of attendance) usageOf(all, a.characterId).played.add(a.number)
  const rolls = await db
    .selectFrom('log_entry')
    .select(['kind', 'payload', 'session_id'])
    .where('campaign_id', '=', campaignId)
    .where('undone', '=', 0)
    .where('session_id', 'is not', null)
    .where('kind', 'in', [...ROLL_KINDS])
    .execute()
  for (const r of rolls) {
    const session = sessions.get(r.session_id!)
    if (session === undefined) continue
    for (const hit of rolled(r.kind, JSON.parse(r.payload) as Record<string, unknown>)) note(all, hit.characterId, session, hit.names)
  }
  const trackers = await db.selectFrom('ladder_conflict').select(['setup', 'session_id']).where('campaign_id', '=', campaignId).where('session_id', 'is not', null).execute()
  for (const t of trackers) {
    const session = sessions.get(t.session_id!)
    if (session === undefined) continue
    for (const e of entrants(JSON.parse(t.setup))) note(all, e.characterId, session, [e.assetName, e.shootName])
  }
  return all
}

/**
 * When an asset was last used, and how many sessions the character played since.
 * @example assetUse(usage.get(4), 'Haggling') // { lastUsed: 1, sessionsSince: 5 }
 */
export function assetUse(usage: Usage | undefined, name: string): AssetUse {
  const lastUsed = usage?.used.get(key(name)) ?? null
  const sessionsSince = [...(usage?.played ?? [])].filter((n) => n > (lastUsed ?? 0)).length
  return { lastUsed, sessionsSince }
}

/** How many sessions a character played. */
export function sessionsPlayed(usage: Usage | undefined): number {
  return usage?.played.size ?? 0
}
