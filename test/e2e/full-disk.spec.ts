/**
 * A really full disk under the library, as the GM sees it: a tmpfs the test mounts (as root) and
 * fills to the last byte. A note is refused with the disk-full sentence, beside the field, nothing
 * of it written; once there is room it is written. Skipped, saying why, where a tmpfs cannot be
 * mounted.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect, startServer, stop, watchConsole, type Lantern } from './fixtures'
import { createCampaign } from './support'

const SHOTS = 'test-results/shots-library'

function mountTmpfs(mib: number): string | null {
  if (process.getuid?.() !== 0) return null
  const dir = mkdtempSync(join(tmpdir(), 'lantern-e2e-full-'))
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m,mode=0755`, 'tmpfs', dir]).status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    return null
  }
  return dir
}

/** Fills the file system holding `dir` to its last byte. */
function fill(dir: string): string {
  const filler = join(dir, 'filler')
  const fd = openSync(filler, 'a')
  try {
    for (const size of [1 << 20, 1 << 16, 4096, 512, 64, 1]) {
      const chunk = Buffer.alloc(size, 0x2a)
      try {
        for (;;) writeSync(fd, chunk)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
      }
    }
  } finally {
    closeSync(fd)
  }
  return filler
}

const probe = mountTmpfs(1)
if (probe) {
  spawnSync('umount', ['-l', probe])
  rmSync(probe, { recursive: true, force: true })
}

test(`a note on a full disk is refused in words, and written once there is room${probe ? '' : ' (skipped: mounting a tmpfs needs root)'}`, async ({ page }) => {
  test.skip(!probe, 'mounting a tmpfs needs root and the mount command')
  const dir = mountTmpfs(32)!
  const dataDir = join(dir, 'library')
  mkdirSync(dataDir)
  const token = randomBytes(12).toString('hex')
  const server = await startServer(dataDir, token)
  try {
    const problems = watchConsole(page)
    const lantern = { url: server.url, gmUrl: `${server.url}?token=${token}`, dataDir, dataFile: join(dataDir, 'lantern.sqlite') } as Lantern
    await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
    const filler = fill(dir)
    await page.getByPlaceholder('Write a note in the log…').fill('The bridge is out.')
    await page.getByRole('button', { name: 'Add' }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'The disk that holds your library is full' })
    await expect(refusal).toHaveText('The disk that holds your library is full, so this change was not saved (nothing of it was written). Free some space on that disk and try again.')
    await expect(page.getByRole('list', { name: 'Recent log entries' })).not.toContainText('The bridge is out.')
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/full-disk.png` })
    rmSync(filler)
    await page.getByRole('button', { name: 'Add' }).click()
    await expect(page.getByRole('list', { name: 'Recent log entries' })).toContainText('The bridge is out.')
    // The refused attempt is the page's own message, not an error of the page.
    expect(problems.filter((p) => !/disk that holds your library is full/.test(p))).toEqual([])
  } finally {
    await stop(server.proc)
    spawnSync('umount', ['-l', dir])
    rmSync(dir, { recursive: true, force: true })
  }
})
