/** The transfer module's methods, bound to the transfer service. */
import type { TransferMethod } from '../../shared/api/transfer.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/context'
import type { LibraryHost } from '../services/backup'
import { exportCampaignToFolder } from '../services/transfer/files'

export function transferHandlers(deps: ServiceDeps, library: LibraryHost): ModuleHandlers<TransferMethod> {
  return {
    'transfer.exportToFolder': (i) => exportCampaignToFolder(library, i.campaignId, deps.now()),
  }
}
