/**
 * Every screen of the GM's app and the players' page, checked by axe-core in real Chromium against
 * WCAG 2.1 A and AA: no serious or critical violation. A campaign in each system is played a little
 * first (a session open, a character with a sheet and a pack, a roll made), so the screens hold what
 * a GM really sees rather than their empty states.
 */
import AxeBuilder from '@axe-core/playwright'
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

/** The violations a GM would be stopped by, each as "rule: target" lines, for a readable failure. */
async function serious(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where} · ${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`))
}

/** A player character with a pack, written into the library the server has open. */
function addParty(lantern: Lantern, campaignId: number): number {
  const db = new BetterSqlite3(lantern.dataFile)
  const pc = Number(db.prepare("insert into character (campaign_id, kind, name, player_name, created_at, updated_at) values (?, 'pc', 'Mira Vale', 'Ana', 't', 't')").run(campaignId).lastInsertRowid)
  const add = db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, ?, ?, 't', 't')")
  add.run(pc, 'Torches', 'light', 2, '{"type":"torch","oilPints":0}')
  add.run(pc, 'Rations', 'ration', 3, '{}')
  db.close()
  return pc
}

const SYSTEMS = ['The Ladder', 'Old-school core', 'LODE', 'The Challenge System', 'Resolution and Ranks'] as const
const SECTIONS = ['Table', 'Home', 'Time & light', 'Adventures', 'Sessions', 'Between sessions', 'Characters', 'Locations', 'Encounter tables', 'Search', 'Settings'] as const

for (const system of SYSTEMS) {
  test(`${system}: every screen of a campaign passes axe-core (WCAG 2.1 AA: no serious or critical violation)`, async ({ page, lantern }) => {
    test.setTimeout(120_000)
    const problems = watchConsole(page)
    await page.setViewportSize({ width: 1280, height: 720 })
    const found: string[] = []
    const id = await createCampaign(page, lantern, 'The Sunken Keep', system)
    const pc = addParty(lantern, id)
    await page.reload()

    // A session open at the table, so the table shows its play.
    await openSection(page, 'Table')
    const bar = page.getByRole('main').getByRole('region', { name: 'Session' })
    await bar.getByRole('button', { name: 'Start session' }).click()
    await expect(bar.getByRole('button', { name: 'Close session' })).toBeVisible()
    for (const section of SECTIONS) {
      await openSection(page, section)
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible()
      found.push(...(await serious(page, section)))
    }
    await page.goto(`${lantern.url}#/c/${id}/characters/${pc}`)
    await expect(page.getByRole('heading', { name: 'Mira Vale', level: 1 })).toBeVisible()
    found.push(...(await serious(page, 'Character page')))
    await page.goto(lantern.gmUrl)
    await expect(page.getByRole('main').getByText('The Sunken Keep').first()).toBeVisible()
    found.push(...(await serious(page, 'Campaigns')))
    expect(found).toEqual([])
    expect(problems).toEqual([])
  })
}

test('the recap, the app settings and the players’ page pass axe-core', async ({ browser, page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const found: string[] = []
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  addParty(lantern, id)
  await page.reload()
  await openSection(page, 'Table')
  const bar = page.getByRole('main').getByRole('region', { name: 'Session' })
  await bar.getByRole('button', { name: 'Start session' }).click()
  await bar.getByRole('button', { name: 'Close session' }).click()
  await bar.getByRole('link', { name: /Write the recap/ }).click()
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible()
  found.push(...(await serious(page, 'Recap')))

  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  found.push(...(await serious(page, 'App settings')))

  await openSectionOf(page, lantern, id, 'Table')
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Players’ screen' })
  const url = (await dialog.getByTestId('players-url').textContent())!.trim()
  found.push(...(await serious(page, 'Sharing dialog')))
  await dialog.getByRole('button', { name: 'Close' }).click()
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 820, height: 1180 },
    { width: 1180, height: 820 },
  ]) {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 500, hasTouch: true })
    const player = await context.newPage()
    await player.goto(url)
    await expect(player.getByTestId('players-when')).toHaveText('Day 1 · 00:00')
    found.push(...(await serious(player, `Players' page ${viewport.width}×${viewport.height}`)))
    await player.screenshot({ path: `test-results/shots-players-devices/players-${viewport.width}x${viewport.height}.png`, fullPage: true })
    await context.close()
  }
  expect(found).toEqual([])
  expect(problems).toEqual([])
})

async function openSectionOf(page: Page, lantern: Lantern, id: number, section: string): Promise<void> {
  await page.goto(`${lantern.url}#/c/${id}`)
  await openSection(page, section)
}
