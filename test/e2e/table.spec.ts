import BetterSqlite3 from 'better-sqlite3'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

function addPcs(lantern: Lantern, campaignId: number, names: string[]): void {
  const db = new BetterSqlite3(lantern.dataFile)
  // Seeded dice: the turns below meet no encounter (CLK-3 would stop them there).
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run('rats', campaignId)
  for (const name of names) {
    const id = db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')").run(campaignId, name).lastInsertRowid
    db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, 'Rations', 'ration', 2, '{}', 't', 't')").run(id)
  }
  db.close()
}

test('a GM starts a session at the table, plays, reads and filters the log, undoes, jumps with Ctrl+K, and closes it', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  addPcs(lantern, id, ['Glam', 'Ana'])
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const bar = main.getByRole('region', { name: 'Session' })
  await expect(bar).toContainText('No session open')
  await bar.getByLabel('Session title').fill('Rats in the Junction')
  await bar.getByLabel('Ana').uncheck()
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText('Session 1 · Rats in the Junction')
  await expect(bar).toContainText('since Day 1 · 00:00 · Glam')

  const party = main.getByRole('region', { name: 'Party' })
  await expect(party.getByRole('link', { name: 'Glam' })).toBeVisible()
  await expect(party).toContainText('rations 2 d')

  // Play a little: two turns, then a note from Home.
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('t')
  await page.keyboard.press('t')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:10')
  const log = main.getByRole('region', { name: 'Log' })
  const entries = log.getByRole('list', { name: 'Log entries' })
  await expect(entries.getByRole('listitem').first()).toContainText('Advanced 1 turn to Day 1 · 00:10')
  // Each entry opens to its dice: the turn's encounter check.
  await entries.getByRole('listitem').first().getByRole('button').click()
  await expect(entries.getByRole('listitem').first()).toContainText(/\d+d20/)
  await log.getByLabel('Show').selectOption('notes')
  await expect(entries.getByRole('listitem')).toHaveCount(0)
  await log.getByLabel('Show').selectOption('clock')
  await expect(entries.getByRole('listitem').filter({ hasText: 'Advanced 1 turn' })).toHaveCount(2)
  await expect(entries.getByRole('listitem').filter({ hasText: 'Session 1' })).toHaveCount(0)
  await log.getByLabel('Show').selectOption('')

  // Undo the last action from the log: the second turn.
  await log.getByRole('button', { name: /Undo last/ }).click()
  await expect(log.getByRole('status')).toHaveText('Undone: Advanced 1 turn to Day 1 · 00:10.')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:05')
  await page.screenshot({ path: test.info().outputPath('table-osr.png') })

  // Ctrl+K: jump to a character.
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await palette.getByLabel('Go to or do').fill('glam')
  await expect(palette.getByRole('option', { name: /Glam \(PC\)/ })).toBeVisible()
  // The character by name comes first; what else mentions Glam (the session, the log) follows it.
  await expect(palette.getByRole('option').first()).toHaveText(/Glam \(PC\)/)
  // The arrows once the search's hits are in: a choice stays on its row when rows come in above it.
  await expect(palette.getByRole('option').filter({ hasText: /^Log/ }).first()).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/characters\/\d+$/)
  await page.keyboard.press('Control+k')
  await palette.getByLabel('Go to or do').fill('table')
  await palette.getByRole('option', { name: /Go to\s*Table/ }).click()

  await bar.getByRole('button', { name: 'Close session' }).click()
  await expect(bar.getByRole('status')).toHaveText('Session 1 closed at Day 1 · 00:05.')
  await expect(bar).toContainText('No session open')
  await openSection(page, 'Sessions')
  await expect(main).toContainText('Rats in the Junction')
  await expect(main).toContainText('Day 1 · 00:00 → Day 1 · 00:05')
  expect(problems).toEqual([])
})

test('RK-7: closing a Ranks session with Threat left asks first', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'Inigo', 'Resolution and Ranks')
  await openSection(page, 'Table')
  const bar = page.getByRole('main').getByRole('region', { name: 'Session' })
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText('Session 1')
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (?, null, 'threat', 3, 'session Threat', 't')").run(id)
  db.close()
  await bar.getByRole('button', { name: 'Close session' }).click()
  await expect(bar.getByRole('alert')).toContainText('The GM still holds 3 Threat (RK-7)')
  await bar.getByRole('button', { name: 'Close anyway' }).click()
  await expect(bar.getByRole('status')).toContainText('3 Threat was left unspent.')
  expect(problems).toEqual([])
})
