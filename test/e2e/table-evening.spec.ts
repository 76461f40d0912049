/**
 * An evening at the table without friction, in real Chromium at a laptop's 1280 × 720: the spends
 * under a roll follow the ledger as the party column changes it (a Ladder push, a LODE re-roll);
 * a push up a rung reaches the players' screen; a Ladder fight of four keeps its Run button and
 * the round's result in view; LODE's words explain themselves on hover; an old-school strike
 * starts from the weapon carried, and the GM's pick is kept for that character; a challenge's
 * horde can be cleared without folding its section away, and its XP reason carries no quotes.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { seededDice } from '../../src/main/engines/dice'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const VIEW = { width: 1280, height: 720 }
const SHOTS = 'test-results/shots-27b'

/** Characters written straight into the library, and the campaign's dice fixed to a seed. */
function prepare(lantern: Lantern, campaignId: number, pcs: [string, object][], seed?: string): number[] {
  const db = new BetterSqlite3(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')")
  const ids = pcs.map(([name, sheet]) => Number(add.run(campaignId, name, JSON.stringify(sheet)).lastInsertRowid))
  if (seed) db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(seed, campaignId)
  db.close()
  return ids
}

async function startSession(page: Page): Promise<void> {
  await page.reload()
  await openSection(page, 'Table')
  const bar = page.getByRole('region', { name: 'Session' })
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText('Session 1')
}

/** +1 of a currency from the party column, with no reason given. */
async function earnOne(page: Page, label: string): Promise<void> {
  const party = page.getByRole('region', { name: 'Party' })
  await party.getByRole('button', { name: label }).click()
  // One click earns it; the reason asked after is left empty.
  await expect(party.getByRole('status').last()).toContainText('no reason given')
  await page.keyboard.press('Escape')
}

const inView = async (what: Locator, name: string) => {
  const box = await what.boundingBox()
  expect(box, name).not.toBeNull()
  expect(box!.y, `${name}: top in view`).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height, `${name}: bottom in view`).toBeLessThanOrEqual(VIEW.height)
}

const ladderSheet = (assets: [string, string][]) => ({
  concept: 'Rooftop courier',
  assets: assets.map(([name, rating]) => ({ name, rating, school: null })),
  flaws: ['Reckless', 'Owes the guild', 'Afraid of heights'].map((name) => ({ name, vulnerability: false })),
  features: ['scarred hands', 'brass goggles', 'a laugh like a kettle'],
})
const ASSETS: [string, string][] = [['Climbing', 'good'], ['Running', 'good'], ['Hiding', 'good'], ['Pistols', 'good'], ['Brawling', 'expert'], ['Eyesight', 'expert']]

test('Ladder: a Plot Point earned after the roll makes the push possible at once, and the pushed result reaches the players’ screen', async ({ page, lantern, browser }) => {
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const campaignId = await createCampaign(page, lantern, 'Clockwork Nights', 'The Ladder')
  // The first roll's first face is 2 … 5: a Good that stays Good, a rung under Expert.
  let seed = ''
  for (let i = 0; !seed; i++) if ([2, 3, 4, 5].includes(seededDice(`evening-${i}#1`).roll(6))) seed = `evening-${i}`
  prepare(lantern, campaignId, [['Mira Vale', ladderSheet(ASSETS)]], seed)
  await startSession(page)

  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const sharing = page.getByRole('dialog', { name: 'Players’ screen' })
  const link = (await sharing.getByTestId('players-url').textContent())!.trim()
  await sharing.getByRole('button', { name: 'Close' }).click()
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const player = await phone.newPage()
  await player.goto(link)

  const rollTab = page.getByRole('tabpanel', { name: 'Roll' })
  await rollTab.getByLabel('What').selectOption({ label: 'Climbing — Good' })
  await rollTab.getByLabel('Difficulty').selectOption({ label: 'Expert' })
  await rollTab.getByRole('button', { name: /^Roll/ }).click()
  const result = rollTab.getByRole('region', { name: 'Roll result' })
  const push = result.getByRole('button', { name: 'Push up a rung · 1 PP' })
  await expect(result).toContainText('Mira Vale has 0 Plot Points, and this needs 1')
  await expect(push).toBeDisabled()
  await expect(player.getByTestId('players-roll')).toHaveCount(1)
  const faces = await player.getByTestId('players-roll').first().locator('.face').allTextContents()

  // +1 PP in the party column: the offer under the result follows, with no reload.
  await earnOne(page, 'Earn 1 Plot Point: Mira Vale')
  await expect(push).toBeEnabled()
  await expect(result).toContainText('Mira Vale has 1 Plot Point (LAD-22.1: once per roll).')
  await page.screenshot({ path: `${SHOTS}/ladder-push-offered.png` })
  await push.click()
  await expect(result.getByTestId('ladder-result')).toHaveText('Expert')
  await expect(result).toContainText('pushed up from Good')

  // The players see the new result as they saw the roll: its words and its dice.
  await expect(player.getByTestId('players-roll')).toHaveCount(2)
  const pushed = player.getByTestId('players-roll').first()
  await expect(pushed).toContainText('Mira Vale pushed Climbing up a rung with a Plot Point: Good → Expert — now a success.')
  expect(await pushed.locator('.face').allTextContents()).toEqual(faces)
  await player.screenshot({ path: `${SHOTS}/players-pushed.png`, fullPage: true })
  await phone.close()
  expect(problems).toEqual([])
})

test('Ladder: in a fight of four, “Run round” and each round’s result stay in view at 1280 × 720', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const campaignId = await createCampaign(page, lantern, 'Dockside Brawl', 'The Ladder')
  prepare(lantern, campaignId, [['Tai', ladderSheet(ASSETS)], ['Orb', ladderSheet(ASSETS)]])
  await startSession(page)
  await page.getByRole('tab', { name: 'Combat' }).click()
  const combat = page.getByRole('tabpanel', { name: /Combat/ })
  const setup = combat.getByRole('form', { name: 'Start a combat' })
  await setup.getByRole('button', { name: 'Add combatant' }).click()
  await setup.getByRole('button', { name: 'Start the fight' }).click()
  for (const [who, target] of [['Tai', 'Guard'], ['Orb', 'Foe 4'], ['Guard', 'Tai'], ['Foe 4', 'Orb']]) {
    await combat.getByLabel(`${who}: action`).selectOption('melee')
    await combat.getByLabel(`${who}: Target`, { exact: true }).selectOption(who === 'Foe 4' ? 'Orb' : target!)
  }
  for (const round of [1, 2]) {
    const run = combat.getByRole('button', { name: `Run round ${round}` })
    await inView(run, `Run round ${round}`)
    await run.click()
    const last = combat.getByRole('region', { name: 'Last round' })
    await expect(last).toContainText(`Round ${round}`)
    await inView(last.getByRole('heading').first(), `round ${round}'s result`)
    await inView(combat.getByRole('button', { name: `Run round ${round + 1}` }), `Run round ${round + 1}`)
    await page.screenshot({ path: `${SHOTS}/ladder-fight-of-four-round-${round}.png` })
  }
  expect(problems).toEqual([])
})

test('LODE: a Destiny point earned after the roll offers the re-roll at once; the Web and Halfmagic explain themselves', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const campaignId = await createCampaign(page, lantern, 'Kestrel Moor', 'LODE')
  prepare(lantern, campaignId, [['Kestrel', { attributes: [{ name: 'Agility', dice: 1, note: '' }], skills: [{ name: 'Archery', dice: 2, note: '' }], energySupply: 0 }]])
  await startSession(page)
  const form = page.getByRole('form', { name: 'Roll a pool' })
  await form.getByLabel('Who rolls').selectOption({ label: 'Kestrel' })

  // The Web and Halfmagic, each with its one line from LODE-6, on hover and to a screen reader.
  const web = form.getByTestId('lode-pool').locator('abbr')
  await expect(web).toHaveText('the Web is 9')
  await expect(web).toHaveAttribute('title', /^The Web \(LODE-6\): a roll with 9 or more successes is Halfmagic\./)
  const halfmagic = form.getByRole('figure').getByRole('listitem', { name: /^Halfmagic 9\+:/ })
  await expect(halfmagic).toHaveAccessibleDescription(/^Halfmagic \(LODE-6\): at least as many successes as the Web \(9\); its level is successes − 9 \+ 1/)
  await web.hover()
  await page.screenshot({ path: `${SHOTS}/lode-web-explained.png` })

  await form.getByRole('button', { name: /^Roll/ }).click()
  const result = form.getByRole('region', { name: 'Roll result' })
  const reroll = result.getByRole('button', { name: /Re-roll with Destiny/ })
  await expect(reroll).toContainText('Kestrel has none')
  await expect(reroll).toBeDisabled()
  await earnOne(page, 'Earn 1 Destiny point: Kestrel')
  await expect(reroll).toBeEnabled()
  await expect(reroll).toContainText('1 of Kestrel’s 1')
  await page.screenshot({ path: `${SHOTS}/lode-reroll-offered.png` })
  expect(problems).toEqual([])
})

test('old-school: a strike starts from the best weapon carried and says so; the GM’s pick is kept for that character', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const campaignId = await createCampaign(page, lantern, 'Barrow Downs', 'Old-school core')
  const [glam, orla] = prepare(lantern, campaignId, [
    ['Glam', { level: 1, B: 1, M: 0, S: 0, h: 5, maxH: 5 }],
    ['Orla', { level: 1, B: 0, M: 1, S: 0, h: 4, maxH: 4 }],
  ])
  const db = new BetterSqlite3(lantern.dataFile)
  const item = db.prepare("insert into inventory_item (character_id, name, kind, value_gp, weight_lbs, details, created_at, updated_at) values (?, ?, 'weapon', 1, 1, ?, 't', 't')")
  item.run(glam, 'Dagger', JSON.stringify({ weaponClass: 'short', ranged: false, advanced: false }))
  item.run(glam, 'Sword', JSON.stringify({ weaponClass: 'standard', ranged: false, advanced: false }))
  item.run(glam, 'Shortbow', JSON.stringify({ weaponClass: 'standard', ranged: true, advanced: false }))
  db.close()
  void orla
  await startSession(page)
  const roll = page.getByRole('region', { name: 'Roll', exact: true })
  await roll.getByLabel('Who', { exact: true }).selectOption({ label: 'Glam' })
  await roll.getByRole('radio', { name: 'Strike' }).click()
  const weapon = roll.getByLabel('Weapon')
  await expect(weapon.locator('option:checked')).toHaveText('Sword (1d6)')
  await expect(weapon).toHaveAccessibleDescription('Sword: the best weapon Glam carries (nothing marks which is in hand); pick another if they hold it.')
  await page.screenshot({ path: `${SHOTS}/osr-strike-best-weapon.png` })
  await roll.getByRole('button', { name: /^Roll/ }).click()
  await expect(page.getByRole('region', { name: 'Log' })).toContainText('Sword')
  await expect(page.getByRole('region', { name: 'Log' })).not.toContainText('natural limb')

  // The GM picks the dagger: it stays Glam's through another roller and another kind of roll.
  await weapon.selectOption({ label: 'Dagger (1d3)' })
  await expect(roll.getByText('the best weapon Glam carries')).toHaveCount(0)
  await roll.getByLabel('Who', { exact: true }).selectOption({ label: 'Orla' })
  await expect(weapon.locator('option:checked')).toHaveText('Natural limb (1 H)')
  await expect(roll).toContainText('Orla carries no weapon to strike with: a natural limb.')
  await roll.getByRole('radio', { name: 'Check' }).click()
  await roll.getByLabel('Who', { exact: true }).selectOption({ label: 'Glam' })
  await roll.getByRole('radio', { name: 'Strike' }).click()
  await expect(weapon.locator('option:checked')).toHaveText('Dagger (1d3)')
  // A shot starts from the ranged weapon carried.
  await roll.getByRole('radio', { name: 'Shot' }).click()
  await expect(weapon.locator('option:checked')).toHaveText('Shortbow (1d6)')
  // The pick is kept on this screen: after a reload Glam still strikes with the dagger.
  await page.reload()
  await roll.getByRole('radio', { name: 'Strike' }).click()
  await roll.getByLabel('Who', { exact: true }).selectOption({ label: 'Glam' })
  await expect(weapon.locator('option:checked')).toHaveText('Dagger (1d3)')
  expect(problems).toEqual([])
})

test('Challenge: clearing the horde keeps its section open; the XP reason has no quotation marks; a new challenge follows with no prompt', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const campaignId = await createCampaign(page, lantern, 'Orc Road', 'The Challenge System')
  prepare(lantern, campaignId, [['Aldric', { abilities: [{ name: 'Fight', rating: 7, bonus: 0, reserves: 5, resistance: 0 }], reductions: [] }]])
  await startSession(page)
  const challenger = page.getByRole('group', { name: 'Challenger' })
  await challenger.getByLabel('Who').selectOption({ label: 'Aldric' })
  await challenger.getByLabel('Ability').selectOption({ label: 'Fight 7' })
  const opposition = page.getByRole('group', { name: 'Opposition' })
  await opposition.getByLabel('Name').fill('Orc warband')
  await opposition.getByLabel('Rating').fill('6')
  await opposition.getByText('Ability name, help, hindrance, horde, first-round bonus').click()
  const horde = opposition.getByLabel('Horde of')
  await horde.fill('3')
  await horde.fill('')
  await expect(horde).toBeVisible()
  await expect(opposition.locator('details.extras')).toHaveAttribute('open', '')
  await page.screenshot({ path: `${SHOTS}/challenge-horde-cleared.png` })
  await page.getByRole('button', { name: /^Start challenge/ }).click()
  await expect(page.getByRole('article', { name: /^Orc warband:/ })).not.toContainText('goons standing')
  await page.getByRole('button', { name: 'Play it out' }).click()
  await expect(page.getByTestId('challenge-outcome')).toBeVisible()

  const xp = page.getByRole('form', { name: 'Experience' })
  await expect(xp.getByLabel('Reason')).toHaveValue('Aldric vs Orc warband')
  await page.screenshot({ path: `${SHOTS}/challenge-xp-reason.png` })
  await page.getByRole('button', { name: 'New challenge' }).click()
  await expect(page.getByRole('button', { name: 'Put away without them' })).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Set up a challenge' })).toBeVisible()
  expect(problems).toEqual([])
})
