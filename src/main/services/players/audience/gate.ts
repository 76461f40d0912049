/**
 * The players' gate as the core's units of work use it (core/audience.ts): each log entry's
 * audience decided as it is written, against what the players know now; and, before the unit
 * commits, the foes now at the table met (their names hidden from the players until revealed) and
 * the unit's entries decided again where a foe met in this very unit changes them.
 */
import type { AudienceGate, Tx } from '../../core'
import type { LogEntry } from '../../../../shared/contract'
import { tableCombatIn } from '../foes'
import { decideEntry, type Decided } from './rules'
import { forgetVisibility, visibilityIn } from './visibility'

/** Entries written while a fight or a table's tracker may have brought someone to the table. */
const MEETS = /^(osr|ladder|lode|challenge|ranks|encounter)\.|^clock\.(combat-started|round|combat-ended)$/

/** What players read in place of a foe's name. */
function aliasOf(key: string): string {
  return key.startsWith('ranks:danger:') ? 'a Danger' : 'a foe'
}

/**
 * Meets every foe at the table now (the trackers' foes' side, with the keys the GM reveals them
 * by): true when one was met for the first time. `firstLogId` is the unit's first entry, so an undo
 * of its action forgets them again.
 */
export async function meetFoes(tx: Tx, campaignId: number, firstLogId: number | null): Promise<boolean> {
  const campaign = await tx.trx.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!campaign) return false
  const table = await tableCombatIn(tx, campaignId, campaign.system, 'meet')
  const foes = (table?.groups ?? []).flatMap((g) => g.fighters).filter((f) => f.side === 'foes' && f.name.trim() !== '' && f.name !== 'A Danger')
  let met = false
  for (const f of foes) {
    const r = await tx.trx
      .insertInto('players_foe')
      .values({ campaign_id: campaignId, key: f.key, name: f.name, alias: aliasOf(f.key), log_entry_id: firstLogId, created_at: tx.realTime })
      .onConflict((oc) => oc.columns(['campaign_id', 'key', 'name']).doNothing())
      .executeTakeFirst()
    if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0) met = true
  }
  return met
}

const same = (a: Decided, b: Decided): boolean => a.audience === b.audience && JSON.stringify(a.players) === JSON.stringify(b.players)

/** The gate a core hands its units of work. */
export function playersGate(): AudienceGate<Tx> {
  return {
    async decide(tx, campaignId, entries) {
      const v = await visibilityIn(tx, campaignId)
      return entries.map((e) => {
        const d = decideEntry(e.kind, e.payload, e.gmOnly, v)
        return { audience: d.audience, players: d.players === null ? null : JSON.stringify(d.players) }
      })
    },
    async settle(tx, campaignId, written: readonly LogEntry[]) {
      if (!written.some((e) => MEETS.test(e.kind))) return
      const before = await visibilityIn(tx, campaignId)
      if (!(await meetFoes(tx, campaignId, written.reduce((m, e) => Math.min(m, e.id), Number.MAX_SAFE_INTEGER)))) return
      forgetVisibility(tx, campaignId)
      const after = await visibilityIn(tx, campaignId)
      for (const e of written) {
        const now = decideEntry(e.kind, e.payload, e.gmOnly, after)
        if (same(decideEntry(e.kind, e.payload, e.gmOnly, before), now)) continue
        await tx.trx
          .updateTable('log_entry')
          .set({ audience: now.audience, players: now.players === null ? null : JSON.stringify(now.players) })
          .where('id', '=', e.id)
          .execute()
      }
    },
  }
}
