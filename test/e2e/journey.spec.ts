/**
 * Journeys on the clock in the browser (CLK-14 … CLK-16), in each of the five systems: with a
 * session begun, the GM plans a three-leg journey and reads its numbers, sets out, meets an
 * encounter on the road and goes on, camps twice, arrives, and reads the road so far; the players'
 * screen shows the strip with the legs, where the party is and the weather line, never a threshold
 * or a table. The session's recap holds the journey as its own section; the players' recap names
 * no encounter table and no threshold.
 */
import BetterSqlite3 from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { test, expect, watchConsole } from './fixtures'
import type { Lantern } from './fixtures'
import type { Page } from '@playwright/test'
import { createCampaign, openSection } from './support'
import { blankSheet } from '../../src/shared/api/sheets'
import type { SystemId } from '../../src/shared/contract'

process.env.LANTERN_SHARE_HOST = '127.0.0.1'
process.env.LANTERN_SHARE_PORT = '0'
const SHOTS = process.env.LANTERN_SHOTS ?? 'test-results/shots-journey'

/** Glam (a sheet of the campaign's system) with 145 lbs and food for the road; the clock starting at first light; seeded dice. */
function seed(lantern: Lantern, campaignId: number, system: SystemId, dice: string, campChecks: 'every turn' | 'none'): void {
  const db = new BetterSqlite3(lantern.dataFile)
  const sheet = system === 'osr' ? { level: 1, B: 0, M: 0, S: 0, h: 5, maxH: 5 } : blankSheet(system)
  const glam = db
    .prepare("insert into character (campaign_id, kind, name, player_name, sheet, created_at, updated_at) values (?, 'pc', 'Glam', 'Ana', ?, 't', 't')")
    .run(campaignId, JSON.stringify(sheet)).lastInsertRowid
  const add = db.prepare("insert into inventory_item (character_id, name, kind, quantity, weight_lbs, details, created_at, updated_at) values (?, ?, ?, ?, ?, '{}', 't', 't')")
  add.run(glam, 'Pack', 'other', 1, 135)
  add.run(glam, 'Rations', 'ration', 6, 1)
  add.run(glam, 'Waterskin', 'water', 4, 1)
  db.prepare("insert into setting (campaign_id, key, value) values (?, 'clock.start', ?)").run(campaignId, JSON.stringify({ day: 1, time: '06:00' }))
  db.prepare("insert into encounter_table (campaign_id, name, dice, created_at, updated_at) values (?, 'Marsh horrors', '1d6', 't', 't')").run(campaignId)
  // CLK-15: the watch's checks at night, as the campaign's setting says.
  db.prepare("insert into setting (campaign_id, key, value) values (?, 'journey.campChecks', ?)").run(campaignId, JSON.stringify(campChecks))
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(dice, campaignId)
  db.close()
}

/**
 * Presses a road button and waits for the clock or the road to move (going on from an encounter met
 * on the day's last turn makes camp with no time passing).
 */
async function press(page: Page, name: string): Promise<void> {
  const state = async () => `${await page.getByRole('region', { name: 'Clock' }).getByTestId('clock-time').textContent()} | ${await page.getByTestId('journey-where').textContent()}`
  const before = await state()
  await page.getByRole('button', { name, exact: true }).click()
  await expect.poll(state).not.toBe(before)
}

/** Travels on (going on after each encounter) until `done` reads true; counts the encounters met. */
async function travelUntil(page: Page, ask: string, done: () => Promise<boolean>): Promise<number> {
  let met = 0
  for (let k = 0; k < 400 && !(await done()); k++) {
    if (await page.getByRole('button', { name: 'Go on (G)' }).isVisible()) {
      met++
      await press(page, 'Go on (G)')
    } else await press(page, ask)
  }
  expect(await done()).toBe(true)
  return met
}

/** At 3 mph (CLK-11's pace outside the old-school core) 30 + 1 + 20 miles are 3 marching days, 2 camps. */
const AT_THREE_MPH = [['road', '30', 'open'], ['forest', '1', 'enclosed'], ['marsh', '20', 'open']] as const
const CASES = [
  { system: 'Old-school core', key: 'osr', campChecks: 'none', legs: [['road', '10', 'open'], ['forest', '0.5', 'enclosed'], ['marsh', '8', 'open']], speed: /600 ft a turn in the open, 60 ft enclosed \(OSR-7\), set by Glam/ },
  { system: 'The Ladder', key: 'ladder', campChecks: 'every turn', legs: AT_THREE_MPH, speed: /Pace 3 mph in the open/ },
  { system: 'LODE', key: 'lode', campChecks: 'none', legs: AT_THREE_MPH, speed: /Pace 3 mph in the open/ },
  { system: 'The Challenge System', key: 'challenge', campChecks: 'every turn', legs: AT_THREE_MPH, speed: /Pace 3 mph in the open/ },
  { system: 'Resolution and Ranks', key: 'ranks', campChecks: 'none', legs: AT_THREE_MPH, speed: /Pace 3 mph in the open/ },
] as const

for (const c of CASES) {
  test(`${c.key}: a three-leg journey planned, an encounter met on the road, two camps, arrival, the road so far and the players’ strip`, async ({ browser, lantern }) => {
    test.setTimeout(180_000)
    mkdirSync(SHOTS, { recursive: true })
    const gmContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await gmContext.newPage()
    const problems = watchConsole(page)
    const id = await createCampaign(page, lantern, `Road to Glimmerford (${c.key})`, c.system)
    seed(lantern, id, c.key, `journey-${c.key}`, c.campChecks)
    await page.reload()

    // A session begins, so the journey lands in its recap.
    await openSection(page, 'Table')
    const session = page.getByRole('main').getByRole('region', { name: 'Session' })
    await session.getByLabel('Session title').fill('The road north')
    await session.getByRole('button', { name: 'Start session' }).click()
    await expect(session).toContainText('Session 1 · The road north')

    // Plan: three legs, the numbers shown before setting out.
    await openSection(page, 'Journey')
    await page.getByLabel('To (a place typed)').fill('Glimmerford')
    await page.getByRole('button', { name: 'Add a leg' }).click()
    await page.getByRole('button', { name: 'Add a leg' }).click()
    for (const [k, [ground, length, place]] of c.legs.entries()) {
      await page.getByLabel(`Ground (leg ${k + 1})`).fill(ground)
      await page.getByLabel(`Length (leg ${k + 1})`).fill(length)
      await page.getByLabel(`Open or enclosed (leg ${k + 1})`).selectOption(place)
    }
    await page.getByLabel('Encounter table (leg 3)').selectOption({ label: 'Marsh horrors' })
    const numbers = page.getByTestId('journey-numbers')
    await expect(numbers).toContainText(c.speed)
    await expect(numbers.getByTestId('journey-days')).toContainText('3 marching days, 2 camps')
    await page.screenshot({ path: `${SHOTS}/journey-plan-${c.key}.png`, fullPage: true })
    await page.getByRole('button', { name: 'Plan journey' }).click()
    await page.getByRole('button', { name: 'Set out' }).click()
    const where = page.getByTestId('journey-where')
    // CLK-15: Glam stands the night's watch.
    await page.getByLabel('First watch').selectOption({ label: 'Glam' })
    await page.getByRole('button', { name: 'Set the watch' }).click()
    await expect(page.getByTestId('journey-watch')).toContainText('The night shared by Glam')
    await expect(where).toContainText('Leg 1 of 3 (road)')

    // The road: travel to the end, stopping at the first encounter with where on the road it was met.
    await press(page, 'To the journey’s end')
    const encounter = page.getByTestId('journey-encounter')
    await expect(encounter).toContainText(/an encounter (on the road|in camp) at mile [\d.]+ of leg \d \((road|forest|marsh)\) — met at \d+ ft/)
    await page.screenshot({ path: `${SHOTS}/journey-road-${c.key}.png`, fullPage: true })
    await page.getByLabel('Weather (the players read it)').fill('Drizzle from the west')
    await page.getByRole('button', { name: 'Tell the players' }).click()
    // Told: the clock bar's last line is the weather's (and the encounter's box has given way to it).
    await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Weather: Drizzle from the west')

    // The first camp.
    await travelUntil(page, 'To camp', async () => (await where.textContent())?.includes('In camp') ?? false)
    await page.screenshot({ path: `${SHOTS}/journey-camp-${c.key}.png`, fullPage: true })

    // The players' screen: the strip, where they are, night, the weather; no threshold, no table.
    await openSection(page, 'Table')
    await page.getByRole('button', { name: 'Players’ screen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Players’ screen' })
    const url = (await dialog.getByTestId('players-url').textContent())!.trim()
    await dialog.getByRole('button', { name: 'Close' }).click()
    const player = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage()
    await player.goto(url)
    const strip = player.getByTestId('players-journey')
    await expect(strip).toContainText('To Glimmerford')
    await expect(strip.getByRole('list', { name: 'The road' }).getByRole('listitem')).toHaveCount(3)
    await expect(player.getByTestId('players-journey-where')).toContainText('in camp · Glam on watch')
    await expect(player.getByTestId('players-weather')).toHaveText('Drizzle from the west')
    // Camp is made when the day's 8 hours of march are done: 14:00, the sun still up (CLK-15).
    await expect(player.getByTestId('players-daylight')).toHaveText('Day')
    await expect(player.locator('body')).not.toContainText('Marsh horrors')
    await expect(player.locator('body')).not.toContainText(/threshold|19–20|Encounter on/)
    await player.screenshot({ path: `${SHOTS}/journey-players-${c.key}.png`, fullPage: true })

    // On to the end: a second camp on the way, and arrival.
    await openSection(page, 'Journey')
    await travelUntil(page, 'To the journey’s end', async () => (await where.textContent())?.includes('Arrived at Glimmerford') ?? false)
    const story = page.getByTestId('journey-story')
    await expect(story).toContainText(/3 legs · 3 days · 2 camps · [1-9]\d* met on the way/)
    await expect(story.locator('.story-met').first()).toContainText(/met (on the road|in camp) at mile [\d.]+ of leg \d/)
    await expect(story).toContainText('the party arrives at Glimmerford')
    await expect(player.getByTestId('players-journey-where')).toHaveText('Arrived at Glimmerford')
    await player.context().close()
    await page.screenshot({ path: `${SHOTS}/journey-arrived-${c.key}.png`, fullPage: true })

    // The session closes; its recap tells the journey in a section of its own.
    await openSection(page, 'Table')
    await session.getByRole('button', { name: 'Close session' }).click()
    await session.getByRole('link', { name: /recap/i }).click()
    const recap = page.getByRole('main')
    const source = recap.getByLabel('Markdown source')
    const preview = recap.getByRole('region', { name: 'Preview' })
    // The players' recap (shown first): the road as the players know it, no table, no threshold.
    await expect(source).toHaveValue(/recap_for: players/)
    await expect(preview.getByRole('heading', { name: 'Journey', exact: true })).toBeVisible()
    await expect(preview).toContainText('Arrived at Glimmerford')
    const players = await source.inputValue()
    expect(players).not.toContain('Marsh horrors')
    expect(players).not.toMatch(/threshold|Encounter on \d|19–20/i)
    await expect(preview).not.toContainText('Marsh horrors')
    // The GM's recap: the legs with their times, the camps, the arrival.
    await recap.getByRole('radiogroup', { name: 'Recap for' }).getByLabel('GM (everything)').check()
    await expect(source).toHaveValue(/recap_for: GM/)
    await expect(preview.getByRole('heading', { name: 'Journey', exact: true })).toBeVisible()
    await expect(preview.getByRole('heading', { name: 'To Glimmerford' })).toBeVisible()
    await expect(preview).toContainText(/Leg 1 · road: Day 1 · 06:00 → /)
    await expect(preview).toContainText(/camp at mile [\d.]+/)
    await expect(preview).toContainText('Arrived at Glimmerford')
    await expect(source).toHaveValue(/## Journey\n/)
    // Tall enough to see the whole recap in the preview.
    await page.setViewportSize({ width: 1280, height: 2600 })
    await preview.screenshot({ path: `${SHOTS}/journey-recap-${c.key}.png` })
    expect(problems).toEqual([])
  })
}

test('a leg added is ready to type in; its blank ground is said once, at its field, and the plan is not sent until it is named', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const sent: string[] = []
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))))
  await createCampaign(page, lantern, 'The Barrow Road', 'Old-school core')
  await openSection(page, 'Journey')
  const main = page.getByRole('main')
  await page.getByLabel('To (a place typed)').fill('Glimmerford')
  await page.getByRole('button', { name: 'Add a leg' }).click()
  const ground = page.getByLabel('Ground (leg 2)')
  // The new leg's ground has the keyboard, and a leg not yet written is no mistake.
  await expect(ground).toBeFocused()
  await expect(ground).not.toHaveAttribute('aria-invalid', 'true')
  await expect(main.getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: 'Plan journey' }).click()
  // Refused by its own numbers: said at the form, the field marked and given the keyboard; nothing sent, nothing in the clock bar.
  await expect(main.getByRole('alert')).toHaveText('Ground (leg 2): name the ground: road, forest, marsh … Nothing was changed.')
  await expect(ground).toHaveAttribute('aria-invalid', 'true')
  await expect(ground).toBeFocused()
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('alert')).toHaveCount(0)
  expect(sent.filter((f) => f.includes('"journey.plan"'))).toEqual([])
  await page.screenshot({ path: `${SHOTS}/journey-plan-refused.png` })
  await ground.fill('forest')
  await expect(main.getByRole('alert')).toHaveCount(0)
  await expect(ground).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Plan journey' }).click()
  await expect(page.getByRole('button', { name: 'Set out' })).toBeVisible()
  expect(sent.filter((f) => f.includes('"journey.plan"'))).toHaveLength(1)
  expect(problems).toEqual([])
})
