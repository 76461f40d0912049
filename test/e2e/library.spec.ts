/** The Library: back up and restore the whole library, export a campaign and import it as a new one. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import BetterSqlite3 from 'better-sqlite3'
import { expect, test } from './fixtures'
import { exportCampaign } from '../../src/main/services/transfer'
import { createCampaign, openSection } from './support'

const shots = process.env.LANTERN_SHOTS

test('a campaign exported from Settings comes back as a new campaign, and damaged files are refused', async ({ page, lantern }, info) => {
  await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await openSection(page, 'Settings')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export campaign' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^The-Sunken-Keep-\d{4}-\d{2}-\d{2}\.lantern\.gz$/)
  const file = info.outputPath(download.suggestedFilename())
  await download.saveAs(file)
  await expect(page.getByTestId('export-done')).toContainText('Downloaded The-Sunken-Keep-')
  if (shots) await page.screenshot({ path: join(shots, 'export.png'), fullPage: true })
  const header = JSON.parse(gunzipSync(readFileSync(file)).toString().split('\n')[0]!) as { format: string; campaign: { name: string } }
  expect(header).toMatchObject({ format: 'lantern.campaign', campaign: { name: 'The Sunken Keep' } })

  // The route wants the GM key: without it, nothing.
  const anonymous = await page.request.get(`${lantern.url}transfer/export?campaignId=1`)
  expect(anonymous.status()).toBe(401)

  await page.goto(lantern.url)
  await page.getByTestId('import-file').setInputFiles(file)
  await expect(page.getByRole('status').filter({ hasText: 'Imported The Sunken Keep (imported).' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Campaigns' }).getByText('The Sunken Keep (imported)')).toBeVisible()

  const damaged = info.outputPath('notes.lantern.gz')
  writeFileSync(damaged, 'these are my session notes, not a campaign')
  await page.getByTestId('import-file').setInputFiles(damaged)
  await expect(page.getByTestId('import-error')).toContainText('This is not a Lantern campaign file')
  await expect(page.getByTestId('import-error')).toContainText('Nothing was imported')
  if (shots) await page.screenshot({ path: join(shots, 'import-refused.png'), fullPage: true })
  await expect(page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem')).toHaveCount(2)
})

test('back up now, then restore after confirming what will be replaced', async ({ page, lantern }) => {
  await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await page.goto(`${lantern.url}#/settings`)
  await page.getByRole('button', { name: 'Back up now' }).click()
  await expect(page.getByTestId('backup-notice')).toContainText('Backed up the library')
  // The start-up backup may be there too; at least the one just taken is listed.
  await expect(page.getByTestId('backup-row').first()).toBeVisible()
  const before = await page.getByTestId('backup-row').count()

  await page.goto(lantern.url)
  await page.keyboard.press('n')
  const dialog = page.getByRole('dialog', { name: 'New campaign' })
  await dialog.getByLabel('Name').fill('Clockwork City')
  await dialog.getByText('The Ladder', { exact: true }).click()
  await dialog.getByRole('button', { name: 'Create campaign' }).click()
  await expect(page.getByRole('heading', { name: 'Clockwork City', level: 1 })).toBeVisible()

  await page.goto(`${lantern.url}#/settings`)
  await page.getByRole('button', { name: /^Restore the backup of/ }).first().focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Restore this backup?' })
  await expect(confirm.getByTestId('restore-current')).toHaveText('Clockwork City, The Sunken Keep')
  await expect(confirm.getByTestId('restore-backup')).toHaveText('The Sunken Keep')
  if (shots) await page.screenshot({ path: join(shots, 'restore-confirm.png') })
  await confirm.getByRole('button', { name: 'Replace the library' }).click()
  await expect(page.getByTestId('backup-notice')).toContainText('restore that one to undo this')
  await expect(page.getByTestId('backup-row')).toHaveCount(Math.min(before + 1, 7))
  if (shots) await page.screenshot({ path: join(shots, 'backups.png'), fullPage: true })

  await page.goto(lantern.url)
  const cards = page.getByRole('list', { name: 'Campaigns' })
  await expect(cards.getByText('The Sunken Keep')).toBeVisible()
  await expect(cards.getByText('Clockwork City')).toHaveCount(0)
  // A restart reads the restored library.
  await lantern.restart()
  await page.goto(lantern.gmUrl)
  await expect(cards.getByText('The Sunken Keep')).toBeVisible()
  await expect(cards.getByText('Clockwork City')).toHaveCount(0)
})

test('a big campaign file shows the rows read into the library as it goes, and Stop leaves the library as it was', async ({ page, lantern }, info) => {
  const id = await createCampaign(page, lantern, 'The Long Road', 'Old-school core')
  // A campaign of 150,000 log entries, written straight into the library, then made into a file.
  const db = new BetterSqlite3(lantern.dataFile)
  const fill = db.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, ?, 't', 'note', ?)")
  db.transaction(() => {
    for (let i = 0; i < 150_000; i++) fill.run(id, i * 6, JSON.stringify({ text: `Mile ${i} of the long road` }))
  })()
  const file = info.outputPath('long-road.lantern.gz')
  writeFileSync(file, (await exportCampaign(db, id, new Date())).data)
  db.close()

  await page.goto(lantern.url)
  await expect(page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem')).toHaveCount(1)
  await page.getByTestId('import-file').setInputFiles(file)
  const progress = page.getByTestId('import-progress')
  await expect(progress).toContainText(/Reading long-road\.lantern\.gz into the library: [\d,]+ of 150,00\d rows/)
  if (shots) await page.screenshot({ path: join(shots, 'import-progress.png'), fullPage: true })
  await page.getByTestId('import-stop').click()
  await expect(page.getByTestId('import-error')).toContainText('The import was stopped; nothing was imported.')
  await expect(page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem')).toHaveCount(1)
  await page.reload()
  await expect(page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem')).toHaveCount(1)
})
