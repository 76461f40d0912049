/**
 * The desktop app's file dialogs, through the real router and core with a fake dialog (Electron
 * cannot run here): a recap saved where the GM chose, a campaign exported and imported through the
 * dialogs, a cancelled dialog writing nothing, and the browser refused plainly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createCore, type Core } from '../../src/main/app'
import type { FileDialogs } from '../../src/main/platform'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'

let lib: TempLibrary
let core: Core
let answer: string | null
const asked: { kind: string; title: string; defaultName?: string }[] = []
const dialogs: FileDialogs = {
  async saveAs({ title, defaultName }) {
    asked.push({ kind: 'save', title, defaultName })
    return answer
  },
  async open({ title }) {
    asked.push({ kind: 'open', title })
    return answer
  },
  async chooseFolder({ title }) {
    asked.push({ kind: 'folder', title })
    return answer
  },
}

beforeEach(async () => {
  lib = tempLibrary()
  core = await createCore({ dataFile: lib.file, mode: 'desktop', version: 'test', dialogs, autoBackup: false })
  asked.length = 0
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('files through the desktop dialogs', () => {
  it('saves a recap where the GM chose: the same Markdown the preview shows', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
    const session = await gm(core, 'play.start', { campaignId, title: 'Rats!', attendance: [] })
    await gm(core, 'log.note', { campaignId, text: 'The bridge is out.' })
    answer = join(lib.dir, 'recap.md')
    expect(await gm(core, 'desktop.saveRecap', { sessionId: session.id, variant: 'players' })).toEqual({ path: answer })
    const preview = await gm(core, 'recap.session', { sessionId: session.id, variant: 'players' })
    expect(readFileSync(answer, 'utf8')).toBe(preview.markdown)
    expect(asked).toEqual([{ kind: 'save', title: 'Save the recap', defaultName: preview.filename }])
  })

  it('saves a recap into a folder it asks for once and remembers, as “Session 01 – Title.md”', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
    const session = await gm(core, 'play.start', { campaignId, title: 'Rats!', attendance: [] })
    const vault = join(lib.dir, 'vault')
    mkdirSync(vault)
    answer = null
    expect(await gm(core, 'desktop.saveRecapToFolder', { sessionId: session.id, variant: 'players' })).toEqual({ path: null, folder: null, written: false })
    answer = vault
    const saved = await gm(core, 'desktop.saveRecapToFolder', { sessionId: session.id, variant: 'players', obsidian: true })
    expect(saved).toEqual({ path: join(vault, 'Session 01 – Rats!.md'), folder: vault, written: true })
    const recap = await gm(core, 'recap.session', { sessionId: session.id, variant: 'players', obsidian: true })
    expect(readFileSync(saved.path!, 'utf8')).toBe(recap.markdown)
    // Remembered: the next save asks nothing and finds the same recap already there.
    asked.length = 0
    answer = null
    expect(await gm(core, 'desktop.saveRecapToFolder', { sessionId: session.id, variant: 'players', obsidian: true })).toEqual({ path: saved.path, folder: vault, written: false })
    expect(asked).toEqual([])
    expect((await gm(core, 'setting.list', { campaignId })).find((x) => x.key === 'recap.folder')?.value).toBe(vault)
  })

  it('exports a campaign to the file chosen and imports it back as a new campaign', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
    await gm(core, 'adventure.create', { campaignId, title: 'Into the Keep' })
    answer = join(lib.dir, 'keep.lantern.gz')
    const out = await gm(core, 'desktop.exportCampaign', { campaignId })
    expect(out.path).toBe(answer)
    expect(existsSync(answer)).toBe(true)
    const imported = await gm(core, 'desktop.importCampaign', {})
    expect(imported.name).toBe('The Sunken Keep (imported)')
    expect((await gm(core, 'adventure.list', { campaignId: imported.campaignId! })).map((a) => a.title)).toEqual(['Into the Keep'])
  })

  it('writes and imports nothing when the GM cancels the dialog', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    answer = null
    expect((await gm(core, 'desktop.exportCampaign', { campaignId })).path).toBeNull()
    expect(await gm(core, 'desktop.importCampaign', {})).toEqual({ campaignId: null, name: null })
    expect((await gm(core, 'campaign.list', {})).length).toBe(1)
  })

  it('is refused in a browser, where files are downloads and uploads', async () => {
    // A browser-mode Lantern on a library of its own (one Lantern per library).
    const other = tempLibrary()
    const browser = await other.open()
    try {
      const err = await refused(browser, 'desktop.importCampaign', {})
      expect(err).toMatchObject({ code: 'refused' })
      expect(err.message).toMatch(/for the desktop app; in a browser, Lantern downloads and uploads them/)
    } finally {
      await browser.close()
      other.cleanup()
    }
  })
})
