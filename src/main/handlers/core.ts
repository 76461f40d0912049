/** The core module's methods, bound to the services that do them. The logic lives in services. */
import type { CoreMethod } from '../../shared/api/core.names'
import type { ModuleHandlers } from '../router'
import { type ServiceDeps, appendLog, listLog, unitOfWork, notFound, touchCampaign } from '../services/core'
import { stopTransfer } from '../services/transfer'
import { createCampaign, deleteCampaign, getCampaign, getCampaignDetail, listCampaigns, renameCampaign, listSettings, setSetting } from '../services/campaigns'

export interface AppInfo {
  version: string
  dataFile: string
  mode: 'desktop' | 'browser'
  /** A PostgreSQL library: its connection string without the password; null for the file. */
  database: string | null
  /** This GM's name in a shared library's history ('' for a file). */
  gmName: string
}

export function coreHandlers(deps: ServiceDeps, info: AppInfo): ModuleHandlers<CoreMethod> {
  return {
    'app.info': () => info,
    'transfer.stop': () => ({ stopped: stopTransfer(deps) }),
    'app.ping': (_input, ctx) => ({ scope: ctx.scope, version: info.version }),
    'campaign.list': () => listCampaigns(deps.db),
    'campaign.get': (i) => getCampaignDetail(deps.db, i.id),
    'campaign.create': (i) => createCampaign(deps, i),
    'campaign.rename': (i) => renameCampaign(deps, i),
    'campaign.delete': (i) => deleteCampaign(deps, i),
    'setting.list': (i) => listSettings(deps.db, i.campaignId),
    'setting.set': (i) => setSetting(deps, i),
    'log.list': async (i) => {
      await getCampaign(deps.db, i.campaignId) // a clear "no campaign" rather than an empty page
      return listLog(deps.db, i)
    },
    'log.note': (i) =>
      unitOfWork(deps, async (tx) => {
        const exists = await tx.trx.selectFrom('campaign').select('id').where('id', '=', i.campaignId).executeTakeFirst()
        if (!exists) throw notFound('campaign', i.campaignId)
        await touchCampaign(tx, i.campaignId)
        return appendLog(tx, { campaignId: i.campaignId, kind: 'note', payload: { text: i.text }, gmOnly: i.gmOnly })
      }),
  }
}
