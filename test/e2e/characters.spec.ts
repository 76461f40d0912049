import BetterSqlite3 from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/r1/${name}.png`, fullPage: true })

/** The rules panel beside the sheet. */
const rules = (page: Page): Locator => page.getByRole('complementary', { name: 'Rules check' })
const problems = (page: Page): Locator => rules(page).getByRole('list', { name: 'Problems' })

async function newCharacter(page: Page, kind: 'PC' | 'NPC', name: string): Promise<void> {
  await openSection(page, 'Characters')
  await page.getByRole('link', { name: `New ${kind}`, exact: true }).click()
  await page.getByLabel('Name', { exact: true }).fill(name)
}

/** Adds an item; weight per unit in lbs. */
async function addItem(page: Page, name: string, quantity: number, weightLbs: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Add an item' })
  await form.getByLabel('New item').fill(name)
  await form.getByLabel(/^Quantity/).fill(String(quantity))
  await form.getByLabel('lbs each').fill(String(weightLbs))
  await form.getByLabel('New item').press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `Added “${name}”.` })).toBeVisible()
}

/**
 * Carries 60 lbs, beside the sheet and above the inventory. In an old-school campaign the speed falls
 * by a fifth (OSR-7); in the others the speed is OSR-7's number and is not shown (CLK-4 Decision),
 * and the load is shown once something carried weighs (their rules have no encumbrance).
 */
async function loadAndSpeed(page: Page, oldSchool = false): Promise<void> {
  const glance = page.getByRole('region', { name: 'Derived values' })
  if (oldSchool) await expect(glance).toContainText('0 lbs')
  else await expect(glance).not.toContainText('Load')
  if (oldSchool) await expect(glance).toContainText('1,000 ft open · 100 ft enclosed')
  await addItem(page, 'Silver ingots', 3, 20)
  await expect(glance).toContainText('60 lbs')
  if (oldSchool) await expect(glance).toContainText('800 ft open · 80 ft enclosed')
  else await expect(glance).not.toContainText('ft open')
  await expect(page.getByLabel('Load and speed')).toContainText('60 lbs carried')
}

async function save(page: Page, label: RegExp | string, saved: string): Promise<void> {
  await page.getByRole('button', { name: label }).click()
  await expect(page.getByRole('status').filter({ hasText: saved })).toBeVisible()
}

test('old-school core: a PC by hand and by dice, a refused sheet, a draft NPC, inventory with load and speed, all kept', async ({ page, lantern }) => {
  const console = watchConsole(page)
  await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')

  await newCharacter(page, 'PC', 'Glam')
  await page.getByLabel('Player').fill('Ana')
  // A blank sheet breaks the rules: maximum H 0 is dead (OSR-19).
  await expect(problems(page)).toContainText('Maximum H is 0, which means dead')
  await page.getByLabel('Maximum H').fill('-1')
  await expect(problems(page)).toContainText('Maximum H: must be at least 0.')
  await page.getByLabel('Maximum H').fill('4')
  await page.getByLabel('H', { exact: true }).fill('6')
  await expect(problems(page)).toContainText('H 6 is above the maximum 4; current H never rises above it (OSR-2).')
  await page.getByRole('button', { name: /Create PC/ }).click()
  await expect(page.getByRole('alert')).toContainText('Glam\'s sheet breaks the rules: H 6 is above the maximum 4')
  await shot(page, 'osr-refused')

  // Esc puts back what is saved, and one click brings the changes back.
  await page.getByLabel('Player').press('Escape')
  await expect(page.getByLabel('Player')).toHaveValue('')
  await page.getByRole('button', { name: 'Bring them back' }).click()
  await expect(page.getByLabel('Player')).toHaveValue('Ana')
  await page.getByLabel('H', { exact: true }).fill('4')
  await page.getByLabel('Body B').selectOption('-1')
  await page.getByLabel('Spirit S').selectOption('1')
  await page.getByLabel('Allowed by the GM').fill('2')
  await page.getByLabel('deft touch').selectOption('1')
  await page.getByLabel('high tolerance').selectOption('1')
  await expect(rules(page).getByRole('heading', { name: 'Follows the rules' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('13 on d20')
  await save(page, /Create PC/, 'Saved “Glam”.')
  await expect(page).toHaveURL(/#\/c\/\d+\/characters\/\d+$/)
  await loadAndSpeed(page, true)
  await shot(page, 'osr-pc')

  await newCharacter(page, 'NPC', 'Brigand chief')
  await page.getByLabel('Tags, with commas').fill('brigand, hills')
  await page.getByRole('button', { name: /Create NPC/ }).click()
  await expect(page.getByRole('alert')).toContainText('Fix them, or save the NPC as a draft')
  await page.getByLabel(/Draft: keep/).check()
  await save(page, /Create NPC/, 'Saved “Brigand chief” as a draft.')

  await openSection(page, 'Characters')
  await page.getByRole('button', { name: 'Roll a new character…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Roll a new character' })
  await dialog.getByLabel('Name').fill('Vex')
  await dialog.getByLabel('Options allowed (OSR-4)').selectOption('1')
  await dialog.getByLabel('heightened awareness').check()
  await dialog.getByRole('button', { name: 'Roll the character' }).click()
  await expect(page.getByRole('heading', { name: 'Vex', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText(/Gold\s*OSR-5\s*\d+ GP/)
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('sees in the dark')

  await page.reload()
  await openSection(page, 'Characters')
  const list = page.getByRole('list', { name: 'Characters' })
  await expect(list.getByRole('link')).toHaveText([/Brigand chief\s*draft/, /PC\s*Glam\s*Ana/, /Vex/])
  await shot(page, 'osr-list')
  await list.getByRole('link', { name: /Glam/ }).click()
  await expect(page.getByLabel('Maximum H')).toHaveValue('4')
  await expect(page.getByLabel('deft touch')).toHaveValue('1')
  await expect(page.getByLabel('Quantity of Silver ingots')).toHaveValue('3')
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('800 ft open · 80 ft enclosed')
  await openSection(page, 'Home')
  await expect(page.getByText('Rolled a new character, “Vex”')).toBeVisible()
  expect(console).toEqual([])
})

/**
 * Adds a row to a list of the sheet. The new row's first field has the keyboard (`first`, the first
 * of `fields` unless said), and a value for it is typed as a GM would; the rest are filled by label.
 */
async function addRow(page: Page, noun: string, fields: Record<string, string>, select: Record<string, string> = {}, first = Object.keys(fields)[0] ?? ''): Promise<void> {
  await page.getByRole('button', { name: `+ Add ${noun}`, exact: true }).click()
  await expect(page.getByLabel(first, { exact: true })).toBeFocused()
  for (const [label, value] of Object.entries(fields)) {
    if (label === first) await page.keyboard.type(value)
    else await page.getByLabel(label, { exact: true }).fill(value)
  }
  for (const [label, value] of Object.entries(select)) await page.getByLabel(label, { exact: true }).selectOption(value)
}

test('The Ladder: a valid PC (LAD-24), the problems of an incomplete one, a draft NPC, inventory, all kept', async ({ page, lantern }) => {
  const console = watchConsole(page)
  await createCampaign(page, lantern, 'Port Calder', 'The Ladder')
  await newCharacter(page, 'PC', 'Tai Givar')
  await page.getByLabel('Concept').fill('Hard-bitten freighter pilot')
  const assets: [string, string][] = [
    ['Piloting', 'expert'],
    ['Eyesight', 'expert'],
    ['Driving', 'good'],
    ['Brawling', 'good'],
    ['Haggling', 'good'],
  ]
  for (const [i, [name, rating]] of assets.entries()) await addRow(page, 'asset', { [`Asset ${i + 1} name`]: name }, { [`Asset ${i + 1} rating`]: rating })
  await expect(problems(page)).toContainText('A character has 6 assets (4 good, 2 expert); this one has 5.')
  await expect(problems(page)).toContainText('A character has exactly 3 flaws; this one has 0.')
  await expect(problems(page)).toContainText('A character has exactly 3 identifying features, each written; this one has 0.')
  await page.getByRole('button', { name: /Create PC/ }).click()
  await expect(page.getByRole('alert')).toContainText("Tai Givar's sheet breaks the rules")
  await shot(page, 'ladder-refused')

  await addRow(page, 'asset', { 'Asset 6 name': 'Blue magic' }, { 'Asset 6 rating': 'good', 'Asset 6 magic': 'blue' })
  // A row removed hands the keyboard to the row that took its place, or to "Add" after the last.
  for (const [i, flaw] of ['Owes money', 'Cannot resist a bet'].entries()) await addRow(page, 'flaw', { [`Flaw ${i + 1}`]: flaw })
  await page.getByRole('button', { name: 'Remove flaw 1' }).click()
  await expect(page.getByRole('button', { name: 'Remove flaw 1' })).toBeFocused()
  await expect(page.getByLabel('Flaw 1', { exact: true })).toHaveValue('Cannot resist a bet')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: '+ Add flaw', exact: true })).toBeFocused()
  for (const [i, flaw] of ['Owes money', 'Cannot resist a bet', 'Poor at hiding'].entries()) await addRow(page, 'flaw', { [`Flaw ${i + 1}`]: flaw })
  for (const [i, f] of ['Scar over one eye', 'Battered flight jacket', 'Whistles when nervous'].entries()) await addRow(page, 'feature', { [`Feature ${i + 1}`]: f })
  await addRow(page, 'episode', { 'Episode 1': 'Ran the blockade' })
  await addRow(page, 'rote', { 'Rote 1 effect': 'Calm the storm-sick crew', 'Rote 1 assets': 'Blue magic' })
  await page.getByLabel('Rote 1 assets').press('Tab')
  await expect(rules(page).getByRole('heading', { name: 'Follows the rules' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('Blue magic (blue, Good)')
  await save(page, /Create PC/, 'Saved “Tai Givar”.')
  await loadAndSpeed(page)

  await newCharacter(page, 'NPC', 'Big Sal')
  await page.getByLabel('Concept').fill('Dock boss')
  await addRow(page, 'asset', { 'Asset 1 name': 'Menace' }, { 'Asset 1 rating': 'expert' })
  await page.getByLabel(/Draft: keep/).check()
  await save(page, /Create NPC/, 'Saved “Big Sal” as a draft.')
  await expect(problems(page)).toContainText('A character has 6 assets (4 good, 2 expert); this one has 1.')

  await page.reload()
  await openSection(page, 'Characters')
  await page.getByText('NPCs', { exact: true }).click()
  await expect(page.getByRole('list', { name: 'Characters' }).getByRole('link')).toHaveText([/Big Sal\s*draft/])
  await page.getByText('All', { exact: true }).click()
  await page.getByRole('list', { name: 'Characters' }).getByRole('link', { name: /Tai Givar/ }).click()
  await expect(page.getByLabel('Asset 6 magic')).toHaveValue('blue')
  await expect(page.getByLabel('Rote 1 assets')).toHaveValue('Blue magic')
  await expect(page.getByLabel('Quantity of Silver ingots')).toHaveValue('3')
  await expect(rules(page).getByRole('heading', { name: 'Follows the rules' })).toBeVisible()
  await shot(page, 'ladder-pc')
  expect(console).toEqual([])
})

test('LODE: advantages and disadvantages, a refused trait, a draft NPC, inventory, all kept', async ({ page, lantern }) => {
  const console = watchConsole(page)
  await createCampaign(page, lantern, 'The Web', 'LODE')
  await newCharacter(page, 'PC', 'Bryn')
  await addRow(page, 'attribute', { 'Attribute 1 name': 'Strength', 'Attribute 1 dice': '2' })
  await addRow(page, 'skill', { 'Skill 1 name': 'Swordfighting', 'Skill 1 dice': '0' })
  await expect(problems(page)).toContainText('Swordfighting gives neither an advantage nor a disadvantage (0 dice): rate it or remove it (LODE-1).')
  await page.getByLabel('Skill 1 dice').fill('')
  await expect(problems(page)).toContainText('Dice (skill 1): must be a number.')
  await page.getByRole('button', { name: /Create PC/ }).click()
  await expect(page.getByRole('alert')).toContainText('The sheet has values that cannot be: Dice (skill 1): must be a number.')
  await page.getByLabel('Skill 1 dice').fill('3')
  await addRow(page, 'attribute', { 'Attribute 2 name': 'Presence', 'Attribute 2 dice': '-1', 'Attribute 2 note': 'stammers' })
  await page.getByLabel('Energy supply (LODE-9)').fill('5')
  await expect(rules(page).getByRole('heading', { name: 'Follows the rules' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('7 dice (Strength +2, Swordfighting +3)')
  await save(page, /Create PC/, 'Saved “Bryn”.')
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('0 of 5')
  await loadAndSpeed(page)

  await newCharacter(page, 'NPC', 'Hedge witch')
  await addRow(page, 'skill', { 'Skill 1 name': 'Herbs', 'Skill 1 dice': '0' })
  await page.getByLabel(/Draft: keep/).check()
  await save(page, /Create NPC/, 'Saved “Hedge witch” as a draft.')

  await page.reload()
  await openSection(page, 'Characters')
  await expect(page.getByRole('list', { name: 'Characters' }).getByRole('link')).toHaveText([/Bryn/, /Hedge witch\s*draft/])
  await page.getByRole('list', { name: 'Characters' }).getByRole('link', { name: /Bryn/ }).click()
  await expect(page.getByLabel('Attribute 2 note')).toHaveValue('stammers')
  await expect(page.getByLabel('Skill 1 dice')).toHaveValue('3')
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('60 lbs') // the load kept; the speed is old-school only (CLK-4)
  await shot(page, 'lode-pc')
  expect(console).toEqual([])
})

test('The Challenge System: abilities and a reduction (CH-10), a refused sheet, a draft NPC, inventory, all kept', async ({ page, lantern }) => {
  const console = watchConsole(page)
  await createCampaign(page, lantern, 'Iridia’s Road', 'The Challenge System')
  await newCharacter(page, 'PC', 'Iridia')
  await addRow(page, 'ability', { 'Ability 1 name': 'Sorcery' })
  await page.getByLabel('Ability 1 rating').fill('7')
  await page.getByLabel('Ability 1 bonus').fill('3')
  await page.getByLabel('Ability 1 reserves').fill('2')
  await addRow(page, 'reduction', { 'Reduction 1 points': '8' }, {}, 'Reduction 1 scope')
  await expect(problems(page)).toContainText('Sorcery has rating 7; its reductions would take 8 (CH-10).')
  await page.getByRole('button', { name: /Create PC/ }).click()
  await expect(page.getByRole('alert')).toContainText("Iridia's sheet breaks the rules")
  await page.getByLabel('Reduction 1 points').fill('2')
  await page.getByLabel('Reduction 1 note').fill('the demon')
  await expect(rules(page).getByRole('heading', { name: 'Follows the rules' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('5 · bonus 3 · reserves 2 (reduced from 7 · bonus 3 · reserves 2)')
  await save(page, /Create PC/, 'Saved “Iridia”.')
  await loadAndSpeed(page)

  await newCharacter(page, 'NPC', 'The demon')
  await addRow(page, 'ability', { 'Ability 1 name': '' })
  await page.getByLabel(/Draft: keep/).check()
  await save(page, /Create NPC/, 'Saved “The demon” as a draft.')
  await expect(problems(page)).toContainText('Every ability needs a name.')

  await page.reload()
  await openSection(page, 'Characters')
  await page.getByLabel('Find by name, player, notes or tags').fill('iri')
  await expect(page.getByRole('list', { name: 'Characters' }).getByRole('link')).toHaveText([/Iridia/])
  await page.getByRole('list', { name: 'Characters' }).getByRole('link', { name: /Iridia/ }).click()
  await expect(page.getByLabel('Reduction 1 note')).toHaveValue('the demon')
  await expect(page.getByLabel('Ability 1 rating')).toHaveValue('7')
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('60 lbs') // the load kept; the speed is old-school only (CLK-4)
  await shot(page, 'challenge-pc')
  expect(console).toEqual([])
})

test('Resolution and Ranks: every ability rated (RK-1), aspects, harm, moves, a draft NPC, inventory, all kept', async ({ page, lantern }) => {
  const console = watchConsole(page)
  await createCampaign(page, lantern, 'The Six-Fingered Man', 'Resolution and Ranks')
  await newCharacter(page, 'PC', 'Inigo')
  await page.getByLabel('Courage', { exact: true }).selectOption('great')
  await page.getByLabel('Daring', { exact: true }).selectOption('good')
  await expect(problems(page)).toContainText('Every character has every ability (RK-1): rate Ferocity.')
  await page.getByRole('button', { name: /Create PC/ }).click()
  await expect(page.getByRole('alert')).toContainText('rate Ferocity')
  await shot(page, 'ranks-refused')
  await page.getByLabel('Ferocity', { exact: true }).selectOption('superb')
  await addRow(page, 'aspect', { 'Aspect 1': 'You killed my father' })
  // RK-8: the Harm track is the character's open Harm injuries, shown here, taken in Injuries.
  await expect(page.getByLabel('Weary')).toBeDisabled()
  await page.getByLabel('Refresh').check()
  await expect(rules(page).getByRole('heading', { name: 'Follows the rules' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('marks Weary')
  await save(page, /Create PC/, 'Saved “Inigo”.')
  await loadAndSpeed(page)

  await newCharacter(page, 'NPC', 'Six-fingered man')
  await page.getByLabel('Ferocity', { exact: true }).selectOption('spectacular')
  await page.getByLabel(/Draft: keep/).check()
  await save(page, /Create NPC/, 'Saved “Six-fingered man” as a draft.')

  await page.reload()
  await openSection(page, 'Characters')
  await page.getByText('PCs', { exact: true }).click()
  await expect(page.getByRole('list', { name: 'Characters' }).getByRole('link')).toHaveText([/Inigo/])
  await page.getByRole('list', { name: 'Characters' }).getByRole('link', { name: /Inigo/ }).click()
  await expect(page.getByLabel('Ferocity', { exact: true })).toHaveValue('superb')
  await expect(page.getByLabel('Weary')).not.toBeChecked()
  await expect(page.getByLabel('Refresh')).toBeChecked()
  await expect(page.getByLabel('Aspect 1', { exact: true })).toHaveValue('You killed my father')
  await expect(page.getByRole('region', { name: 'Derived values' })).toContainText('60 lbs') // the load kept; the speed is old-school only (CLK-4)
  await shot(page, 'ranks-pc')

  // RK-1: the ability list is the campaign's; a new ability must be rated on every sheet.
  await openSection(page, 'Settings')
  await page.getByLabel('Abilities', { exact: true }).fill('Courage\nDaring\nFerocity\nWits')
  await page.getByLabel('Abilities', { exact: true }).blur()
  await expect(page.getByRole('status').filter({ hasText: 'Abilities saved.' })).toBeVisible()
  await shot(page, 'ranks-settings')
  await openSection(page, 'Characters')
  await page.getByRole('list', { name: 'Characters' }).getByRole('link', { name: /Inigo/ }).click()
  await expect(problems(page)).toContainText('Every character has every ability (RK-1): rate Wits.')
  await page.getByLabel('Wits', { exact: true }).selectOption('fair')
  await save(page, 'Save', 'Saved “Inigo”.')
  expect(console).toEqual([])
})

test('10,000 NPCs: the list shows the count, keeps only the rows in view in the page, scrolls to the end and filters', async ({ page, lantern }) => {
  const console = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'The Crowded City', 'Old-school core')
  // Made straight in the library file (the server keeps it in WAL mode, so a second writer is fine).
  const db = new BetterSqlite3(lantern.dataFile)
  const insert = db.prepare(
    `insert into character (campaign_id, kind, name, status, notes, tags, sheet, draft, created_at, updated_at)
     values (?, 'npc', ?, 'active', ?, ?, '{}', 1, datetime('now'), datetime('now'))`,
  )
  db.transaction(() => {
    for (let i = 0; i < 10_000; i++) {
      const n = String(i).padStart(5, '0')
      insert.run(campaignId, `Citizen ${n}`, `Lives in ward ${i % 12}.`, JSON.stringify(i % 100 === 0 ? ['watch'] : []))
    }
  })()
  db.close()

  await openSection(page, 'Characters')
  await expect(page.getByRole('status').filter({ hasText: '10,000 characters' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Characters' })
  await expect(list.getByRole('link').first()).toHaveText(/Citizen 00000/)
  const rowsInPage = await list.getByRole('listitem').count()
  expect(rowsInPage).toBeGreaterThan(5)
  expect(rowsInPage).toBeLessThan(60)

  await list.evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(list.getByRole('link', { name: /Citizen 09999/ })).toBeVisible()
  expect(await list.getByRole('listitem').count()).toBeLessThan(60)
  await shot(page, 'npcs-10000')

  await page.getByLabel('Tag', { exact: true }).fill('watch')
  await expect(page.getByRole('status').filter({ hasText: '100 characters match' })).toBeVisible()
  await expect(list.getByRole('link').first()).toHaveText(/Citizen 00000/)
  await page.getByLabel('Find by name, player, notes or tags').fill('Citizen 09900')
  await expect(list.getByRole('link')).toHaveText([/Citizen 09900/])
  expect(console).toEqual([])
})
