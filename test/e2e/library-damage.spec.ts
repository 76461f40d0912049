/**
 * A library damaged inside: the notice on every page says so in words, a change is refused, and
 * "Restore the newest good backup…" goes through the restore confirmation to a whole library again.
 */
import BetterSqlite3 from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startServer, stop, watchConsole } from './fixtures'
import { damageTablePage, integrity } from '../main/damage'

const shots = process.env.LANTERN_SHOTS

test('a damaged library shows its notice, refuses changes, and restores the newest good backup', async ({ page }, info) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-e2e-damage-'))
  const file = join(dataDir, 'lantern.sqlite')
  const token = randomBytes(12).toString('hex')
  let server = await startServer(dataDir, token)
  try {
    const gmUrl = () => `${server.url}?token=${token}`
    await page.goto(gmUrl())
    await page.keyboard.press('n')
    const dialog = page.getByRole('dialog', { name: 'New campaign' })
    await dialog.getByLabel('Name').fill('The Sunken Keep')
    await dialog.getByText('Old-school core', { exact: true }).click()
    await dialog.getByRole('button', { name: 'Create campaign' }).click()
    await expect(page.getByRole('heading', { name: 'The Sunken Keep', level: 1 })).toBeVisible()
    const campaignId = Number(/#\/c\/(\d+)/.exec(page.url())![1])

    // A log long enough to span many pages, then a backup of it from Settings.
    const db = new BetterSqlite3(file)
    const fill = db.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, ?, 't', 'note', ?)")
    db.transaction(() => {
      for (let i = 0; i < 300; i++) fill.run(campaignId, i * 6, JSON.stringify({ text: `Watch ${i}: the road is quiet.` }))
    })()
    db.close()
    await page.goto(`${server.url}#/settings`)
    await page.getByRole('button', { name: 'Back up now' }).click()
    await expect(page.getByTestId('backup-notice')).toContainText('Backed up the library')
    await expect(page.getByTestId('library-damaged')).toHaveCount(0)

    // Lantern stops; the disk damages a page of the log; Lantern starts again on the same file.
    await stop(server.proc)
    damageTablePage(file)
    expect(integrity(file)).not.toBe('ok')
    server = await startServer(dataDir, token)
    const problems = watchConsole(page)

    await page.goto(gmUrl())
    const notice = page.getByTestId('library-damaged')
    await expect(notice).toContainText('Your library file is damaged.')
    await expect(notice).toContainText('You can still read everything, but changes are refused so the damage does not spread.')
    await expect(notice).toContainText('The newest good backup is from')
    await expect(page.getByRole('list', { name: 'Campaigns' }).getByText('The Sunken Keep')).toBeVisible()
    await page.screenshot({ path: info.outputPath('damaged-notice.png') })
    if (shots) await page.screenshot({ path: join(shots, 'library-damaged.png') })

    // A change is refused in words, and nothing is written.
    await page.keyboard.press('n')
    await dialog.getByLabel('Name').fill('Written into damage')
    await dialog.getByText('The Ladder', { exact: true }).click()
    await dialog.getByRole('button', { name: 'Create campaign' }).click()
    await expect(dialog).toContainText('Your library file is damaged, so Lantern did not write this change into it')
    if (shots) await page.screenshot({ path: join(shots, 'library-damaged-refused.png') })
    await dialog.getByRole('button', { name: 'Close' }).click()

    // Nor is a backup taken of it: a copy of a damaged library is no backup, and the good one stays.
    await page.goto(`${server.url}#/settings`)
    await page.getByRole('button', { name: 'Back up now' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Lantern did not take this backup' })).toContainText('The backups already there were kept as they were.')
    await expect(page.getByTestId('backup-row')).toHaveCount(1)
    if (shots) await page.screenshot({ path: join(shots, 'library-damaged-backups.png'), fullPage: true })

    await notice.getByRole('button', { name: 'Restore the newest good backup…' }).click()
    const confirm = page.getByRole('dialog', { name: 'Restore this backup?' })
    await expect(confirm.getByTestId('restore-backup')).toHaveText('The Sunken Keep')
    await expect(confirm).toContainText('The damaged library is not deleted')
    if (shots) await page.screenshot({ path: join(shots, 'library-damaged-restore.png') })
    await confirm.getByRole('button', { name: 'Replace the library' }).click()

    await expect(notice).toHaveCount(0)
    await expect(page.getByTestId('library-restored')).toContainText('The damaged library was not deleted: it is kept at')
    if (shots) await page.screenshot({ path: join(shots, 'library-restored.png') })
    expect(readdirSync(dataDir).filter((f) => /^lantern\.sqlite\.damaged-\d{8}-\d{6}$/.test(f))).toHaveLength(1)

    // Whole again: the refusal shown before is gone, and changes are saved.
    await expect(page.getByRole('alert').filter({ hasText: 'Lantern did not take this backup' })).toHaveCount(0)
    await page.goto(gmUrl())
    await expect(page.getByRole('list', { name: 'Campaigns' }).getByText('The Sunken Keep')).toBeVisible()
    await page.keyboard.press('n')
    await dialog.getByLabel('Name').fill('Clockwork City')
    await dialog.getByText('The Ladder', { exact: true }).click()
    await dialog.getByRole('button', { name: 'Create campaign' }).click()
    await expect(page.getByRole('heading', { name: 'Clockwork City', level: 1 })).toBeVisible()
    // Replacing the library reopens it: the page's connection may be refused for that moment and
    // comes back by itself (what the GM sees is checked above).
    expect(problems.filter((p) => !/Failed to load resource|WebSocket connection to .* failed/.test(p))).toEqual([])
  } finally {
    await stop(server.proc)
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true })
  }
})
