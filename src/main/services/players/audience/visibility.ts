/**
 * What the players know of a campaign's foes at one moment: every foe met at the table (a foe,
 * a Danger) whose name the GM has not revealed is read by players as "a foe"; the numbers of every
 * foe met are theirs only once the GM shows them. Names are matched as whole words, so "Wolf" is
 * not found in "Wolfgang". A name never met at the table (a player character, an NPC the party
 * deals with) is the players' to read. The party (every player character, and whoever attends the
 * session being played) is known too: what a light or a pack of anyone else holds is the GM's.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../../db/schema'
import type { Tx } from '../../core'

export interface Visibility {
  /** Whether some met foe's name is hidden (the fast path: most of the time none is). */
  readonly anyHidden: boolean
  /** Whether players may read this name. */
  named(name: unknown): boolean
  /** Whether players may read the numbers of whoever has this name (a foe's numbers until shown are the GM's). */
  numbers(name: unknown): boolean
  /** The text with every hidden name replaced by what players read in its place. */
  words(text: string): string
  /** Whether this name is one of the party's (a player character, or one attending the session being played). */
  inParty(name: unknown): boolean
  /** The same, by the character's id (a number, or the clock's id as text). */
  inPartyId(id: unknown): boolean
}

/** A foe met, as the gate reads it. */
export interface MetFoe {
  key: string
  name: string
  alias: string
  revealed: boolean
  numbersShown: boolean
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A pattern finding any of these names as whole words (longest first, so "Cave bear cub" before "Cave bear"); null for none. */
export function wholeWords(names: Iterable<string>): RegExp | null {
  const sorted = [...names].filter((n) => n !== '').sort((a, b) => b.length - a.length)
  return sorted.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu') : null
}

/**
 * The visibility of a list of foes met.
 * @example visibilityOf([{ key: 'osr:7', name: 'Cave bear', alias: 'a foe', revealed: false, numbersShown: false }]).words('Cave bear roars') // 'a foe roars'
 */
export function visibilityOf(foes: readonly MetFoe[], party?: readonly { id: number; name: string }[]): Visibility {
  const members = party === undefined ? null : new Set(party.map((m) => m.name))
  const memberIds = party === undefined ? null : new Set(party.map((m) => m.id))
  const hidden = new Map<string, string>()
  const numbersHidden = new Set<string>()
  for (const f of foes) {
    if (!f.revealed) hidden.set(f.name, f.alias)
    if (!f.revealed || !f.numbersShown) numbersHidden.add(f.name)
  }
  const pattern = wholeWords(hidden.keys())
  return {
    anyHidden: pattern !== null,
    named: (name) => typeof name !== 'string' || !hidden.has(name),
    numbers: (name) => typeof name !== 'string' || !numbersHidden.has(name),
    words: (text) => (pattern && text !== '' ? text.replace(pattern, (n) => hidden.get(n) ?? n) : text),
    inParty: (name) => members === null || (typeof name === 'string' && members.has(name)),
    inPartyId: (id) => memberIds === null || ((typeof id === 'number' || typeof id === 'string') && memberIds.has(Number(id))),
  }
}

/** Nothing is hidden: the campaign has met no foe. */
export const NOTHING_HIDDEN: Visibility = visibilityOf([])

/**
 * The foes a campaign has met, with what the GM has shown of each, and the party's names (its
 * player characters, then whoever else attends the open session): one query, each part on an
 * index, so a campaign of many NPCs is not read through.
 */
export async function metFoes(db: Kysely<Database>, campaignId: number): Promise<{ foes: MetFoe[]; party: { id: number; name: string }[] }> {
  const { rows } = await sql<{ what: string; id: number; key: string; name: string; alias: string; revealed: number | boolean; numbers: number | boolean }>`
    select 'foe' as what, 0 as id, f.key, f.name, f.alias,
      exists (select 1 from player_reveal r where r.campaign_id = f.campaign_id and r.kind = 'foe' and r.ref = f.key) as revealed,
      exists (select 1 from player_reveal r where r.campaign_id = f.campaign_id and r.kind = 'foe-numbers' and r.ref = f.key) as numbers
    from players_foe f where f.campaign_id = ${campaignId}
    union all
    select 'party', c.id, '', c.name, '', false, false from character c where c.campaign_id = ${campaignId} and c.kind = 'pc'
    union all
    select 'party', c.id, '', c.name, '', false, false from session s
      join session_attendance a on a.session_id = s.id
      join character c on c.id = a.character_id
      where s.campaign_id = ${campaignId} and s.status = 'open' and c.campaign_id = ${campaignId} and c.kind <> 'pc'`.execute(db)
  return {
    foes: rows.filter((r) => r.what === 'foe').map((r) => ({ key: r.key, name: r.name, alias: r.alias, revealed: Boolean(r.revealed), numbersShown: Boolean(r.numbers) })),
    party: rows.filter((r) => r.what === 'party').map((r) => ({ id: Number(r.id), name: r.name })),
  }
}

/**
 * The visibilities read, per library, by campaign and version (migration 0021: the library gives a
 * campaign a new random version at each change to what the gate reads of it). A version names one
 * state of those rows, so what was read for it holds for as long as it is the campaign's; a
 * version made by a transaction that was rolled back is never read again. The newest few are kept.
 */
const byLibrary = new WeakMap<object, Map<string, Visibility>>()
const KEPT_VERSIONS = 64

/**
 * A campaign's visibility now, as `db` sees it (a unit's transaction, or the library itself): the
 * version read first, then, unless that version's visibility is kept for `library`, the foes and
 * the party. What is read after the version is as new as it or newer, so what is kept under a
 * version is never older than it.
 * @example (await currentVisibility(deps.db, 1)).words('The Cave bear roars') // 'The a foe roars'
 */
export async function currentVisibility(db: Kysely<Database>, campaignId: number, library: object = db): Promise<Visibility> {
  let kept = byLibrary.get(library)
  if (!kept) byLibrary.set(library, (kept = new Map()))
  const row = await db.selectFrom('players_version').select('version').where('campaign_id', '=', campaignId).executeTakeFirst()
  const key = row ? `${campaignId}:${String(row.version)}` : null
  const known = key === null ? undefined : kept.get(key)
  if (known) return known
  const met = await metFoes(db, campaignId)
  const v = visibilityOf(met.foes, met.party)
  if (key !== null) {
    kept.set(key, v)
    if (kept.size > KEPT_VERSIONS) kept.delete(kept.keys().next().value!)
  }
  return v
}

const cached = new WeakMap<object, Map<number, Visibility>>()

/**
 * A campaign's visibility inside a unit of work, read once per unit (`forgetVisibility` after a
 * change to the foes met or to what is revealed), and kept between units while the campaign's
 * version stands.
 */
export async function visibilityIn(tx: Tx, campaignId: number): Promise<Visibility> {
  let byCampaign = cached.get(tx)
  if (!byCampaign) cached.set(tx, (byCampaign = new Map()))
  let v = byCampaign.get(campaignId)
  if (!v) byCampaign.set(campaignId, (v = await currentVisibility(tx.trx, campaignId, tx.library ?? tx)))
  return v
}

/** Reads the campaign's visibility afresh at its next use in this unit. */
export function forgetVisibility(tx: Tx, campaignId: number): void {
  cached.get(tx)?.delete(campaignId)
}
