/**
 * The players' screen, two browsers at once: the GM (1280×800) shares the campaign, a player
 * (a phone, 390×844) opens the link; as the GM advances the clock, lights and douses torches,
 * starts combat from an encounter with two foes, reveals one, rolls once in public and once GM
 * only, and hands out a location, the player's page follows each change and shows only what it
 * should. Sharing listens on 127.0.0.1 only (LANTERN_SHARE_HOST): no traffic goes to a LAN address.
 */
import BetterSqlite3 from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { test, expect, watchConsole } from './fixtures'
import type { Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

process.env.LANTERN_SHARE_HOST = '127.0.0.1'
process.env.LANTERN_SHARE_PORT = '0'
const SHOTS = 'test-results/shots-players'

/** Glam with two torches, the Crypt's wandering table (two ghouls) and the campaign's dice seeded, written into the open library. */
function seed(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  const glam = db
    .prepare("insert into character (campaign_id, kind, name, notes, sheet, created_at, updated_at) values (?, 'pc', 'Glam', '', ?, 't', 't')")
    .run(campaignId, JSON.stringify({ level: 1, B: 0, M: 0, S: 0, h: 5, maxH: 5 })).lastInsertRowid
  db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, 'Torches', 'light', 2, ?, 't', 't')").run(
    glam,
    JSON.stringify({ type: 'torch' }),
  )
  const crypt = db
    .prepare("insert into location (campaign_id, name, kind, description, created_at, updated_at) values (?, 'The Crypt', 'enclosed', 'GMSECRET the third tomb is a trap', 't', 't')")
    .run(campaignId).lastInsertRowid
  const table = db
    .prepare("insert into encounter_table (campaign_id, location_id, name, dice, created_at, updated_at) values (?, ?, 'Crypt wanderers', '1d6', 't', 't')")
    .run(campaignId, crypt).lastInsertRowid
  db.prepare('insert into encounter_row (table_id, min, max, text) values (?, 1, 6, ?)').run(table, '2 ghouls')
  // Seeded dice: "Until…" meets an encounter before the torch burns out (unseeded, about one run in thirty does not).
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run('players-crypt', campaignId)
  db.close()
}

test('the players’ screen follows the GM live and shows only what players may see', async ({ browser, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const gmContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await gmContext.newPage()
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  seed(lantern, id)
  await page.reload()

  // The GM shares from the table: the address and its QR code.
  await openSection(page, 'Table')
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Players’ screen' })
  const url = (await dialog.getByTestId('players-url').textContent())!.trim()
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#key=[A-Za-z0-9_-]{40,}$/)
  await expect(dialog.getByRole('img', { name: 'QR code of the players’ link' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/gm-sharing.png` })
  await dialog.getByRole('button', { name: 'Close' }).click()

  // The player opens the link on a phone.
  const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const player = await playerContext.newPage()
  const playerProblems = watchConsole(player)
  await player.goto(url)
  await expect(player.getByTestId('players-when')).toHaveText('Day 1 · 00:00')
  await expect(player.getByTestId('players-mode')).toHaveText('Exploration')
  await expect(player.getByTestId('players-dark')).toContainText('Darkness')
  await expect(player.getByTestId('players-dark')).toContainText('No light is lit: −5 to actions in darkness')
  await player.screenshot({ path: `${SHOTS}/player-dark.png`, fullPage: true })

  // The GM lights a torch: the player sees it with its time left, and the dark is gone.
  await openSection(page, 'Time & light')
  await page.getByLabel('Light from a pack').selectOption({ label: 'Glam: Torches (2)' })
  await page.getByRole('button', { name: 'Light it' }).click()
  const light = player.getByTestId('players-light')
  await expect(light).toContainText('Torch · Glam')
  await expect(light).toContainText('1 h')
  await expect(player.getByTestId('players-dark')).toHaveCount(0)

  // The GM advances the clock: two turns with T.
  const bar = page.getByRole('region', { name: 'Clock' })
  await page.locator('body').click()
  await page.keyboard.press('t')
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 00:05')
  await page.keyboard.press('t')
  await expect(player.getByTestId('players-when')).toHaveText('Day 1 · 00:10')
  await expect(light).toContainText('50 min')
  await player.screenshot({ path: `${SHOTS}/player-exploration.png`, fullPage: true })

  // Douse and light again: the player follows both.
  const lights = page.getByRole('list', { name: 'Lights on the clock' })
  await lights.getByRole('button', { name: 'Douse' }).click()
  await expect(player.getByTestId('players-dark')).toBeVisible()
  await expect(player.getByTestId('players-light')).toHaveCount(0)
  await lights.getByRole('button', { name: 'Light', exact: true }).first().click()
  await expect(player.getByTestId('players-light')).toContainText('Torch · Glam')

  // An encounter on the check: combat from it, with its two ghouls as foes; the players see none yet.
  await page.getByLabel('The party is in').selectOption({ label: 'The Crypt (enclosed)' })
  await expect(bar).toContainText('The Crypt · Encounter on 20')
  await page.getByLabel('Encounter on').selectOption('15')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(bar).toContainText('Encounter on 15–20')
  await page.locator('body').click()
  await page.keyboard.press('u')
  const alert = bar.getByRole('alert')
  await expect(alert).toContainText('Encounter!')
  await alert.getByRole('button', { name: 'Roll Crypt wanderers (1d6)' }).click()
  await alert.getByRole('button', { name: 'Start combat' }).click()
  const combat = page.getByRole('region', { name: 'Combat' })
  await expect(combat.getByRole('listitem', { name: 'Ghouls 1' })).toBeVisible()
  await expect(combat.getByRole('listitem', { name: 'Ghouls 2' })).toBeVisible()
  await expect(player.getByTestId('players-mode')).toHaveText(/^Combat · round \d+$/)
  const fighters = player.getByTestId('players-fighter')
  await expect(fighters.filter({ hasText: 'Glam' })).toBeVisible()
  await expect(fighters.filter({ hasText: 'Ghouls' })).toHaveCount(0)

  // The GM starts a handout (below), then reveals one ghoul before showing it: the player sees
  // the ghoul, without its H; the other stays hidden; the handout's words typed are kept.
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  await dialog.getByLabel('Location or NPC').selectOption({ label: 'The Crypt' })
  await dialog.getByLabel(/^Heading for the players/).fill('Below the chapel')
  await dialog.getByLabel('What the players read (never your notes)').fill('A low vault that smells of wet stone.')
  const foes = dialog.getByRole('region', { name: 'Foes' })
  await foes.getByRole('listitem').filter({ hasText: 'Ghouls 1' }).getByLabel('Revealed').check()
  await expect(fighters.filter({ hasText: 'Ghouls 1' })).toBeVisible()
  await expect(fighters.filter({ hasText: 'Ghouls 2' })).toHaveCount(0)
  await expect(fighters.filter({ hasText: 'Ghouls 1' })).not.toContainText('H ')
  await expect(fighters.filter({ hasText: 'Glam' })).toContainText('H 5/5')
  await page.screenshot({ path: `${SHOTS}/gm-reveal.png` })

  // A location handout: the players read the words written for them, never the GM's description.
  // Under the heading the GM gives it: the record's own name is the GM's.
  await expect(dialog.getByLabel(/^Heading for the players/)).toHaveValue('Below the chapel')
  await expect(dialog.getByLabel('What the players read (never your notes)')).toHaveValue('A low vault that smells of wet stone.')
  await dialog.getByRole('button', { name: 'Reveal to players' }).click()
  await expect(player.getByTestId('players-handouts')).toContainText('Below the chapel')
  await expect(player.getByTestId('players-handouts')).toContainText('A low vault that smells of wet stone.')
  await expect(player.getByTestId('players-handouts')).not.toContainText('The Crypt')
  await dialog.getByRole('button', { name: 'Close' }).click()

  // One public roll and one GM-only roll: only the public one reaches the players.
  await openSection(page, 'Table')
  const roll = page.getByRole('region', { name: 'Roll' })
  await roll.getByRole('radio', { name: 'Is it so?' }).click()
  await roll.getByRole('button', { name: /^Roll/ }).click()
  const isItSo = player.getByTestId('players-roll').filter({ hasText: 'Is it so?' })
  await expect(isItSo).toHaveCount(1)
  await expect(isItSo.first()).toContainText('Is it so? d6 =')
  const logged = page.getByRole('region', { name: 'Log' }).getByText(/Is it so\? d6 =/)
  const before = await logged.count()
  await roll.getByLabel('GM only').check()
  await roll.getByRole('radio', { name: 'Is it so?' }).click()
  await roll.getByRole('button', { name: /^Roll/ }).click()
  // The GM's log shows the GM-only roll too; the players' page still one.
  await expect.poll(() => logged.count()).toBeGreaterThan(before)
  await page.locator('body').click()
  await page.keyboard.press('r')
  await expect(player.getByTestId('players-mode')).toHaveText(/^Combat · round \d+$/)
  await expect(isItSo).toHaveCount(1)
  // The round's initiative reaches them too: the ghoul revealed by its name, the other as "a foe".
  await expect(player.getByTestId('players-roll').filter({ hasText: /Initiative, round \d+: .*Ghouls 1.*a foe|Initiative, round \d+: .*a foe.*Ghouls 1/ })).toHaveCount(1)
  // The page draws itself anew on each change: wait for the section, not a handle on it.
  await expect(player.getByTestId('players-combat')).toBeVisible()
  await player.screenshot({ path: `${SHOTS}/player-combat.png`, fullPage: true })

  // Nothing secret on the player's page.
  const text = await player.locator('body').innerText()
  expect(text).not.toContain('GMSECRET')
  expect(text).not.toContain('Ghouls 2')
  expect(text).not.toContain('Crypt wanderers')
  expect(text).not.toContain('2 ghouls')

  // The same page on a TV across the room.
  await player.setViewportSize({ width: 1920, height: 1080 })
  await player.screenshot({ path: `${SHOTS}/player-tv.png` })
  await player.setViewportSize({ width: 390, height: 844 })

  // Change key: the player is told to ask for the new link.
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  await dialog.getByRole('button', { name: 'Change key' }).click()
  await expect(player.getByTestId('players-message')).toHaveText('This link no longer works. Ask the GM for the new link.')
  const newUrl = (await dialog.getByTestId('players-url').textContent())!.trim()
  expect(newUrl).not.toBe(url)
  await player.goto(newUrl)
  await expect(player.getByTestId('players-mode')).toHaveText(/^Combat/)

  expect(problems).toEqual([])
  expect(playerProblems).toEqual([])
  await playerContext.close()
  await gmContext.close()
})

test('a players’ page reconnects by itself after Lantern restarts and the GM shares again', async ({ browser, lantern }) => {
  const gmContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await gmContext.newPage()
  await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await openSection(page, 'Table')
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Players’ screen' })
  const url = (await dialog.getByTestId('players-url').textContent())!.trim()
  await dialog.getByRole('button', { name: 'Close' }).click()

  const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const player = await playerContext.newPage()
  await player.goto(url)
  await expect(player.getByTestId('players-when')).toHaveText('Day 1 · 00:00')

  // Lantern stops and starts again (the players' link keeps its port: the key is kept in the library).
  process.env.LANTERN_SHARE_PORT = new URL(url).port
  await lantern.restart()
  await expect(player.getByTestId('players-status')).toHaveText('Connection lost: reconnecting…')
  await page.reload()
  // The table says the players' pages are waiting, and shares again in one click, on the same link.
  const waiting = page.getByRole('status').filter({ hasText: 'The players’ screen stopped when Lantern closed' })
  await expect(waiting).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('players-share-again.png') })
  await waiting.getByRole('button', { name: 'Share again' }).click()
  await expect(waiting).toHaveCount(0)
  await expect(player.getByTestId('players-when')).toHaveText('Day 1 · 00:00')
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  await expect(dialog.getByTestId('players-url')).toHaveText(url)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('region', { name: 'Clock' }).getByRole('button', { name: /^\+1 turn/ }).click()
  await expect(player.getByTestId('players-when')).toHaveText('Day 1 · 00:05')
  await expect(player.getByTestId('players-status')).toBeHidden()
  // Stopped by the GM, nothing is offered after a restart.
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  await dialog.getByRole('button', { name: 'Stop sharing' }).click()
  await lantern.restart()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Players’ screen' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Share again' })).toHaveCount(0)
  process.env.LANTERN_SHARE_PORT = '0'
  await playerContext.close()
  await gmContext.close()
})

test('a long campaign: the ten foes met last are listed, a name typed finds an older one to reveal; a handout is found by typing its name', async ({ browser, lantern }) => {
  const gmContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await gmContext.newPage()
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'The Long Road', 'Old-school core')
  // Forty foes met in earlier fights: the Necromancer first, then thirty-nine raiders.
  const db = new BetterSqlite3(lantern.dataFile)
  const meet = db.prepare("insert into players_foe (campaign_id, key, name, alias, created_at) values (?, ?, ?, 'a foe', 't')")
  meet.run(id, 'osr:necromancer', 'The Necromancer')
  for (let n = 1; n <= 39; n++) meet.run(id, `osr:raider-${n}`, `Goblin raider ${n}`)
  // And a city's people and places to hand out: three hundred NPCs, a few locations.
  const npc = db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'npc', ?, 't', 't')")
  for (let n = 1; n <= 300; n++) npc.run(id, `Villager ${String(n).padStart(3, '0')}`)
  const place = db.prepare("insert into location (campaign_id, name, kind, created_at, updated_at) values (?, ?, 'enclosed', 't', 't')")
  for (const name of ['The Chapel', 'The Crypt', 'The Mill']) place.run(id, name)
  db.close()
  await page.reload()

  await openSection(page, 'Table')
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Players’ screen' })
  const met = dialog.getByTestId('players-foes-met')
  const names = met.locator('.name')
  await expect(names).toHaveCount(10)
  await expect(names.first()).toHaveText('Goblin raider 39')
  await expect(names.last()).toHaveText('Goblin raider 30')
  await expect(dialog.getByRole('status').filter({ hasText: 'met last' })).toHaveText('The 10 met last of 40: type a name to find another.')

  const find = dialog.getByLabel('Find a foe met')
  await find.fill('necro')
  await expect(names).toHaveText(['The Necromancer'])
  await met.getByRole('listitem').filter({ hasText: 'The Necromancer' }).getByLabel('Revealed').check()
  await expect(met.getByRole('listitem').filter({ hasText: 'The Necromancer' }).getByLabel('Numbers shown')).toBeEnabled()
  await find.fill('zzz')
  await expect(names).toHaveCount(0)
  await expect(dialog.getByRole('status').filter({ hasText: 'No foe met' })).toHaveText('No foe met is called “zzz”.')
  await find.fill('raider')
  await expect(names).toHaveCount(39)
  await page.screenshot({ path: test.info().outputPath('players-foes-met.png') })

  // The handouts: typing a name's first letters in the list finds it among three hundred NPCs.
  const handout = dialog.getByLabel('Location or NPC')
  await expect(handout.locator('optgroup')).toHaveCount(2)
  await handout.focus()
  await page.keyboard.type('The Cr')
  await expect(handout.locator('option:checked')).toHaveText('The Crypt')
  await expect(dialog.getByRole('button', { name: 'Reveal to players' })).toBeVisible()

  // Closed and opened again: the reveal was kept.
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  await dialog.getByLabel('Find a foe met').fill('Necromancer')
  await expect(met.getByRole('listitem').filter({ hasText: 'The Necromancer' }).getByLabel('Revealed')).toBeChecked()
  await expect(met.getByRole('listitem').filter({ hasText: 'Goblin raider' })).toHaveCount(0)
  expect(problems).toEqual([])
  await gmContext.close()
})
