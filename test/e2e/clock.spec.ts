import BetterSqlite3 from 'better-sqlite3'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'
import type { Lantern } from './fixtures'

/** The party's packs, written into the library the server has open (WAL allows a second writer). */
function packParty(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  const glam = Number(
    db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', 'Glam', 't', 't')").run(campaignId).lastInsertRowid,
  )
  const add = db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, ?, ?, 't', 't')")
  add.run(glam, 'Torches', 'light', 2, '{"type":"torch","oilPints":0}')
  add.run(glam, 'Rations', 'ration', 3, '{}')
  add.run(glam, 'Waterskin', 'water', 3, '{}')
  db.close()
}

test('a GM lights a torch, advances twelve turns, sees it go out, and undoes the last advance', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  packParty(lantern, id)
  await page.reload()

  const bar = page.getByRole('region', { name: 'Clock' })
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 00:00')
  await expect(bar.getByText('Darkness: no light is lit (−5)')).toBeVisible()

  await openSection(page, 'Time & light')
  await page.getByLabel('Light from a pack').selectOption({ label: 'Glam: Torches (2)' })
  await page.getByRole('button', { name: 'Light it' }).click()
  const lights = page.getByRole('list', { name: 'Lights on the clock' })
  await expect(lights.getByText('Glam’s torch', { exact: true })).toBeVisible()
  await expect(lights.getByText('1 h left')).toBeVisible()
  await expect(bar.getByText('Darkness')).toHaveCount(0)
  await expect(page.getByLabel('Light from a pack').getByRole('option', { name: 'Glam: Torches (1)' })).toHaveCount(1)

  // Eleven turns with the T key, then the twelfth with the button: the torch warns, then goes out.
  await page.locator('body').click()
  for (let i = 1; i <= 11; i++) {
    await page.keyboard.press('t')
    await expect(bar.getByTestId('clock-time')).toHaveText(`Day 1 · 00:${String(i * 5).padStart(2, '0')}`)
  }
  await expect(bar.getByRole('listitem').filter({ hasText: 'Glam’s torch' })).toContainText('5 min')
  await bar.getByRole('button', { name: /\+1 turn/ }).click()
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 01:00')
  await expect(bar.getByRole('status').filter({ hasText: 'Glam’s torch went out' })).toBeVisible()
  await expect(bar.getByText('Darkness: no light is lit (−5)')).toBeVisible()
  await expect(lights.getByText('Glam’s torch', { exact: true })).toHaveCount(0) // used up
  await page.screenshot({ path: test.info().outputPath('clock-torch-out.png') })

  // Undo the last advance: the torch burns again with five minutes left.
  await page.keyboard.press('Control+z')
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 00:55')
  await expect(bar.getByText('Darkness')).toHaveCount(0)
  await expect(lights.getByText('5 min left')).toBeVisible()

  await page.reload()
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 00:55')
  await openSection(page, 'Home')
  await expect(page.getByText('Undone: Advanced 1 turn to Day 1 · 01:00.')).toBeVisible()
  await expect(page.getByText('Day 1 · 01:00: Glam’s torch went out')).toBeVisible()
  expect(problems).toEqual([])
})

test('an encounter found by "until" shows its distance, the reaction odds before the roll, rolls the place’s table, and starts combat', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'Brigand Hills', 'Old-school core')
  packParty(lantern, id)
  const db = new BetterSqlite3(lantern.dataFile)
  const hills = db.prepare("insert into location (campaign_id, name, kind, created_at, updated_at) values (?, 'The Hills', 'open', 't', 't')").run(id).lastInsertRowid
  const table = db.prepare("insert into encounter_table (campaign_id, location_id, name, dice, created_at, updated_at) values (?, ?, 'Hill wanderers', '1d6', 't', 't')").run(id, hills).lastInsertRowid
  db.prepare("insert into encounter_row (table_id, min, max, text) values (?, 1, 6, 'Brigands on ponies')").run(table)
  db.close()
  await page.reload()
  await openSection(page, 'Time & light')
  // Where the party is sets the place kind: open country, threats met at 1d20 × 50 ft.
  await page.getByLabel('The party is in').selectOption({ label: 'The Hills (open)' })
  const bar = page.getByRole('region', { name: 'Clock' })
  await expect(bar.getByText('The Hills · Encounter on 20 (d20) · open')).toBeVisible()
  await expect(page.getByText('On an encounter: Hill wanderers.')).toBeVisible()
  // Encounters on 15–20, so one comes within the day.
  await page.getByLabel('Encounter on').selectOption('15')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(bar.getByText('The Hills · Encounter on 15–20 (d20) · open')).toBeVisible()
  await page.locator('body').click()
  await page.keyboard.press('u')
  const alert = bar.getByRole('alert')
  await expect(alert).toContainText(/Encounter! d20 = (1[5-9]|20) · met at \d+0 ft/)
  await expect(alert).toContainText('hostile 33.3 % · uncertain 33.3 % · friendly 33.3 %')
  await alert.getByLabel('Reaction, closest member’s S').selectOption('1')
  await expect(alert).toContainText('hostile 16.7 % · uncertain 33.3 % · friendly 50.0 %')
  await alert.getByRole('button', { name: 'Roll reaction' }).click()
  await expect(alert.getByTestId('reaction')).toContainText(/d6 = \d \+ 1 → (hostile|uncertain|friendly)/)
  await alert.getByRole('button', { name: 'Roll Hill wanderers (1d6)' }).click()
  await expect(alert.getByTestId('table-roll')).toHaveText(/Hill wanderers: \d = \d → Brigands on ponies/)
  await page.screenshot({ path: test.info().outputPath('clock-encounter.png') })
  await alert.getByRole('button', { name: 'Start combat' }).click()
  await expect(bar.getByTestId('clock-mode')).toHaveText('Combat · round 0 (5 s)')
  await page.keyboard.press('r')
  await expect(bar.getByTestId('clock-mode')).toHaveText('Combat · round 1 (5 s)')
  expect(problems).toEqual([])
})

test('OSR-20: a GM marks a wounded character as resting, and two full days heal their H', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  packParty(lantern, id)
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("update character set sheet = ? where name = 'Glam'").run(JSON.stringify({ level: 1, h: 2, maxH: 7 }))
  db.close()
  await page.reload()
  await openSection(page, 'Time & light')
  const rest = page.getByRole('list', { name: 'Rest and healing' })
  await expect(rest).toContainText('H 2 / 7')
  await rest.getByLabel('Glam rests').check()
  await expect(rest).toContainText('since Day 1 · 00:00')
  await page.locator('body').click()
  await page.keyboard.press('d')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 2 · 00:00')
  await page.keyboard.press('d')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 3 · 00:00')
  // Two days of 1d2 each: 4 to 6 H.
  await expect(rest).toContainText(/H [4-6] \/ 7/)
  expect(problems).toEqual([])
})
