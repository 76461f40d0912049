/**
 * What the players know of a campaign's foes at one moment: every foe met at the table (a foe,
 * a Danger) whose name the GM has not revealed is read by players as "a foe"; the numbers of every
 * foe met are theirs only once the GM shows them. Names are matched as whole words, so "Wolf" is
 * not found in "Wolfgang". A name never met at the table (a player character, an NPC the party
 * deals with) is the players' to read.
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

/**
 * The visibility of a list of foes met.
 * @example visibilityOf([{ key: 'osr:7', name: 'Cave bear', alias: 'a foe', revealed: false, numbersShown: false }]).words('Cave bear roars') // 'a foe roars'
 */
export function visibilityOf(foes: readonly MetFoe[]): Visibility {
  const hidden = new Map<string, string>()
  const numbersHidden = new Set<string>()
  for (const f of foes) {
    if (!f.revealed) hidden.set(f.name, f.alias)
    if (!f.revealed || !f.numbersShown) numbersHidden.add(f.name)
  }
  // Longest first, so "Cave bear cub" is replaced whole before "Cave bear".
  const names = [...hidden.keys()].sort((a, b) => b.length - a.length)
  const pattern = names.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu') : null
  return {
    anyHidden: pattern !== null,
    named: (name) => typeof name !== 'string' || !hidden.has(name),
    numbers: (name) => typeof name !== 'string' || !numbersHidden.has(name),
    words: (text) => (pattern && text !== '' ? text.replace(pattern, (n) => hidden.get(n) ?? n) : text),
  }
}

/** Nothing is hidden: the campaign has met no foe. */
export const NOTHING_HIDDEN: Visibility = visibilityOf([])

/** The foes a campaign has met, with what the GM has shown of each. */
export async function metFoes(db: Kysely<Database>, campaignId: number): Promise<MetFoe[]> {
  const { rows } = await sql<{ key: string; name: string; alias: string; revealed: number | boolean; numbers: number | boolean }>`
    select f.key, f.name, f.alias,
      exists (select 1 from player_reveal r where r.campaign_id = f.campaign_id and r.kind = 'foe' and r.ref = f.key) as revealed,
      exists (select 1 from player_reveal r where r.campaign_id = f.campaign_id and r.kind = 'foe-numbers' and r.ref = f.key) as numbers
    from players_foe f where f.campaign_id = ${campaignId} order by f.id`.execute(db)
  return rows.map((r) => ({ key: r.key, name: r.name, alias: r.alias, revealed: Boolean(r.revealed), numbersShown: Boolean(r.numbers) }))
}

const cached = new WeakMap<object, Map<number, Visibility>>()

/**
 * A campaign's visibility inside a unit of work, read once per unit (`forgetVisibility` after a
 * change to the foes met or to what is revealed).
 */
export async function visibilityIn(tx: Tx, campaignId: number): Promise<Visibility> {
  let byCampaign = cached.get(tx)
  if (!byCampaign) cached.set(tx, (byCampaign = new Map()))
  let v = byCampaign.get(campaignId)
  if (!v) byCampaign.set(campaignId, (v = visibilityOf(await metFoes(tx.trx, campaignId))))
  return v
}

/** Reads the campaign's visibility afresh at its next use in this unit. */
export function forgetVisibility(tx: Tx, campaignId: number): void {
  cached.get(tx)?.delete(campaignId)
}
