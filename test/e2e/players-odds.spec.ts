/**
 * The odds on the players' screen (DICE-2): a player character's public shot (OSR-18) reaches the
 * player's phone with the chance the GM's roll panel showed before the roll; the GM's own "is it
 * so?" shows none. Sharing listens on 127.0.0.1 only (LANTERN_SHARE_HOST).
 */
import BetterSqlite3 from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'

process.env.LANTERN_SHARE_HOST = '127.0.0.1'
process.env.LANTERN_SHARE_PORT = '0'
const SHOTS = process.env.LANTERN_SHOTS ?? 'test-results/shots-players2'

test('a player character’s public shot shows the players the odds the GM saw before it', async ({ browser, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const gmContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await gmContext.newPage()
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("insert into character (campaign_id, kind, name, notes, sheet, created_at, updated_at) values (?, 'pc', 'Glam', '', ?, 't', 't')").run(
    id,
    JSON.stringify({ level: 1, B: 0, M: 0, S: 0, h: 5, maxH: 5 }),
  )
  db.close()
  await page.reload()

  await openSection(page, 'Table')
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Players’ screen' })
  const url = (await dialog.getByTestId('players-url').textContent())!.trim()
  await dialog.getByRole('button', { name: 'Close' }).click()

  const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const player = await playerContext.newPage()
  const playerProblems = watchConsole(player)
  await player.goto(url)
  await expect(player.getByTestId('players-mode')).toHaveText('Exploration')

  // The GM's "is it so?": public, but a GM roll, so no odds.
  const roll = page.getByRole('region', { name: 'Roll' })
  await roll.getByRole('radio', { name: 'Is it so?' }).click()
  await roll.getByRole('button', { name: /^Roll/ }).click()
  await expect(player.getByTestId('players-roll')).toHaveCount(1)

  // Glam throws a rock at 50 ft: the GM's panel shows its chance before the roll.
  await roll.getByLabel('Who').selectOption({ label: 'Glam' })
  await roll.getByRole('radio', { name: 'Shot' }).click()
  await roll.getByLabel('Distance (ft)').fill('50')
  // The odds follow the distance typed: −5 for 50 ft at a thrown missile's accuracy of 10 ft (OSR-18).
  await expect(roll).toContainText('Range (50 ft')
  const gmChance = (await page.getByTestId('odds-chance').locator('strong').textContent())!.trim()
  expect(gmChance).toMatch(/^Hit \d+\.\d %$/)
  await page.screenshot({ path: `${SHOTS}/gm-shot-odds.png` })
  await roll.getByRole('button', { name: /^Roll/ }).click()
  await expect(player.getByTestId('players-roll')).toHaveCount(2)
  const shot = player.getByTestId('players-roll').first()
  await expect(shot).toContainText('Glam')
  await expect(shot.locator('.roll-odds')).toHaveText(`Odds before the roll: ${gmChance}`)
  await expect(player.getByTestId('players-roll').nth(1).locator('.roll-odds')).toHaveCount(0)
  await player.screenshot({ path: `${SHOTS}/player-shot-odds.png`, fullPage: true })

  expect(problems).toEqual([])
  expect(playerProblems).toEqual([])
  await playerContext.close()
  await gmContext.close()
})
