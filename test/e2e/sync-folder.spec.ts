/**
 * A library in a folder that a sync client keeps (here Syncthing, by the `.stfolder` marker it
 * leaves at the top of a shared folder): the GM's screen says so once, with what to do, and the
 * next start of Lantern on the same library says nothing.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, startServer, stop, test, watchConsole } from './fixtures'

test('a library in a synced folder is pointed out once, with what to do', async ({ page }) => {
  const root = mkdtempSync(join(tmpdir(), 'lantern-e2e-sync-'))
  writeFileSync(join(root, '.stfolder'), '')
  const dataDir = join(root, 'Campaigns')
  mkdirSync(dataDir)
  const token = randomBytes(12).toString('hex')
  let server = await startServer(dataDir, token)
  const problems = watchConsole(page)
  try {
    await page.goto(`${server.url}?token=${token}`)
    const notice = page.getByTestId('sync-folder-notice')
    await expect(notice).toContainText(`Your library ${join(dataDir, 'lantern.sqlite')} is in a folder that Syncthing keeps in sync (${root}).`)
    await expect(notice).toContainText('start Lantern with --data set to that folder')
    await expect(page.getByRole('heading', { name: 'Light the way for your table' })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('sync-folder-notice.png') })

    // Still there on another page of the same run, until dismissed.
    await page.reload()
    await expect(notice).toBeVisible()
    await notice.getByRole('button', { name: 'Dismiss' }).click()
    await expect(notice).toHaveCount(0)
    expect(problems).toEqual([])

    // The next start on the same library says nothing more.
    const port = Number(new URL(server.url).port)
    await stop(server.proc)
    server = await startServer(dataDir, token, port)
    await page.goto(`${server.url}?token=${token}`)
    await expect(page.getByRole('heading', { name: 'Light the way for your table' })).toBeVisible()
    await expect(notice).toHaveCount(0)
  } finally {
    await stop(server.proc)
    rmSync(root, { recursive: true, force: true })
  }
})
