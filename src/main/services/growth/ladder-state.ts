/**
 * The Ladder between sessions, as its panel opens on it: the starting Plot Points never credited
 * (LAD-21, LAD-30), the adventures survived and not yet credited (LAD-21), and each active player
 * character with what they hold, what pays for their development (LAD-30) and when each asset was
 * last used (LAD-23).
 */
import type { LadderGrowthState, LadderGrower } from '../../../shared/api/growth-ladder.contract'
import type { ServiceDeps } from '../core'
import { balanceOf, ledgerHolder } from '../ledger'
import { RETIRE_AFTER, assetUsage, assetUse, sessionsPlayed } from './ladder-assets'
import { ladderCharacter, paysFrom, requireLadder } from './ladder-common'
import { DEVELOPMENT_COSTS, originalAssets } from './ladder-develop'
import { unpaidStarts } from './ladder-start'
import { survivedOffers } from './ladder-survived'

/**
 * @example (await ladderGrowthState(deps, 1)).characters[0] // { name: 'Tai', pp: 3, pays: 'pp', assets: [{ name: 'Piloting', lastUsed: 2, sessionsSince: 0, … }], … }
 */
export async function ladderGrowthState(deps: ServiceDeps, campaignId: number): Promise<LadderGrowthState> {
  const db = deps.db
  await requireLadder(db, campaignId)
  const usage = await assetUsage(db, campaignId)
  const rows = await db.selectFrom('character').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'pc').where('status', '=', 'active').where('draft', '=', 0).orderBy('name').execute()
  const characters: LadderGrower[] = []
  for (const { id } of rows) {
    // A sheet that cannot be read grows nowhere until it is put right on its page.
    const c = await ladderCharacter(db, campaignId, id).catch(() => null)
    if (!c) continue
    const holder = await ledgerHolder(db, campaignId, id)
    characters.push({
      id,
      name: c.name,
      kind: c.kind,
      super: c.sheet.super,
      pp: await balanceOf(db, holder, 'pp'),
      background: await balanceOf(db, holder, 'background'),
      pays: paysFrom(c.sheet),
      originalAssets: originalAssets(c.sheet),
      sessionsPlayed: sessionsPlayed(usage.get(id)),
      assets: c.sheet.assets.map((a) => ({ name: a.name, rating: a.rating, magical: a.school !== null, ...assetUse(usage.get(id), a.name) })),
      flaws: c.sheet.flaws.map((f) => ({ name: f.name, vulnerability: f.vulnerability })),
    })
  }
  return {
    unpaid: await unpaidStarts(db, campaignId),
    adventures: await survivedOffers(db, campaignId),
    characters,
    costs: { ...DEVELOPMENT_COSTS },
    retireAfter: RETIRE_AFTER,
  }
}
