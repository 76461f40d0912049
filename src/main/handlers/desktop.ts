/** Files through the desktop app's dialogs: the same recap and transfer services as the browser's routes. */
import { readFile, writeFile } from 'node:fs/promises'
import type { DesktopMethod } from '../../shared/api/desktop.names'
import type { FileDialogs } from '../platform'
import type { ModuleHandlers } from '../router'
import { type ServiceDeps, AppError } from '../services/core'
import type { LibraryHost } from '../services/backup'
import { sessionRecap, writeRecapToFolder } from '../services/recap'
import { getSetting, setSetting } from '../services/campaigns'
import { exportCampaign, importCampaign, runTransfer } from '../services/transfer'

const CAMPAIGN_FILES = [{ name: 'Lantern campaign', extensions: ['gz'] }]

function needDialogs(dialogs: FileDialogs | null): FileDialogs {
  if (!dialogs) throw new AppError('refused', 'Saving and opening files through a dialog is for the desktop app; in a browser, Lantern downloads and uploads them.')
  return dialogs
}

export function desktopHandlers(deps: ServiceDeps, library: LibraryHost, dialogs: FileDialogs | null): ModuleHandlers<DesktopMethod> {
  return {
    'desktop.saveRecap': async (i) => {
      const d = needDialogs(dialogs)
      const recap = await sessionRecap(deps.db, i)
      const path = await d.saveAs({ title: 'Save the recap', defaultName: recap.filename, filters: [{ name: 'Markdown', extensions: ['md'] }] })
      if (path !== null) await writeFile(path, recap.markdown, 'utf8')
      return { path }
    },
    'desktop.saveRecapToFolder': async (i) => {
      const d = needDialogs(dialogs)
      const session = await deps.db.selectFrom('session').select('campaign_id').where('id', '=', i.sessionId).executeTakeFirst()
      const recap = await sessionRecap(deps.db, i)
      const campaignId = session!.campaign_id
      const remembered = await getSetting(deps.db, campaignId, 'recap.folder')
      let folder = remembered
      if (folder === null || i.chooseFolder) {
        folder = await d.chooseFolder({ title: 'Choose the folder for recaps', defaultPath: remembered ?? undefined })
        if (folder === null) return { path: null, folder: remembered, written: false }
      }
      const saved = await writeRecapToFolder(folder, recap.folderFilename, recap.markdown)
      if (folder !== remembered) await setSetting(deps, { campaignId, key: 'recap.folder', value: folder })
      return { path: saved.path, folder, written: saved.written }
    },
    'desktop.exportCampaign': async (i) => {
      const d = needDialogs(dialogs)
      const { data, fileName, rows } = await runTransfer(deps, 'export', (run) => exportCampaign(library.handle, i.campaignId, deps.now(), run))
      const path = await d.saveAs({ title: 'Export the campaign', defaultName: fileName, filters: CAMPAIGN_FILES })
      if (path !== null) await writeFile(path, data)
      return { path, bytes: data.length, rows }
    },
    'desktop.importCampaign': async () => {
      const d = needDialogs(dialogs)
      const path = await d.open({ title: 'Import a campaign', filters: CAMPAIGN_FILES })
      if (path === null) return { campaignId: null, name: null }
      const data = await readFile(path)
      const result = await runTransfer(deps, 'import', (run) => importCampaign(library.handle, data, deps.now(), { ...run, db: deps.db }))
      deps.events.emit('campaign.changed', { campaignId: result.campaignId, change: 'created' })
      return { campaignId: result.campaignId, name: result.name }
    },
  }
}
