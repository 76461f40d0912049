import BetterSqlite3 from 'better-sqlite3'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

/** Two PCs, and dice whose first encounter checks find nothing (so each step moves the full span). */
function prepare(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("update campaign set dice_seed = 'undo-e2e-2' where id = ?").run(campaignId)
  for (const name of ['Glam', 'Ana']) db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')").run(campaignId, name)
  db.close()
}

test('CLK-3: Ctrl+Z undoes five actions one at a time, newest first, and Ctrl+Shift+Z redoes one with the same dice', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  prepare(lantern, id)
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const time = page.getByTestId('clock-time')
  const history = main.getByRole('region', { name: 'History' })
  const actions = history.getByRole('list', { name: 'Last actions' }).getByRole('listitem')
  const entries = main.getByRole('list', { name: 'Log entries' })

  // Play: two turns, ten minutes, an hour, then a roll from the panel (Enter).
  await time.click() // focus on nothing that takes keys
  for (const [key, after] of [['t', '00:05'], ['t', '00:10'], ['m', '00:20'], ['h', '01:20']] as const) {
    await page.keyboard.press(key)
    await expect(time).toHaveText(`Day 1 · ${after}`)
  }
  await time.click() // focus on nothing that takes keys
  await page.keyboard.press('Enter')
  await expect(actions).toHaveCount(5)
  await expect(actions.first()).not.toContainText('Advanced')
  await expect(actions.nth(1)).toContainText('Advanced 1 hour to Day 1 · 01:20')
  // The step's consequences follow it in the log: the step's own line first.
  await expect(entries.getByRole('listitem').nth(1)).toContainText('Advanced 1 hour to Day 1 · 01:20')
  await page.screenshot({ path: test.info().outputPath('undo-before.png') })

  // Ctrl+Z five times: the roll, then each step, newest first.
  const status = history.getByTestId('history-status')
  await time.click() // focus on nothing that takes keys
  await page.keyboard.press('Control+z')
  await expect(status).toHaveText(/^Undone: /)
  await expect(time).toHaveText('Day 1 · 01:20')
  for (const [undone, back] of [
    ['Advanced 1 hour to Day 1 · 01:20', '00:20'],
    ['Advanced 10 minutes to Day 1 · 00:20', '00:10'],
    ['Advanced 1 turn to Day 1 · 00:10', '00:05'],
    ['Advanced 1 turn to Day 1 · 00:05', '00:00'],
  ] as const) {
    await page.keyboard.press('Control+z')
    await expect(status).toHaveText(`Undone: ${undone}.`)
    await expect(time).toHaveText(`Day 1 · ${back}`)
  }
  await expect(actions.filter({ hasText: 'undone · can redo' })).toHaveCount(5)
  await expect(history.getByRole('button', { name: /Undo last/ })).toBeDisabled()
  await expect(history.getByRole('button', { name: /Redo/ })).toBeEnabled()
  await history.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('undo-five.png') })
  // The log line of the step itself (not the line saying it was undone).
  const stepLine = (text: string) => entries.getByRole('listitem').filter({ has: page.locator('.what', { hasText: new RegExp(`^${text}\\.$`) }) })
  const firstTurn = stepLine('Advanced 1 turn to Day 1 · 00:05')
  await expect(firstTurn).toHaveCount(1)
  await firstTurn.getByRole('button').click()
  const dice = (await firstTurn.locator('.dice').innerText()).trim()
  expect(dice).toMatch(/\d+d20/)

  // Ctrl+Shift+Z: the first turn again, its encounter check showing the same face.
  await page.keyboard.press('Control+Shift+z')
  await expect(status).toHaveText('Redone: Advanced 1 turn to Day 1 · 00:05.')
  await expect(time).toHaveText('Day 1 · 00:05')
  await expect(actions.first()).toContainText('Advanced 1 turn to Day 1 · 00:05')
  await expect(actions.first()).not.toContainText('undone')
  await expect(actions.filter({ hasText: 'undone · can redo' })).toHaveCount(4)
  const turns = stepLine('Advanced 1 turn to Day 1 · 00:05')
  await expect(turns).toHaveCount(2)
  const redone = turns.first()
  await expect(redone).not.toHaveClass(/undone/)
  await redone.getByRole('button').click()
  await expect(redone.locator('.dice')).toHaveText(dice)
  await history.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('undo-after.png') })
  expect(problems).toEqual([])
})

test('a campaign whose play came before the undo history (an upgraded library, an import): the history says where undo starts', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'The Old Keep', 'Old-school core')
  prepare(lantern, id)
  // Play written before the library had an undo history: log lines with no action behind them.
  const db = new BetterSqlite3(lantern.dataFile)
  const note = db.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, 0, '2024-01-01T00:00:00.000Z', 'note', ?)")
  note.run(id, JSON.stringify({ text: 'The party found the old well.' }))
  db.close()
  await page.reload()
  await openSection(page, 'Table')
  const history = page.getByRole('main').getByRole('region', { name: 'History' })
  const start = history.getByTestId('history-start')
  await expect(start).toHaveText('Undo starts from the first action after this library was upgraded or this campaign was imported: what came before stays in the log but cannot be undone.')
  await expect(history.getByRole('button', { name: /Undo last/ })).toBeDisabled()
  await expect(history).not.toContainText('Nothing done yet')

  // The first action after it is on the history, and undo takes it back, then stops.
  await page.getByTestId('clock-time').click()
  await page.keyboard.press('t')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:05')
  await expect(history.getByRole('list', { name: 'Last actions' }).getByRole('listitem')).toHaveCount(1)
  await expect(start).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('history-start.png') })
  await page.keyboard.press('Control+z')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:00')
  await expect(history.getByRole('button', { name: /Undo last/ })).toBeDisabled()
  expect(problems).toEqual([])
})
