/** The browser mode refuses a second server on a library another Lantern has open, and says which. */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { test, expect } from './fixtures'

test('a second browser-mode Lantern on the same library is refused with a message, and the first keeps working', async ({ lantern, page }) => {
  const server = resolve(process.env.LANTERN_OUT ?? 'out', 'main/server.js')
  const second = spawnSync(process.execPath, [server, '--port', '0', '--data', lantern.dataDir], { encoding: 'utf8', timeout: 30_000 })
  expect(second.status).toBe(1)
  expect(second.stderr).toMatch(/^Lantern could not start: The library .*lantern\.sqlite is already open in another Lantern \(the browser mode, process \d+/)
  expect(second.stdout).not.toContain('token=')

  await page.goto(lantern.gmUrl)
  await expect(page.getByRole('heading', { name: 'Light the way for your table' })).toBeVisible()
})
