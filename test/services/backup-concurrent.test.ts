/**
 * Backups asked for at once (two screens, or the daily timer and a click): each acknowledged
 * backup exists, whole, under its own name, and is listed; with real files through the router.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { KEPT_BACKUPS } from '../../src/main/services/backup'
import { integrity } from '../main/damage'
import { gm } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
let core: Core
const folder = () => join(lib.dir, 'backups')

beforeEach(async () => {
  lib = tempLibrary()
  // A fixed clock: every backup falls in the same second, the hardest case for choosing names.
  core = await createCore({ dataFile: lib.file, mode: 'browser', version: 'test', autoBackup: false, now: () => new Date('2025-03-01T12:00:00.000Z') })
  const { id } = await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
  await gm(core, 'log.note', { campaignId: id, text: 'The party reaches the keep.' })
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

/** `n` backup.create calls at once; each answer with whether its file was there, whole, when the answer came. */
async function backUpAtOnce(n: number) {
  return Promise.all(
    Array.from({ length: n }, () =>
      core.router.call('backup.create', {}, { scope: 'gm' }).then((r) => {
        if (!r.ok) return { ok: false as const, message: r.error.message }
        const name = (r.value as { name: string }).name
        const path = join(folder(), name)
        return { ok: true as const, name, there: existsSync(path), whole: existsSync(path) ? integrity(path) : 'missing' }
      }),
    ),
  )
}

describe('backups asked for at once', () => {
  it('four at once: four backups under four names, each whole and listed', async () => {
    const answers = await backUpAtOnce(4)
    expect(answers.filter((a) => !a.ok)).toEqual([])
    const names = answers.map((a) => (a.ok ? a.name : ''))
    expect(new Set(names).size).toBe(4)
    for (const a of answers) expect(a).toMatchObject({ there: true, whole: 'ok' })
    const listed = (await gm(core, 'backup.list', {})).backups.map((b) => b.name)
    expect(listed.sort()).toEqual([...names].sort())
    // Nothing else in the folder: no copy left half made, no journal.
    expect(readdirSync(folder()).sort()).toEqual([...names].sort())
    for (const n of names) expect(integrity(join(folder(), n))).toBe('ok')
  })

  it('twenty-four at once: every one acknowledged under its own name, the newest seven kept whole', async () => {
    const answers = await backUpAtOnce(24)
    expect(answers.filter((a) => !a.ok)).toEqual([])
    const names = answers.map((a) => (a.ok ? a.name : ''))
    expect(new Set(names).size).toBe(24)
    // Each was on disk and whole when its answer came (older ones are pruned later, as the newest seven are kept).
    for (const a of answers) expect(a).toMatchObject({ there: true, whole: 'ok' })
    const { backups } = await gm(core, 'backup.list', {})
    const newestSeven = [...names].sort((a, b) => order(b) - order(a)).slice(0, KEPT_BACKUPS)
    expect(backups.map((b) => b.name)).toEqual(newestSeven)
    expect(readdirSync(folder()).sort()).toEqual([...newestSeven].sort())
    for (const b of backups) expect(integrity(join(folder(), b.name))).toBe('ok')
  })

  it('a backup asked for while a restore runs waits for it, and holds the restored library', async () => {
    const first = await gm(core, 'backup.create', {})
    await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder' })
    const [restore, after] = await Promise.all([
      core.router.call('backup.restore', { name: first.name }, { scope: 'gm' }),
      core.router.call('backup.create', {}, { scope: 'gm' }),
    ])
    expect(restore.ok && after.ok).toBe(true)
    const inspect = await gm(core, 'backup.inspect', { name: (after as { value: { name: string } }).value.name })
    expect(inspect.campaigns.map((c) => c.name)).toEqual(['The Sunken Keep'])
  })
})

/** The n of `lantern-…-n.sqlite` (1 for the first of its second). */
function order(name: string): number {
  return Number(/-(\d+)\.sqlite$/.exec(name.replace(/^lantern-\d{8}-\d{6}/, ''))?.[1] ?? 1)
}
