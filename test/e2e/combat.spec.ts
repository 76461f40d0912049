/**
 * One combat (CLK-2): an encounter found by the clock starts combat on the clock and at the table
 * together, with what was met filled in as foes; a foe is typed at the table; two rounds are played
 * with R and the tracker's round is the clock's; one End ends both. Screens at 1280×720.
 */
import BetterSqlite3 from 'better-sqlite3'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'
import type { Lantern } from './fixtures'

/** A party member and the place's wandering table, written into the library the server has open. */
function seed(lantern: Lantern, campaignId: number, sheet: Record<string, unknown>, row: string): void {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', 'Glam', ?, 't', 't')").run(campaignId, JSON.stringify(sheet))
  const hills = db.prepare("insert into location (campaign_id, name, kind, created_at, updated_at) values (?, 'The Hills', 'open', 't', 't')").run(campaignId).lastInsertRowid
  const table = db.prepare("insert into encounter_table (campaign_id, location_id, name, dice, created_at, updated_at) values (?, ?, 'Hill wanderers', '1d6', 't', 't')").run(campaignId, hills).lastInsertRowid
  db.prepare('insert into encounter_row (table_id, min, max, text) values (?, 1, 6, ?)').run(table, row)
  db.close()
}

/** Puts the party in the hills with encounters on 15–20, and advances until one is met. */
async function meetSomething(page: import('@playwright/test').Page): Promise<void> {
  await openSection(page, 'Time & light')
  await page.getByLabel('The party is in').selectOption({ label: 'The Hills (open)' })
  await page.getByLabel('Encounter on').selectOption('15')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.locator('body').click()
  await page.keyboard.press('u')
}

test('CLK-2: an encounter starts one combat on the clock and at the table; two rounds with R agree; one End ends both', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'Brigand Hills', 'Old-school core')
  seed(lantern, id, { level: 1, B: 0, M: 0, S: 0, h: 5, maxH: 5 }, '2 giant rats')
  await page.reload()
  await meetSomething(page)

  const bar = page.getByRole('region', { name: 'Clock' })
  const alert = bar.getByRole('alert')
  await expect(alert).toContainText('Encounter!')
  await alert.getByRole('button', { name: 'Roll Hill wanderers (1d6)' }).click()
  await expect(alert.getByTestId('table-roll')).toContainText('2 giant rats')
  await alert.getByRole('button', { name: 'Start combat' }).click()

  // The table opens on the tracker, the rats met filled in as foes, at round 0 on both.
  const combat = page.getByRole('region', { name: 'Combat' })
  await expect(combat.getByRole('heading', { name: 'Combat · round 0' })).toBeVisible()
  await expect(bar.getByTestId('clock-mode')).toHaveText('Combat · round 0 (5 s)')
  await expect(combat.getByRole('listitem', { name: 'Giant rats 1' })).toBeVisible()
  await expect(combat.getByRole('listitem', { name: 'Giant rats 2' })).toBeVisible()
  await expect(combat.getByRole('listitem', { name: 'Glam' })).toBeVisible()

  // A foe typed at the table, with no NPC behind it.
  await combat.getByText('Type a foe').click()
  const typed = combat.getByRole('form', { name: 'Type a foe into the fight' })
  await typed.getByLabel('Foe').fill('Rat king')
  await typed.getByLabel('H', { exact: true }).fill('9')
  await typed.getByLabel('Armour').fill('1')
  await typed.getByLabel('Weapon').selectOption('short')
  await typed.getByRole('button', { name: 'Add foe' }).click()
  const king = combat.getByRole('listitem', { name: 'Rat king' })
  await expect(king).toContainText('9/9 H')
  await expect(king).toContainText('armour 1 · short weapon')

  // Two rounds with R: each is the clock's round and the tracker's, with its initiative.
  await page.locator('body').click()
  for (const round of [1, 2]) {
    await page.keyboard.press('r')
    await expect(bar.getByTestId('clock-mode')).toHaveText(`Combat · round ${round} (5 s)`)
    await expect(combat.getByRole('heading', { name: `Combat · round ${round}` })).toBeVisible()
    await expect(combat.getByRole('list', { name: 'Initiative order' }).getByLabel(/^Initiative -?\d+$/).first()).toBeVisible()
  }
  await expect(king).toContainText(/d20 \d+/)
  await combat.getByRole('heading', { name: 'Combat · round 2' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/tmp/combat-osr.png' })
  await page.screenshot({ path: test.info().outputPath('combat-osr.png') })

  // The typed foe can be kept as an NPC.
  await king.getByRole('button', { name: 'Save as NPC' }).click()
  await expect(king.getByRole('button', { name: 'Save as NPC' })).toHaveCount(0)

  // One End, at the tracker: the clock's combat ends too, where the rounds took it.
  await combat.getByRole('button', { name: 'End combat' }).click()
  await expect(bar.getByTestId('clock-mode')).toHaveText(/^Exploration/)
  await expect(combat.getByRole('form', { name: 'Start a combat' })).toBeVisible()
  await expect(bar.getByTestId('clock-time')).toHaveText(/Day 1 · \d\d:\d\d/)
  await openSection(page, 'Characters')
  await expect(page.getByRole('link', { name: 'Rat king' })).toBeVisible()
  expect(problems).toEqual([])
})

test('CLK-2: the Ladder’s fight is the clock’s: set up from an encounter, a round run at the tracker and one with R agree', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  seed(lantern, id, { concept: 'thief', assets: [{ name: 'Knife fighting', rating: 'expert', school: null }] }, '2 dock thugs')
  await page.reload()
  await meetSomething(page)
  const bar = page.getByRole('region', { name: 'Clock' })
  const alert = bar.getByRole('alert')
  await alert.getByRole('button', { name: 'Roll Hill wanderers (1d6)' }).click()
  await alert.getByRole('button', { name: 'Start combat' }).click()
  await page.getByRole('tab', { name: /^Combat/ }).click()
  await expect(page.getByText('Combat is on the clock, round 0: set up who fights.')).toBeVisible()
  const setup = page.getByRole('form', { name: 'Start a combat' })
  await expect(setup.getByRole('textbox').and(setup.locator('[value="Dock thugs 2"]'))).toHaveCount(1)
  // The party is in the fight beside what was met.
  await expect(setup.getByLabel('Combatant 1', { exact: true }).locator('option:checked')).toHaveText('Glam')
  await setup.getByRole('button', { name: 'Start the fight' }).click()
  await expect(page.getByText(/Round 0 · the clock’s round/)).toBeVisible()
  await page.locator('body').click()
  await page.keyboard.press('r')
  await expect(bar.getByTestId('clock-mode')).toHaveText(/Combat · round 1 \(\d+ s\)/)
  await expect(page.getByText(/Round 1 · the clock’s round/)).toBeVisible()
  await page.screenshot({ path: '/tmp/combat-ladder.png' })
  await page.getByRole('button', { name: 'End the fight' }).click()
  await expect(bar.getByTestId('clock-mode')).toHaveText(/^Exploration/)
  expect(problems).toEqual([])
})

test('CLK-2: a challenge set up while the clock is in combat is its fight: a round at the tracker and one with R agree; no Play it out in combat; breaking off ends both', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'Dragon Lair', 'The Challenge System')
  seed(lantern, id, { abilities: [{ name: 'Vanquish Monster', rating: 7, bonus: 0, reserves: 5, resistance: 0 }], reductions: [] }, 'the mother dragon')
  await page.reload()
  await meetSomething(page)
  const bar = page.getByRole('region', { name: 'Clock' })
  const alert = bar.getByRole('alert')
  await alert.getByRole('button', { name: 'Roll Hill wanderers (1d6)' }).click()
  await alert.getByRole('button', { name: 'Start combat' }).click()
  await expect(bar.getByTestId('clock-mode')).toHaveText(/^Combat · round 0/)

  // CH-4: Dame Cecilie's numbers, played by Glam: 7 with reserves 5 against the mother dragon 6, reserves 4, resistance 4.
  const setup = page.getByRole('form', { name: 'Set up a challenge' })
  await setup.getByRole('group', { name: 'Challenger' }).getByLabel('Who').selectOption({ label: 'Glam' })
  await setup.getByRole('group', { name: 'Challenger' }).getByLabel('Ability').selectOption({ label: 'Vanquish Monster 7' })
  const opposition = setup.getByRole('group', { name: 'Opposition' })
  await opposition.getByLabel('Name').fill('the mother dragon')
  await opposition.getByText('Ability name, help, hindrance, horde, first-round bonus').click()
  await opposition.getByLabel('Rating').fill('6')
  await opposition.getByLabel('Reserves').fill('4')
  await opposition.getByLabel('Resistance').fill('4')
  await setup.getByRole('button', { name: /^Start challenge/ }).click()
  await expect(page.getByRole('heading', { name: 'Glam vs the mother dragon' })).toBeVisible()
  await expect(bar.getByTestId('clock-mode')).toHaveText(/^Combat · round 0/)

  // Round 1 at the tracker is the clock's round 1; round 2 with R is the challenge's round 2.
  await page.getByRole('button', { name: /^Play combat round 1/ }).click()
  await expect(bar.getByTestId('clock-mode')).toHaveText(/^Combat · round 1 \(\d+ s\)/)
  await page.locator('body').click()
  await page.keyboard.press('r')
  await expect(bar.getByTestId('clock-mode')).toHaveText(/^Combat · round 2 \(\d+ s\)/)
  const history = page.getByRole('table', { name: 'Pools round by round' })
  await expect(history.getByRole('row')).toHaveCount(3)
  await expect(history.getByRole('row').nth(2)).toHaveText(/2\s*6\s*4/)
  await expect(page.getByRole('button', { name: /^Play combat round 3/ })).toBeVisible()

  // Many rounds at once cannot be one combat round: in combat the tracker offers End combat instead of Play it out.
  await expect(page.getByRole('button', { name: 'Play it out' })).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('button', { name: 'End combat' })).toBeVisible()
  await page.screenshot({ path: '/tmp/combat-challenge.png' })
  await page.screenshot({ path: test.info().outputPath('combat-challenge.png') })

  // Breaking the challenge off ends the clock's combat too.
  await page.getByRole('button', { name: 'Break off' }).click()
  await page.getByRole('alert').getByRole('button', { name: 'Break off' }).click()
  await expect(bar.getByTestId('clock-mode')).toHaveText(/^Exploration/)
  await expect(page.getByRole('form', { name: 'Set up a challenge' })).toBeVisible()
  expect(problems).toEqual([])
})
