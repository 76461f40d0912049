/**
 * An evening at the table without leaving it: Ctrl+K finds what the Search page finds and offers
 * "Search for …"; lights are lit, handed over, doused and refilled from the party column and from
 * Ctrl+K, each undone with Ctrl+Z; +1 and −1 act in one click and the reason is given after; the
 * players' screen asks before it switches to another campaign.
 */
import BetterSqlite3 from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, holdAnswers, openSection } from './support'

process.env.LANTERN_SHARE_HOST = '127.0.0.1'
process.env.LANTERN_SHARE_PORT = '0'
const SHOTS = 'test-results/shots-27a'
const VIEW = { width: 1280, height: 800 }

/** Mira with torches, iron rations and gold; Bryn with a lantern low on oil and no flask; a place, a table, an abbot. */
function seed(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run('evening', campaignId)
  const pc = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')")
  const item = db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, ?, ?, 't', 't')")
  const gold = db.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, session_id, created_at) values (?, ?, 'gold', ?, ?, null, 't')")
  const sheet = JSON.stringify({ level: 1, B: 0, M: 0, S: 0, h: 4, maxH: 4 })
  const mira = Number(pc.run(campaignId, 'Mira', sheet).lastInsertRowid)
  const bryn = Number(pc.run(campaignId, 'Bryn', sheet).lastInsertRowid)
  item.run(mira, 'Torches', 'light', 2, JSON.stringify({ type: 'torch' }))
  item.run(mira, 'Iron rations', 'ration', 4, '{}')
  item.run(bryn, 'Lantern', 'light', 1, JSON.stringify({ type: 'lantern', oilPints: 0.5 }))
  gold.run(campaignId, mira, 10, 'Miraculous prayer answered in coin')
  const cell = db.prepare("insert into location (campaign_id, name, kind, description, created_at, updated_at) values (?, 'Chapter house', 'enclosed', 'Where the abbot keeps the keys 🗝️', 't', 't')").run(campaignId).lastInsertRowid
  const table = db.prepare("insert into encounter_table (campaign_id, location_id, name, dice, created_at, updated_at) values (?, ?, 'Undercroft', '1d6', 't', 't')").run(campaignId, cell).lastInsertRowid
  db.prepare('insert into encounter_row (table_id, min, max, text) values (?, 1, 6, ?)').run(table, '2d4 crypt rats')
  db.close()
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })

/** Opens Ctrl+K (unless it is open) and types `text`. */
async function ask(page: Page, text: string): Promise<void> {
  if (!(await palette(page).isVisible())) {
    await page.evaluate('document.activeElement && document.activeElement.blur()')
    await page.keyboard.press('Control+k')
  }
  await expect(palette(page).getByLabel('Go to or do')).toBeFocused()
  await palette(page).getByLabel('Go to or do').fill(text)
}

test('Ctrl+K finds content as the Search page does, a few hits of each kind, and offers “Search for …”', async ({ page, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  seed(lantern, id)
  await page.reload()
  await openSection(page, 'Table')
  const options = palette(page).getByRole('option')

  await ask(page, 'Iron rations')
  await expect(options.filter({ hasText: 'Item' }).filter({ hasText: 'Iron rations' })).toBeVisible()
  await expect(options.last()).toHaveText(/Search\s*Search for “Iron rations”/)
  await expect(palette(page)).not.toContainText('Nothing matches')
  await page.screenshot({ path: `${SHOTS}/palette-item.png` })
  // Enter opens the best hit where the Search page would: Mira's page.
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Mira')

  await ask(page, 'Miraculous prayer')
  await expect(options.filter({ hasText: 'Ledger' }).filter({ hasText: 'Miraculous prayer answered in coin' })).toBeVisible()
  await ask(page, 'crypt rat')
  await expect(options.filter({ hasText: 'Table row' }).filter({ hasText: '2d4 crypt rats' })).toBeVisible()
  await ask(page, 'abbot')
  await expect(options.filter({ hasText: 'Location' }).filter({ hasText: 'Chapter house' })).toContainText('Where the abbot keeps the keys')
  await page.screenshot({ path: `${SHOTS}/palette-location.png` })
  await ask(page, '🗝️')
  await expect(options.filter({ hasText: 'Location' }).filter({ hasText: 'Chapter house' })).toBeVisible()

  // Nothing found: still a way on, to the Search page with the words typed.
  await ask(page, 'dragon')
  await expect(options).toHaveCount(1)
  await expect(options).toHaveText(/Search for “dragon”/)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Search this campaign')).toHaveValue('dragon')
  await expect(page.getByRole('status')).toHaveText('Nothing in The Sunken Keep matches “dragon”.')

  // "Search for …" chosen with the arrows, after the hits.
  await ask(page, 'abbot')
  await expect(options.last()).toHaveText(/Search for “abbot”/)
  await expect(options.filter({ hasText: 'Location' }).filter({ hasText: 'Chapter house' })).toBeVisible()
  const count = await options.count()
  for (let i = 1; i < count; i++) await page.keyboard.press('ArrowDown')
  await expect(options.last()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Search this campaign')).toHaveValue('abbot')
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: /^Location/ })).toContainText('Chapter house')
  expect(problems).toEqual([])
})

/**
 * The Sunken Keep at the table, Ctrl+K asked "abbot" with the search's answers held back: the
 * "Search for …" row is there, the hits not yet (`answers.release()` lets them in).
 */
async function abbotAskedAtTheTable(page: Page, lantern: Lantern) {
  const answers = await holdAnswers(page, 'search.query')
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  seed(lantern, id)
  await page.reload()
  await openSection(page, 'Table')
  const options = palette(page).getByRole('option')
  answers.hold()
  await ask(page, 'abbot')
  await expect(options.last()).toHaveText(/Search for “abbot”/)
  await expect.poll(() => answers.held()).toBeGreaterThan(0)
  return { answers, problems, options, searchFor: options.filter({ hasText: 'Search for “abbot”' }) }
}

test('Ctrl+K: the command chosen with the arrows stays chosen when the search\'s hits come in after it', async ({ page, lantern }) => {
  const { answers, problems, options, searchFor } = await abbotAskedAtTheTable(page, lantern)
  // Down to the last of what is there (↓ on the last stays on it).
  const count = await options.count()
  for (let i = 0; i < count; i++) await page.keyboard.press('ArrowDown')
  await expect(searchFor).toHaveAttribute('aria-selected', 'true')
  // The hits arrive: they go in above "Search for …", which stays the one chosen.
  answers.release()
  await expect(options.filter({ hasText: 'Location' }).filter({ hasText: 'Chapter house' })).toBeVisible()
  await expect(searchFor).toHaveAttribute('aria-selected', 'true')
  await expect(options.filter({ hasText: 'Chapter house' })).toHaveAttribute('aria-selected', 'false')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Search this campaign')).toHaveValue('abbot')
  expect(problems).toEqual([])
})

test('Ctrl+K: a row that slides under a mouse pointer left still does not take the choice from the one pointed at', async ({ page, lantern }) => {
  const { answers, problems, options, searchFor } = await abbotAskedAtTheTable(page, lantern)
  // The GM points at "Search for …" and leaves the mouse there.
  const box = (await searchFor.boundingBox())!
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  await page.mouse.move(at.x, at.y)
  await expect(searchFor).toHaveAttribute('aria-selected', 'true')
  // The hits arrive above it: the rows move down, and another is now under the still pointer
  // (once the browser has seen it so: the row under the pointer is the one it hovers).
  answers.release()
  await expect(options.filter({ hasText: 'Location' }).filter({ hasText: 'Chapter house' })).toBeVisible()
  const hovered = () =>
    page.evaluate(`(() => {
      const row = document.elementFromPoint(${at.x}, ${at.y})?.closest('[role="option"]')
      return row && row.matches(':hover') ? row.textContent : null
    })()`) as Promise<string | null>
  await expect.poll(hovered).not.toBeNull()
  expect(await hovered()).not.toContain('Search for')
  await expect(searchFor).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Search this campaign')).toHaveValue('abbot')
  expect(problems).toEqual([])
})

test('lights from the party column and from Ctrl+K: light, hand over, douse, refill, each undone with Ctrl+Z', async ({ page, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  seed(lantern, id)
  await page.reload()
  await openSection(page, 'Table')
  const party = page.getByRole('main').getByRole('region', { name: 'Party' })
  const mira = party.getByRole('listitem', { name: 'Mira', exact: true })
  const bryn = party.getByRole('listitem', { name: 'Bryn', exact: true })
  const barLights = page.getByRole('region', { name: 'Clock' }).getByRole('list', { name: 'Lights', exact: true })

  // Light a torch from Mira's pack, in two clicks, without leaving the table.
  await mira.getByRole('button', { name: 'Lights: Mira' }).click()
  const miraLights = mira.getByRole('list', { name: 'Lights of Mira' })
  await expect(miraLights.getByRole('button', { name: 'Light a torch (2 in the pack)', exact: true })).toBeFocused()
  await page.screenshot({ path: `${SHOTS}/party-lights-menu.png` })
  await miraLights.getByRole('button', { name: 'Light a torch (2 in the pack)', exact: true }).click()
  await expect(mira).toContainText('Torch · 1 h left')
  await expect(barLights).toContainText('Mira’s torch')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // What was done is said once, in the clock bar's report of the step, not again in the party column.
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('status')).toContainText('Mira’s torch was lit')
  await expect(party.getByText('Mira’s torch was lit')).toHaveCount(0)

  // Hand it to Bryn.
  await mira.getByRole('button', { name: 'Lights: Mira' }).click()
  await miraLights.getByRole('button', { name: 'Hand the torch to Bryn', exact: true }).click()
  await expect(bryn).toContainText('Torch · 1 h left')
  await expect(barLights).toContainText('Bryn’s torch')

  // Ctrl+K, as a GM says it: douse Bryn's torch; then Ctrl+Z lights it again.
  await ask(page, "douse bryn's torch")
  await expect(palette(page).getByRole('option').first()).toHaveText(/Action\s*Douse Bryn’s torch/)
  await page.screenshot({ path: `${SHOTS}/palette-douse.png` })
  await page.keyboard.press('Enter')
  await expect(barLights).not.toContainText('Bryn’s torch')
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('Control+z')
  await expect(barLights).toContainText('Bryn’s torch')

  // "light Mira's torch" offers the one left in her pack.
  await ask(page, "light Mira's torch")
  await expect(palette(page).getByRole('option').first()).toHaveText(/Action\s*Light Mira’s torch \(1 in the pack\)/)
  await page.keyboard.press('Enter')
  await expect(barLights).toContainText('Mira’s torch')
  await expect(mira).toContainText('Torch · 1 h left')

  // A refill with no oil to pour is refused where it was asked, in words, and nothing changes.
  await bryn.getByRole('button', { name: 'Lights: Bryn' }).click()
  await bryn.getByRole('list', { name: 'Lights of Bryn' }).getByRole('button', { name: 'Refill the lantern from the flask', exact: true }).click()
  await expect(bryn.getByRole('status')).toContainText(/oil/i)
  // Once: not again under the clock bar.
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('alert')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/party-refill-refused.png` })
  await bryn.screenshot({ path: `${SHOTS}/party-bryn-refused.png` })
  expect(problems).toEqual([])
})

test('+1 and −1 act in one click; the reason is given after, and Ctrl+Z takes back the reason, then the change', async ({ page, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  seed(lantern, id)
  await page.reload()
  await openSection(page, 'Table')
  const party = page.getByRole('main').getByRole('region', { name: 'Party' })
  const mira = party.getByRole('listitem', { name: 'Mira', exact: true })
  const bryn = party.getByRole('listitem', { name: 'Bryn', exact: true })
  const saved = party.getByRole('status').last()

  // One click: the gold is spent at once.
  await mira.getByRole('button', { name: 'Spend 1 GP: Mira' }).click()
  await expect(mira.getByLabel('Gold of Mira: 9')).toBeVisible()
  await expect(saved).toHaveText('Mira spent 1 GP: no reason given.')
  // Then why, beside it, already focused; Enter gives it.
  const why = mira.getByLabel('Why? (may be left empty)')
  await expect(why).toBeFocused()
  await page.screenshot({ path: `${SHOTS}/party-one-click.png` })
  await why.fill('bribed the gate guard')
  await why.press('Enter')
  await expect(saved).toHaveText('Mira spent 1 GP: bribed the gate guard.')
  await expect(why).toHaveCount(0)
  await expect(mira.getByLabel('Gold of Mira: 9')).toBeVisible()

  // Clicks in a row are as many changes; Esc leaves the last without a reason.
  await mira.getByRole('button', { name: 'Earn 1 XP: Mira' }).click()
  await expect(mira.getByLabel('Experience of Mira: 1')).toBeVisible()
  await mira.getByRole('button', { name: 'Earn 1 XP: Mira' }).click()
  await expect(mira.getByLabel('Experience of Mira: 2')).toBeVisible()
  await why.press('Escape')
  await expect(why).toHaveCount(0)

  // A spend the balance cannot cover is said where it was asked, and nothing is spent.
  await bryn.getByRole('button', { name: 'Spend 1 GP: Bryn' }).click()
  await expect(bryn.getByRole('alert')).toHaveText('Bryn has 0 GP, and this needs 1. Nothing was spent.')
  await bryn.screenshot({ path: `${SHOTS}/party-spend-refused.png` })
  await bryn.getByRole('button', { name: 'Dismiss' }).click()
  await expect(bryn.getByRole('alert')).toHaveCount(0)

  // Undo walks back: the two XP, then the reason (the gold stays spent, with no reason), then the gold.
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('Control+z')
  await page.keyboard.press('Control+z')
  await expect(mira.getByLabel('Experience of Mira: 0')).toBeVisible()
  await page.keyboard.press('Control+z')
  const history = page.getByRole('main').getByRole('region', { name: 'History' })
  await expect(history).toContainText('bribed the gate guard')
  await expect(mira.getByLabel('Gold of Mira: 9')).toBeVisible()
  await mira.getByRole('link', { name: 'Mira' }).click()
  const ledger = page.getByRole('region', { name: 'Ledger' })
  await expect(ledger).toContainText('no reason given')
  await expect(ledger).not.toContainText('bribed the gate guard')

  // The reason given from the ledger's history instead, as an action of its own.
  await ledger.getByRole('button', { name: 'Give a reason: −1 no reason given' }).click()
  const reasonBox = ledger.getByLabel('Why (−1); the amount stays')
  await expect(reasonBox).toBeFocused()
  await reasonBox.fill('paid the ferryman')
  await reasonBox.press('Enter')
  await expect(ledger.getByRole('status')).toHaveText('Reason given: paid the ferryman (−1).')
  await expect(ledger.getByRole('list').filter({ hasText: 'paid the ferryman' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/ledger-give-reason.png`, fullPage: true })

  await openSection(page, 'Table')
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('Control+z')
  await expect(history.getByTestId('history-status')).toContainText('paid the ferryman')
  await expect(mira.getByLabel('Gold of Mira: 9')).toBeVisible()
  await page.keyboard.press('Control+z')
  await expect(mira.getByLabel('Gold of Mira: 10')).toBeVisible()
  expect(problems).toEqual([])
})

test('the players’ screen asks before it switches to another campaign, and switches only when the GM says so', async ({ browser, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const context = await browser.newContext({ viewport: VIEW })
  const page = await context.newPage()
  const problems = watchConsole(page)
  const keep = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await openSection(page, 'Table')
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Players’ screen' })
  const url = (await dialog.getByTestId('players-url').textContent())!.trim()
  await dialog.getByRole('button', { name: 'Close' }).click()

  const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const player = await playerContext.newPage()
  await player.goto(url)
  await expect(player.locator('.campaign')).toHaveText('The Sunken Keep')

  // Another campaign: opening its players' screen asks, and Keep changes nothing.
  await page.goto(lantern.gmUrl)
  const other = await createCampaign(page, lantern, 'Another Campaign', 'The Ladder')
  expect(other).not.toBe(keep)
  await openSection(page, 'Table')
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const ask = dialog.getByRole('region', { name: 'Switch the players’ screen' })
  await expect(ask).toContainText('The players’ screen shows The Sunken Keep. Show Another Campaign instead?')
  await expect(ask.getByRole('button', { name: 'Keep showing The Sunken Keep' })).toBeFocused()
  await expect(dialog.getByTestId('players-url')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/players-switch-ask.png` })
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(player.locator('.campaign')).toHaveText('The Sunken Keep')

  // Asked again, and confirmed: the same link now shows the other campaign.
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  await ask.getByRole('button', { name: 'Show Another Campaign instead' }).click()
  await expect(dialog.getByTestId('players-url')).toHaveText(url)
  await expect(ask).toHaveCount(0)
  await expect(player.locator('.campaign')).toHaveText('Another Campaign')
  await page.screenshot({ path: `${SHOTS}/players-switched.png` })

  // Ctrl+K's "Players’ screen" asks the same way.
  await page.goto(`${lantern.gmUrl}#/c/${keep}/table`)
  await expect(page.getByRole('button', { name: 'Players’ screen' })).toBeVisible()
  await page.keyboard.press('Control+k')
  await palette(page).getByLabel('Go to or do').fill('players')
  await page.keyboard.press('Enter')
  await expect(ask).toContainText('The players’ screen shows Another Campaign. Show The Sunken Keep instead?')
  await ask.getByRole('button', { name: 'Keep showing Another Campaign' }).click()
  await expect(player.locator('.campaign')).toHaveText('Another Campaign')
  expect(problems).toEqual([])
  await playerContext.close()
  await context.close()
})
