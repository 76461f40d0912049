/**
 * The old-school core between sessions, through the UI: a session is played (Vex stays home, Glam
 * finds a purse) and closed; from "Spend what was earned" the GM shares the XP among those who
 * played (OSR-6), takes a level with its die's odds on screen first, buys a sword at its price and
 * is refused chainmail in words (OSR-5), buys a lamp at a rolled price, sells the dagger back, has
 * the mage learn two spells (OSR-21), then Ctrl+Z takes the last spell back. Seeded dice (the first
 * d6s are 5, 2, 3); the screen is photographed into test-results/shots-between/.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { expect, test, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = 'test-results/shots-between'

const sheet = (over: object) => JSON.stringify({ level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4, optionsAllowed: 2, options: ['deft touch', 'high tolerance'], patron: '', spells: [], prepared: [], ...over })

/** Glam as the seed prints him with 40 GP and a dagger, Mira a new mage with 20 GP, Vex; the dice's seed. */
function prepare(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ? where id = ?').run('glam-levels-11', campaignId)
  const add = (name: string, s: string, gold: number) => {
    const id = db.prepare("insert into character (campaign_id, kind, name, player_name, sheet, created_at, updated_at) values (?, 'pc', ?, 'Ana', ?, 't', 't')").run(campaignId, name, s).lastInsertRowid
    db.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, session_id, created_at) values (?, ?, 'gold', ?, 'starting gold', null, 't')").run(campaignId, id, gold)
    return id
  }
  const glam = add('Glam', sheet({}), 40)
  add('Mira', sheet({ B: 0, M: 1, S: 0, h: 3, maxH: 3, optionsAllowed: 1, options: ['arcane knowledge'] }), 20)
  add('Vex', sheet({ B: 1, S: 0, h: 5, maxH: 5 }), 10)
  db.prepare(
    "insert into inventory_item (character_id, name, kind, quantity, weight_lbs, value_gp, details, position, created_at, updated_at) values (?, 'Dagger', 'weapon', 1, 3, 3, ?, 1, 't', 't')",
  ).run(glam, JSON.stringify({ weaponClass: 'short', ranged: false, advanced: false }))
  db.close()
}

/** The whole screen at once, tall enough that the clock bar stays at the top. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 2400 })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
  await page.setViewportSize({ width: 1280, height: 900 })
}

const status = (page: Page) => page.getByTestId('osr-growth-status')
const card = (page: Page, name: string) => page.getByRole('article', { name })

test('between sessions, old-school: a session closed, its XP shared, a level taken with its odds first, gear bought and sold, spells learnt, one undone with Ctrl+Z', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const id = await createCampaign(page, lantern, 'Brigand Hills', 'Old-school core')
  prepare(lantern, id)
  await page.reload()

  // A session: Glam and Mira go into the warren, Vex stays home; Glam finds a purse.
  await openSection(page, 'Table')
  const session = page.getByRole('main').getByRole('region', { name: 'Session' })
  await session.getByLabel('Session title').fill('The goblin warren')
  await session.getByRole('checkbox', { name: 'Vex' }).uncheck()
  await session.getByRole('button', { name: 'Start session' }).click()
  await expect(session).toContainText('Session 1 · The goblin warren')
  const partyColumn = page.getByRole('main').getByRole('region', { name: 'Party' })
  await partyColumn.getByRole('button', { name: 'Earn 1 GP: Glam' }).click()
  const why = partyColumn.getByLabel('Why? (may be left empty)')
  await why.fill('a goblin’s purse')
  await why.press('Enter')
  await expect(partyColumn.getByRole('status')).toContainText('a goblin’s purse')
  await session.getByRole('button', { name: 'Close session' }).click()
  await session.getByRole('link', { name: 'Spend what was earned: between sessions →' }).click()
  await expect(page.getByRole('heading', { name: 'Between sessions', level: 1 })).toBeVisible()
  await expect(page.getByTestId('between-since')).toContainText('Since Session 1: The goblin warren.')

  // OSR-6: 5 XP for the hoard, shared by who played; the 1 XP left over kept by no one.
  const award = page.getByRole('form', { name: 'Award experience' })
  await expect(award.getByRole('checkbox', { name: /Glam/ })).toBeChecked()
  await expect(award.getByRole('checkbox', { name: /Mira/ })).toBeChecked()
  await expect(award.getByRole('checkbox', { name: /Vex/ })).not.toBeChecked()
  await award.getByLabel('XP', { exact: true }).fill('5')
  await award.getByLabel('For', { exact: true }).fill('the goblin hoard')
  await expect(award.getByTestId('osr-award-preview')).toHaveText('5 XP among 2: 2 XP each, 1 XP left over.')
  await award.getByRole('button', { name: 'Award 5 XP' }).click()
  await expect(status(page)).toHaveText('5 XP for the goblin hoard shared (OSR-6): Glam 2 and Mira 2; the 1 XP left over was kept by no one.')

  // OSR-6, OSR-2: Glam's level 2, its die's odds on screen before the click; the seed's 5 → maximum H 10.
  const glamLevel = card(page, 'Glam').getByRole('region', { name: 'Level 2' })
  await expect(glamLevel).toContainText('Level 2 is reached. Maximum H + 1d6 + 1')
  await expect(glamLevel).toContainText('resistance 13 → 12 (OSR-3); strike bonus stays +0 (OSR-15)')
  await expect(glamLevel.getByRole('figure', { name: 'Maximum H gained at level 2' }).getByRole('listitem')).toHaveText([/\+2 H/, /\+3 H/, /\+4 H/, /\+5 H/, /\+6 H/, /\+7 H/])
  await shoot(page, 'between-osr-level-offer')
  await glamLevel.getByRole('button', { name: 'Gain level 2: roll 1d6 + 1' }).click()
  await expect(status(page)).toHaveText(
    'Glam reached level 2 (OSR-6): maximum H 4 → 10 (1d6 rolled 5, +1 S: +6), H 4 → 10, resistance 13 → 12 on d20 (OSR-3), and strike bonus stays +0 (OSR-15).',
  )
  await expect(card(page, 'Glam')).toContainText('Level 2')
  await expect(card(page, 'Glam')).toContainText('10 of 10')
  await card(page, 'Mira').getByRole('button', { name: 'Gain level 2: roll 1d6' }).click()
  await expect(status(page)).toContainText('Mira reached level 2 (OSR-6): maximum H 3 → 5 (1d6 rolled 2: +2)')
  await expect(status(page)).toContainText('spells 1 → 2 (OSR-21)')

  // OSR-5: a sword at its maximum harm; chainmail refused in words beside the form; a lamp at a rolled price.
  const buy = page.getByRole('form', { name: 'Buy gear' })
  await buy.getByLabel('Name').fill('Sword')
  await buy.getByLabel('Weapon class').selectOption('standard')
  await expect(page.getByTestId('osr-price')).toHaveText('OSR-5: a melee weapon costs its maximum harm: 1d6 → 6 GP. Costs 6 GP, weighing 6 lbs unless you say otherwise.')
  await buy.getByRole('button', { name: 'Buy for 6 GP' }).click()
  await expect(status(page)).toHaveText('Glam bought “Sword” for 6 GP (OSR-5: a melee weapon costs its maximum harm: 1d6 → 6 GP); 35 GP left, and the pack is 6 lbs heavier.')
  await buy.getByLabel('What').selectOption({ label: 'Armour' })
  await buy.getByLabel('Name').fill('Chainmail')
  await buy.getByLabel('Armour modifier').fill('3')
  await buy.getByRole('button', { name: 'Buy for 45 GP' }).click()
  await expect(buy.getByRole('alert')).toHaveText('Glam has 35 GP; “Chainmail” costs 45 GP (armour costs its modifier² × 5: +3 → 45 GP).')
  await expect(card(page, 'Glam').getByTestId('osr-gold')).toContainText('35 GP')
  await buy.scrollIntoViewIfNeeded()
  await buy.screenshot({ path: `${SHOTS}/between-osr-refused.png` })
  await buy.getByLabel('What').selectOption({ label: 'Simple or common item' })
  await buy.getByLabel('Name').fill('Oil lamp')
  await buy.getByLabel('In the pack as').selectOption({ label: 'A light' })
  await buy.getByLabel('Light', { exact: true }).selectOption('lantern')
  await expect(buy.getByRole('figure', { name: 'Price before the roll' }).getByRole('listitem')).toHaveCount(6)
  await buy.getByRole('button', { name: 'Buy: roll 1d6 GP' }).click()
  await expect(status(page)).toHaveText('Glam bought “Oil lamp” for 3 GP (OSR-5: a simple or common item costs 1d6 GP; rolled 3); 32 GP left, and the pack is 3 lbs heavier.')

  // OSR-5: the dagger sold back at the GM's price; OSR-7: the load follows.
  const sell = page.getByRole('form', { name: 'Sell gear' })
  await sell.getByLabel('Sell from Glam’s pack').selectOption({ label: 'Dagger (3 GP)' })
  await sell.getByLabel('Price (GP)').fill('1')
  await sell.getByRole('button', { name: 'Sell' }).click()
  await expect(status(page)).toHaveText('Glam sold “Dagger” for 1 GP, the GM’s price (OSR-5); now 33 GP.')
  // Sword 6 + lamp 3 + 33 GP of coin (6.6 lbs) = 15.6 lbs: no full 50, full speed.
  await expect(card(page, 'Glam').getByTestId('osr-load')).toContainText('15.6 lbs · 1,000 ft / 100 ft a turn')

  // OSR-21: Mira, now level 2, learns Smite Foe from a teacher and Vanish from a record.
  const learn = page.getByRole('form', { name: 'Learn a spell' })
  await learn.getByLabel('Spell').selectOption({ label: 'Smite Foe (spell, level 1)' })
  await learn.getByRole('button', { name: 'Learn' }).click()
  await expect(status(page)).toHaveText('Mira learnt Smite Foe, a level 1 spell, from a teacher (OSR-21): 1 of 2 spells.')
  await learn.getByLabel('Spell').selectOption({ label: 'Vanish (spell, level 2)' })
  await learn.getByRole('radio', { name: 'A record found' }).check()
  await learn.getByRole('button', { name: 'Learn' }).click()
  await expect(status(page)).toHaveText('Mira learnt Vanish, a level 2 spell, from a record found and read (OSR-21): 2 of 2 spells.')
  await expect(card(page, 'Mira')).toContainText('2 of 2')
  await shoot(page, 'between-osr')

  // Ctrl+Z: the last growth taken back; Mira has room for a spell again.
  await page.getByRole('heading', { name: 'Between sessions', level: 1 }).click()
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('status')).toContainText('Undone: Mira learnt Vanish')
  await expect(card(page, 'Mira')).toContainText('1 of 2')
  await expect(status(page)).toBeEmpty()
  await shoot(page, 'between-osr-undone')
  expect(problems).toEqual([])
})
