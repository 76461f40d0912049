import BetterSqlite3 from 'better-sqlite3'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection, quietDice } from './support'
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
  quietDice(lantern, id, 12)
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
  // The log shows what was undone struck through; "Undone: …" is the history's, not the story's.
  await expect(page.locator('li.undone', { hasText: 'Advanced 1 turn to Day 1 · 01:00.' })).toBeVisible()
  await expect(page.locator('li.undone', { hasText: 'Day 1 · 01:00: Glam’s torch went out' })).toBeVisible()
  await expect(page.getByText('Undone: Advanced 1 turn to Day 1 · 01:00.')).toHaveCount(0)
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
  // Resting is downtime: no encounter checks stop the days (CLK-3).
  await page.getByRole('button', { name: 'Downtime (no checks)' }).click()
  await expect(page.getByTestId('clock-mode')).toHaveText('Downtime')
  await page.locator('body').click()
  await page.keyboard.press('d')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 2 · 00:00')
  await page.keyboard.press('d')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 3 · 00:00')
  // Two days of 1d2 each: 4 to 6 H.
  await expect(rest).toContainText(/H [4-6] \/ 7/)
  expect(problems).toEqual([])
})

/** A lantern with no oil in Glam's pack, and two flasks of oil. */
function packLantern(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  const glam = (db.prepare("select id from character where campaign_id = ? and name = 'Glam'").get(campaignId) as { id: number }).id
  const add = db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 't', 't')")
  add.run(glam, 'Brass lantern', 'light', 1, '{"type":"lantern","oilPints":0}', 10)
  add.run(glam, 'Flask of oil', 'other', 2, '{}', 11)
  db.close()
}

test('CLK-3, CLK-4: in a Ladder campaign with 17–20, one press of D stops at the first encounter, G goes on, and the reaction is a plain d6', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'The Den', 'The Ladder')
  packParty(lantern, id)
  await page.reload()
  const bar = page.getByRole('region', { name: 'Clock' })
  // CLK-4: darkness is shown, as a condition with no number outside the old-school core.
  await expect(bar.getByText('Darkness: no light is lit', { exact: true })).toBeVisible()
  await expect(bar.getByText(/−5/)).toHaveCount(0)

  await openSection(page, 'Time & light')
  await expect(page.getByText('Darkness: no light is lit. It is a condition here: apply it in the game’s own terms (CLK-4).')).toBeVisible()
  await page.getByLabel('Encounter on').selectOption('17')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(bar.getByText('Encounter on 17–20 (d20) · enclosed')).toBeVisible()
  await expect(bar.getByRole('button', { name: /Go on/ })).toHaveCount(0)

  await page.locator('body').click()
  await page.keyboard.press('d')
  const goOn = bar.getByTestId('go-on')
  await expect(goOn).toContainText(/^Stopped at Day 1 · \d\d:\d\d by an encounter: .+ of 1 day left/)
  const alert = bar.getByRole('alert')
  await expect(alert).toContainText(/Encounter! d20 = (1[7-9]|20) · met at \d+ ft/)
  await expect(alert.getByText('Reaction (d6)')).toBeVisible()
  await expect(alert.getByLabel('Reaction, closest member’s S')).toHaveCount(0)
  await expect(alert).toContainText('hostile 33.3 % · uncertain 33.3 % · friendly 33.3 %')
  await alert.getByRole('button', { name: 'Roll reaction' }).click()
  await expect(alert.getByTestId('reaction')).toHaveText(/^d6 = \d → (hostile|uncertain|friendly)$/)
  await page.screenshot({ path: test.info().outputPath('clock-ladder-stopped.png') })
  // One encounter in the step's lines, not a day of them.
  await expect(page.getByRole('heading', { name: /^Advanced .+ of 1 day: an encounter at Day 1 · \d\d:\d\d, .+ left$/ })).toBeVisible()

  const stoppedAt = await bar.getByTestId('clock-time').textContent()
  await page.locator('body').click()
  await page.keyboard.press('g')
  await expect(bar.getByTestId('clock-time')).not.toHaveText(stoppedAt!)
  await expect(page.getByRole('heading', { name: /^Went on with / })).toBeVisible()

  // The Ladder campaign's settings can turn the reaction roll off (CLK-4).
  await openSection(page, 'Settings')
  await expect(page.getByLabel('Reaction roll after an encounter')).toBeChecked()
  await page.getByLabel('Reaction roll after an encounter').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('clock-ladder-settings.png') })
  expect(problems).toEqual([])
})

test('CLK-1: a GM sets when the campaign starts, jumps the clock with "Set the time", and undoes the jump', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  packParty(lantern, id)
  await page.reload()
  const bar = page.getByRole('region', { name: 'Clock' })
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 00:00')

  await openSection(page, 'Settings')
  const start = page.getByRole('group', { name: 'The campaign starts' })
  await start.getByLabel('Day', { exact: true }).fill('2')
  await start.getByLabel('Day', { exact: true }).press('Tab')
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 2 · 00:00')
  await start.getByLabel('Time of day').fill('08:30')
  await start.getByLabel('Time of day').press('Tab')
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 2 · 08:30')
  await expect(page.getByLabel('Reaction roll after an encounter')).toHaveCount(0) // OSR-13 is the old-school rule
  await page.screenshot({ path: test.info().outputPath('clock-settings-start.png') })

  await openSection(page, 'Time & light')
  await page.getByLabel('Light from a pack').selectOption({ label: 'Glam: Torches (2)' })
  await page.getByRole('button', { name: 'Light it' }).click()
  await page.getByLabel('Day', { exact: true }).fill('3')
  await page.getByLabel('Time of day').fill('06:15')
  await page.getByRole('button', { name: 'Set time', exact: true }).click()
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 3 · 06:15')
  await expect(bar.getByRole('status')).toContainText('Time set to Day 3 · 06:15 (from Day 2 · 08:30): no checks, nothing burnt or eaten')
  // Nothing burnt: the torch lit at 08:30 still has its hour.
  await expect(bar.getByRole('listitem').filter({ hasText: 'Glam’s torch' })).toContainText('1 h')
  await page.getByRole('region', { name: 'Set the time' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('clock-set-time.png') })

  // Once the clock has moved, the start is refused with what to do instead.
  await openSection(page, 'Settings')
  await start.getByLabel('Day', { exact: true }).fill('5')
  await start.getByLabel('Day', { exact: true }).press('Tab')
  await expect(page.getByRole('alert')).toContainText('The campaign starts: the clock has already moved from its start')

  await bar.getByRole('button', { name: /Undo/ }).click()
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 2 · 08:30')
  expect(problems).toEqual([])
})

test('CLK-4: a lantern in a pack is refilled from the carrier’s flask with one press, lit, and its refill sits beside it in the clock bar', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  packParty(lantern, id)
  packLantern(lantern, id)
  await page.reload()
  await openSection(page, 'Time & light')
  const lights = page.getByRole('list', { name: 'Lights on the clock' })
  const brass = lights.getByRole('listitem').filter({ hasText: 'Glam’s lantern “Brass lantern”' })
  await expect(brass).toContainText('in the pack')
  await expect(brass).toContainText('0.00 pt oil')
  await expect(brass.getByRole('button', { name: 'Light', exact: true })).toBeDisabled()
  await brass.getByRole('button', { name: 'Refill Glam’s lantern “Brass lantern”' }).click()
  await expect(brass).toContainText('1.00 pt oil')
  const bar = page.getByRole('region', { name: 'Clock' })
  await expect(bar.getByRole('status')).toContainText('Glam’s lantern “Brass lantern” was filled with 1 pint of oil from “Flask of oil”')
  await brass.getByRole('button', { name: 'Light', exact: true }).click()
  const inBar = bar.getByRole('listitem').filter({ hasText: 'Glam’s lantern “Brass lantern”' })
  await expect(inBar).toContainText('5 h')
  await page.screenshot({ path: test.info().outputPath('clock-lantern.png') })
  // Full: the refill beside it in the bar says so, by the lantern's name and carrier.
  await inBar.getByRole('button', { name: 'Refill Glam’s lantern “Brass lantern”' }).click()
  await expect(bar.getByRole('alert')).toHaveText('Glam’s lantern “Brass lantern” is full (1 pint): there is no room for more oil.')
  expect(problems).toEqual([])
})

test('CLK-4: OSR-7’s speed per turn is shown on an old-school character, not on a Ladder one; a lantern added in the inventory comes with a pint of oil', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  for (const [name, system] of [['The Den', 'The Ladder'], ['The Sunken Keep', 'Old-school core']] as const) {
    const id = await createCampaign(page, lantern, name, system)
    packParty(lantern, id)
    await page.reload()
    await openSection(page, 'Characters')
    await page.getByRole('list', { name: 'Characters' }).getByRole('link', { name: /Glam/ }).click()
    const derived = page.getByRole('region', { name: 'Derived values' })
    const inventory = page.getByRole('region', { name: 'Inventory' })
    if (system === 'The Ladder') {
      // Nothing the Ladder character carries weighs anything: no load beside a sheet whose rules have none.
      await expect(derived).not.toContainText('Load')
      await expect(derived.getByText('Speed per turn')).toHaveCount(0)
      await expect(inventory.getByLabel('Load and speed')).not.toContainText('per turn')
      await page.screenshot({ path: test.info().outputPath('clock-ladder-character.png') })
    } else {
      await expect(derived).toContainText('Load')
      await expect(derived.getByText('Speed per turn')).toBeVisible()
      await expect(inventory.getByLabel('Load and speed')).toContainText('per turn')
    }
  }
  // The old-school character's pack: a lantern added shows its pint of oil before it is saved.
  const inventory = page.getByRole('region', { name: 'Inventory' })
  await inventory.getByLabel('New item').fill('Brass lantern')
  await inventory.getByLabel('Kind', { exact: true }).selectOption('light')
  await inventory.getByLabel('New item light type').selectOption('lantern')
  await expect(inventory.getByLabel('New item oil in pints')).toHaveValue('1')
  await inventory.getByRole('button', { name: 'Add item' }).click()
  await expect(inventory.getByText('Added “Brass lantern”.')).toBeVisible()
  await expect(inventory.getByLabel('Brass lantern oil in pints')).toHaveValue('1')
  await inventory.getByLabel('Brass lantern oil in pints').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('clock-lantern-inventory.png') })
  expect(problems).toEqual([])
})

test('CLK-7: days from the clock bar, then a month in one step (as a script asks through the API): the home keeps its newest 50, the table shows the month by its own entry, the lines left out and its newest; undone, struck through', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await openSection(page, 'Time & light')
  await page.getByLabel('New timer').fill('The abbey bell tolls')
  await page.getByLabel('In how many').fill('1')
  await page.getByLabel('Unit').selectOption('hours')
  await page.getByLabel('repeats').check()
  await page.getByRole('button', { name: 'Set timer' }).click()
  await expect(page.getByRole('list', { name: 'Timers' })).toContainText('The abbey bell tolls')
  await page.getByRole('button', { name: 'Downtime (no checks)' }).click()
  await openSection(page, 'Home')
  const recent = page.getByRole('list', { name: 'Recent log entries' })
  await expect(recent.getByRole('listitem').first()).toContainText('Downtime')
  // Three days from the clock bar, 25 lines each, sent one by one: the home keeps its newest 50.
  const bar = page.getByRole('region', { name: 'Clock' })
  for (const day of [2, 3, 4]) {
    await bar.getByRole('button', { name: '+1 day' }).click()
    await expect(bar.getByTestId('clock-time')).toHaveText(`Day ${day} · 00:00`)
  }
  await expect(recent.getByRole('listitem').first()).toContainText('Day 4 · 00:00')
  await expect(recent.getByRole('listitem')).toHaveCount(50)

  // Thirty days in one call, on a socket of its own (the screens' biggest step is a day): the bell tolls 720 times.
  const written = await page.evaluate(`(async () => {
    const ws = new WebSocket('ws://' + location.host + '/api?token=' + localStorage.getItem('lantern.token'))
    await new Promise((ok) => (ws.onopen = ok))
    const answer = new Promise((ok) => {
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data))
        if (m.id === 1) ok(m.result)
      }
    })
    ws.send(JSON.stringify({ id: 1, method: 'clock.advance', input: { campaignId: ${id}, span: { days: 30 } } }))
    const r = await answer
    ws.close()
    return r.ok ? r.value.lines.length : -1
  })()`)
  expect(written).toBe(750) // 720 tolls and 30 new days
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 34 · 00:00')
  // The home's recent log reads its newest 50 again (told of the month at once, not entry by entry).
  await expect(recent.getByRole('listitem').first()).toContainText('Day 34 · 00:00')
  await expect(recent.getByRole('listitem')).toHaveCount(50)

  await openSection(page, 'Table')
  const log = page.getByRole('list', { name: 'Log entries' })
  // The step's own entry, then the 200 newest of its 750 lines (its last eight days); 550 left out.
  await expect(log.getByRole('listitem')).toHaveCount(201)
  await expect(log.getByRole('listitem').first()).toContainText('Advanced 30 days to Day 34 · 00:00')
  await expect(log.getByTestId('log-cut')).toHaveText('… 550 more lines of this step, not shown here (Search finds them).')
  await expect(log.getByRole('listitem').last()).toContainText('D34 · 00:00')
  await log.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('table-log-long-step.png') })

  // Undo takes the whole month back: the undo's own entry on top, the step and its newest lines struck through.
  await bar.getByRole('button', { name: /Undo/ }).click()
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 4 · 00:00')
  await expect(log.getByRole('listitem').first()).toContainText('Undone: Advanced 30 days')
  await expect(log.locator('li.undone')).toHaveCount(200)
  await expect(log.locator('li.undone').first()).toContainText('Advanced 30 days')
  await expect(log.getByTestId('log-cut')).toHaveText('… 551 more lines of this step, not shown here (Search finds them).')
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(problems).toEqual([])
})

test('CLK-5: a day that feeds four characters is read again once or twice, not once a row: the table shows what was eaten', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  // Every call the page makes, by method, counted as it is sent.
  await page.addInitScript(`
    window.__asked = {}
    const Native = window.WebSocket
    window.WebSocket = class extends Native {
      send(text) {
        const m = JSON.parse(text)
        window.__asked[m.method] = (window.__asked[m.method] ?? 0) + 1
        super.send(text)
      }
    }
  `)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  const addPc = db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')")
  const add = db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, 5, '{}', 't', 't')")
  for (const name of ['Glam', 'Brann', 'Ceri', 'Dag']) {
    const pc = Number(addPc.run(id, name).lastInsertRowid)
    add.run(pc, 'Rations', 'ration')
    add.run(pc, 'Waterskin', 'water')
  }
  db.close()
  await page.reload()
  await openSection(page, 'Time & light')
  await page.getByRole('button', { name: 'Downtime (no checks)' }).click()
  await openSection(page, 'Table')
  const party = page.getByRole('region', { name: 'Party' })
  await expect(party.getByText('rations 5 d · water 5 pt')).toHaveCount(4)
  await expect(page.getByRole('list', { name: 'Log entries' }).getByRole('listitem').first()).toContainText('Downtime')
  await page.evaluate('window.__asked = {}')

  // One day: eight rows change (a ration and a pint each), each told in an event of its own.
  const bar = page.getByRole('region', { name: 'Clock' })
  await bar.getByRole('button', { name: '+1 day' }).click()
  await expect(bar.getByTestId('clock-time')).toHaveText(/^Day 2 ·/)
  await expect(party.getByText('rations 4 d · water 4 pt')).toHaveCount(4)
  // What follows the step has settled when the log shows it.
  await expect(page.getByRole('list', { name: 'Log entries' }).getByRole('listitem').first()).toContainText('Advanced 1 day')
  // The clock: once on the step's first event, once after the rest. The party: the same for the
  // rows, and once more for the clock read again (its lights' time left is the clock's). Before:
  // the clock 9 times and the party 18, one for each event.
  const asked = (await page.evaluate('window.__asked')) as Record<string, number>
  expect(asked['clock.advance']).toBe(1)
  expect(asked['clock.get'] ?? 0).toBeLessThanOrEqual(2)
  expect(asked['party.get'] ?? 0).toBeLessThanOrEqual(3)
  expect(problems).toEqual([])
})
