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
import { createCampaign, openSection, raiseEncounterBanner } from './support'

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

/** What the keyboard checks read of an element in the page (compiled without the DOM's types). */
interface FocusProbe {
  tagName: string
  textContent: string | null
  getAttribute(name: string): string | null
  closest(selector: string): FocusProbe | null
}

/** The element with the keyboard's focus: what it is called and whether its focus can be seen. */
async function focused(page: Page): Promise<{ name: string; visible: boolean; inBody: boolean }> {
  return page.evaluate(() => {
    const w = globalThis as unknown as {
      document: { activeElement: FocusProbe | null; body: FocusProbe }
      getComputedStyle(el: unknown): { outlineStyle: string; outlineWidth: string; boxShadow: string }
    }
    const el = w.document.activeElement
    if (!el || el === w.document.body) return { name: '(body)', visible: false, inBody: true }
    const style = w.getComputedStyle(el)
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none'
    const name = `${el.tagName.toLowerCase()} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}”`
    return { name, visible: ring, inBody: false }
  })
}

test('the encounter banner, the palette, the lights menu, the ledger’s reason and every dialog pass axe-core; the keyboard reaches the table with its focus in view; results are announced', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const found: string[] = []
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  addParty(lantern, id)
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("update character set sheet = ? where campaign_id = ?").run(JSON.stringify({ level: 1, B: 0, M: 0, S: 1, h: 4, maxH: 4 }), id)
  db.prepare("insert into location (campaign_id, name, kind, created_at, updated_at) values (?, 'The Hills', 'open', 't', 't')").run(id)
  db.close()
  await page.reload()

  // The encounter's banner, with its reaction odds and what is left to go on with.
  await raiseEncounterBanner(page)
  await openSection(page, 'Table')
  const session = page.getByRole('main').getByRole('region', { name: 'Session' })
  await session.getByRole('button', { name: 'Start session' }).click()
  await expect(session.getByRole('button', { name: 'Close session' })).toBeVisible()
  // The clock's encounter is announced as an alert.
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('alert')).toContainText('Encounter!')
  found.push(...(await serious(page, 'Table with the encounter banner')))

  // The keyboard from the top of the page: every stop shows where the focus is, and the controls a
  // GM uses every minute are reached.
  await page.evaluate('window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()')
  const stops: string[] = []
  const unseen: string[] = []
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab')
    const f = await focused(page)
    if (f.inBody) continue
    stops.push(f.name)
    if (!f.visible) unseen.push(f.name)
  }
  expect(unseen, 'focus with no visible ring').toEqual([])
  for (const wanted of [/Start combat/, /\+1 turn/, /Go on/, /Players’ screen/, /Lights: Mira Vale/, /^button “Roll/]) {
    expect(stops.some((s) => wanted.test(s)), `the keyboard reaches ${wanted}: ${stops.join(' · ')}`).toBe(true)
  }
  await page.keyboard.press('Escape')
  await page.evaluate('document.activeElement && document.activeElement.blur()')

  // The lights menu open in the party column.
  const mira = page.getByRole('main').getByRole('region', { name: 'Party' }).getByRole('listitem', { name: 'Mira Vale', exact: true })
  await mira.getByRole('button', { name: 'Lights: Mira Vale' }).click()
  await expect(mira.getByRole('list', { name: 'Lights of Mira Vale' })).toBeVisible()
  found.push(...(await serious(page, 'Lights menu open')))
  await page.keyboard.press('Escape')

  // The NPC picker of the fight's set-up with nothing to pick: said beside the field, no empty list.
  await page.getByLabel('Add an NPC', { exact: true }).focus()
  await expect(page.getByRole('status').filter({ hasText: 'No NPCs yet: add them under Characters.' })).toBeVisible()
  found.push(...(await serious(page, 'NPC picker with no NPCs')))
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await expect(page.getByRole('status').filter({ hasText: 'No NPCs yet' })).toHaveCount(0)

  // A roll's result is announced: it lands in a live region.
  const roll = page.getByRole('region', { name: 'Roll', exact: true })
  await roll.getByLabel('Who', { exact: true }).selectOption({ label: 'Mira Vale' })
  await roll.getByRole('button', { name: /^Roll/ }).click()
  const result = page.getByRole('region', { name: 'Roll result' })
  await expect(result).toBeVisible()
  await expect(result).toHaveAttribute('aria-live', 'polite')
  found.push(...(await serious(page, 'Table with a roll result')))

  // One click on +1, then the reason asked beside it.
  await mira.getByRole('button', { name: 'Earn 1 GP: Mira Vale' }).click()
  await expect(mira.getByLabel('Why? (may be left empty)')).toBeFocused()
  found.push(...(await serious(page, 'Ledger reason asked')))
  await page.keyboard.press('Escape')

  // The command palette with hits of every kind, then the dialogs.
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await palette.getByLabel('Go to or do').fill('torch')
  await expect(palette.getByRole('option').first()).toBeVisible()
  found.push(...(await serious(page, 'Command palette')))
  await page.keyboard.press('Escape')
  await expect(palette).toHaveCount(0)

  await page.getByRole('button', { name: 'Players’ screen' }).click()
  await expect(page.getByRole('dialog', { name: 'Players’ screen' })).toBeVisible()
  found.push(...(await serious(page, 'Players’ screen dialog')))
  await page.getByRole('dialog', { name: 'Players’ screen' }).getByRole('button', { name: 'Close' }).click()
  // Closing a dialog gives the focus back to what opened it.
  await expect(page.getByRole('button', { name: 'Players’ screen' })).toBeFocused()

  await openSection(page, 'Characters')
  await page.getByRole('button', { name: 'Roll a new character…' }).click()
  await expect(page.getByRole('dialog', { name: 'Roll a new character' })).toBeVisible()
  found.push(...(await serious(page, 'Roll a new character dialog')))
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Roll a new character' })).toHaveCount(0)

  await page.goto(lantern.gmUrl)
  await expect(page.getByRole('main').getByText('The Sunken Keep').first()).toBeVisible()
  await page.keyboard.press('n')
  await expect(page.getByRole('dialog', { name: 'New campaign' })).toBeVisible()
  found.push(...(await serious(page, 'New campaign dialog')))
  await page.keyboard.press('Escape')

  expect(found).toEqual([])
  expect(problems).toEqual([])
})
