/**
 * An old-school session at the table, through the real UI in Chromium, with seeded dice so every
 * roll is known: a check with its exact odds, a combat with initiative, a strike computed from both
 * sheets, harm that breaks a limb, a spell prepared in secret and cast, the next round and the end
 * of the fight on the clock, gold spent, a turn advanced; then the records and the log.
 */
import BetterSqlite3 from 'better-sqlite3'
import { copyFileSync, mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { seededDice } from '../../src/main/engines/dice'
import { castOdds, checkOdds, rollCheck, rollInitiative, rollStrike, shotOdds, strikeOdds } from '../../src/main/engines/osr'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SEED = 'osr-table'
const SHOTS = '/tmp/osr'
/** Roll n of the campaign uses seededDice(`${SEED}#${n}`). */
const dice = (n: number) => seededDice(`${SEED}#${n}`)
/** As the odds chart writes a probability. */
const pct = (p: number) => (p >= 0.9995 ? '100 %' : `${(p * 100).toFixed(1)} %`)

interface Cast {
  glam: number
  ana: number
  chief: number
}

/** Glam and the brigand chief of the seed's examples (OSR-15), and Ana, a level-2 mage. */
function prepareLibrary(lantern: Lantern, campaignId: number): Cast {
  const db = new BetterSqlite3(lantern.dataFile)
  const add = (kind: string, name: string, sheet: object) =>
    Number(db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, ?, ?, ?, 't', 't')").run(campaignId, kind, name, JSON.stringify(sheet)).lastInsertRowid)
  const glam = add('pc', 'Glam', { level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4 })
  const ana = add('pc', 'Ana', { level: 2, B: 0, M: 1, S: 0, h: 6, maxH: 6, optionsAllowed: 1, options: ['arcane knowledge'], spells: [{ id: 'smite-foe', name: 'Smite Foe', art: 'arcane', level: 1 }] })
  const chief = add('npc', 'Brigand Chief', { level: 2, B: 0, M: 1, S: 0, h: 7, maxH: 7 })
  const item = db.prepare("insert into inventory_item (character_id, name, kind, value_gp, weight_lbs, details, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 't', 't')")
  item.run(glam, 'Dagger', 'weapon', 3, 1, JSON.stringify({ weaponClass: 'short', ranged: false, advanced: false }))
  item.run(chief, 'Chainmail', 'armour', 45, 30, JSON.stringify({ modifier: 3 }))
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(SEED, campaignId)
  db.close()
  return { glam, ana, chief }
}

async function shot(page: Page, name: string): Promise<void> {
  const path = test.info().outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: true })
  mkdirSync(SHOTS, { recursive: true })
  copyFileSync(path, `${SHOTS}/${name}.png`)
}

/** The bars of the odds chart as "label: percent", left to right. */
async function bars(panel: Locator): Promise<string[]> {
  return panel.getByRole('figure', { name: 'Odds before the roll' }).getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
}

function outcomeWord(c: { success: boolean; spectacular: boolean }): string {
  if (c.spectacular) return c.success ? 'Spectacular success' : 'Spectacular failure'
  return c.success ? 'Success' : 'Failure'
}

test('an old-school GM runs a session at the table: odds before every roll, combat, harm, spells, gold and the clock', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const { glam, ana, chief } = prepareLibrary(lantern, campaignId)
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')

  // ── The session starts on the table's session bar ──
  const bar = main.getByRole('region', { name: 'Session' })
  await bar.getByLabel('Session title').fill('Into the Sunken Keep')
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText('Session 1 · Into the Sunken Keep')

  // ── A check in the dark: B −1 and darkness −5 (OSR-8, OSR-10), odds before the roll ──
  const roll = main.getByRole('region', { name: 'Roll' })
  // The first of the party is ready to roll, with their numbers.
  await expect(roll.getByLabel('Who').locator('option:checked')).toHaveText('Ana')
  await expect(roll.getByLabel('Sheet')).toContainText('L2 · B 0 · M +1 · S 0 · 6/6 H')
  await roll.getByLabel('Who').selectOption({ label: 'Glam' })
  await expect(roll.getByLabel('Sheet')).toContainText('L1 · B −1 · M 0 · S +1 · 4/4 H')
  const check = checkOdds({ modifier: -6 })
  await expect(roll.getByTestId('odds-chance')).toContainText(`Success ${pct(check.success)}`)
  await expect(roll.getByTestId('odds-recipe')).toHaveText('d20 − 1 (B) − 5 (Darkness) ≥ 10 · needs a natural 16 (modifier −6)')
  expect(await bars(roll)).toEqual([
    `Spectacular failure (1): ${pct(check.spectacularFailure)}`,
    `Failure: ${pct(check.failure - check.spectacularFailure)}`,
    `Success: ${pct(check.success - check.spectacularSuccess)}`,
    `Spectacular success (20): ${pct(check.spectacularSuccess)}`,
  ])
  await shot(page, 'osr-1-check-odds')
  // Enter rolls.
  await roll.getByLabel('Who').focus()
  await page.keyboard.press('Enter')
  const checked = rollCheck(dice(1), { modifier: -6 })
  const result = roll.getByRole('region', { name: 'Roll result' })
  await expect(result.getByTestId('roll-outcome')).toHaveText(outcomeWord(checked))
  await expect(result.getByRole('list', { name: 'Dice' })).toContainText(String(checked.natural))
  await shot(page, 'osr-2-check-result')

  // ── Combat: the party against the chief, round 1's initiative rolled (OSR-14) ──
  const combat = main.getByRole('region', { name: 'Combat' })
  const start = combat.getByRole('form', { name: 'Start a combat' })
  await start.getByRole('combobox', { name: 'Add an NPC' }).fill('brig')
  await start.getByRole('option', { name: 'Brigand Chief' }).click()
  await expect(start.getByRole('table', { name: 'Odds of acting first' })).toContainText('Brigand Chief')
  await start.getByRole('button', { name: 'Start combat' }).click()
  await expect(combat.getByRole('heading', { name: 'Combat · round 1' })).toBeVisible()
  await expect(page.getByText('Combat · round 1 (5 s)')).toBeVisible()
  // OSR-14: roll 2 is the clock's first round and its initiative, the party in the order listed (by name).
  const init = rollInitiative(dice(2), { round: 1, combatants: [{ id: String(ana), M: 1 }, { id: String(glam), M: 0 }, { id: String(chief), M: 1 }] })
  const names: Record<string, string> = { [glam]: 'Glam', [ana]: 'Ana', [chief]: 'Brigand Chief' }
  const order = combat.getByRole('list', { name: 'Initiative order' })
  await expect(order.locator(':scope > li')).toHaveCount(init.order.length)
  await expect(order.locator(':scope > li').first()).toContainText(names[init.order[0]!.ids[0]!]!)
  await expect(order.locator(':scope > li').first().locator('.total')).toHaveText(String(init.order[0]!.total))
  await shot(page, 'osr-3-combat')

  // ── Glam strikes the chief: OSR-15's example, a natural 15 needed when lit ──
  await order.getByRole('listitem', { name: 'Glam' }).getByRole('button', { name: 'Strike' }).click()
  await expect(roll.getByLabel('Against')).toHaveValue(String(chief))
  await roll.getByLabel('Weapon').selectOption({ label: 'Dagger (1d3)' })
  await roll.getByLabel('Light').selectOption('lit')
  const strikeInput = { attackerB: -1, attackerLevel: 1, defenderM: 1, defenderArmour: 3, weapon: 'short' as const, situational: 0 }
  const strike = strikeOdds(strikeInput)
  await expect(roll.getByTestId('odds-recipe')).toHaveText('d20 − 1 (Glam’s B) − 1 (Brigand Chief’s M) − 3 (Armour (Chainmail)) ≥ 10 · needs a natural 15 (modifier −5)')
  await expect(roll.getByTestId('odds-chance')).toContainText(`Hit ${pct(strike.hit)}`)
  expect(await bars(roll)).toEqual(Object.entries(strike.totalHarm).map(([h, p]) => (h === '0' ? `Miss: ${pct(p)}` : `${h} H: ${pct(p)}`)))
  await shot(page, 'osr-4-strike-odds')
  await roll.getByRole('button', { name: /^Roll/ }).click()
  const struck = rollStrike(dice(3), strikeInput)
  await expect(result.getByTestId('roll-outcome')).toHaveText(struck.hits > 0 ? 'Hit' : 'Miss')
  const chiefH = 7 - struck.totalHarm
  if (struck.hits > 0) await expect(result.getByTestId('harm-landed')).toContainText(`Brigand Chief: 7 → ${chiefH}/7 H`)
  await expect(order.getByRole('listitem', { name: 'Brigand Chief' })).toContainText(`${chiefH}/7 H`)
  await expect(order.getByRole('listitem', { name: 'Glam' })).toContainText('acted')

  // ── Harm from a falling block: 4 H in one blow breaks a limb (OSR-19); the GM names it ──
  const harm = combat.getByRole('form', { name: 'Apply harm' })
  await harm.getByLabel('Harm to').selectOption({ label: 'Brigand Chief' })
  await harm.getByLabel('H of harm').fill('4')
  await harm.getByRole('button', { name: 'Apply harm' }).click()
  await expect(combat.getByRole('status')).toContainText(`Brigand Chief: ${chiefH} → ${chiefH - 4} H`)
  const namer = combat.getByRole('group', { name: 'Name the limb: Brigand Chief' })
  await expect(namer).toContainText('Broken limb')
  await namer.getByRole('button', { name: 'left arm' }).click()
  await expect(namer).toContainText('Broken left arm')
  await shot(page, 'osr-5-harm')

  // ── Ana prepares in secret (OSR-22) and casts Smite Foe, paying 1 H ──
  await order.getByRole('listitem', { name: 'Ana' }).getByRole('button', { name: 'Cast' }).click()
  await expect(roll.getByLabel('Spell')).toHaveValue('smite-foe')
  await roll.getByRole('button', { name: 'Prepare all spells (5 s)' }).click()
  const spells = main.getByRole('region', { name: 'Spells prepared' })
  await expect(spells).toContainText('Ana: Smite Foe')
  await expect(roll.getByTestId('cast-window')).toContainText('hidden from players')
  const cast = castOdds({ spellLevel: 1, casterLevel: 2, modifier: 1 })
  await expect(roll.getByTestId('odds-chance')).toContainText(`Success ${pct(cast.success)}`)
  await roll.getByRole('button', { name: /^Roll/ }).click()
  await expect(result).toContainText('Paid 1 H · Ana: 6 → 5/6 H')
  await shot(page, 'osr-6-cast')

  // ── The next round on the clock, then the end of the fight ──
  await combat.getByRole('button', { name: 'Next round (5 s)' }).click()
  await expect(combat.getByRole('heading', { name: 'Combat · round 2' })).toBeVisible()
  await expect(page.getByText('Combat · round 2 (5 s)')).toBeVisible()
  await shot(page, 'osr-7-round-2')
  await combat.getByRole('button', { name: 'End combat' }).click()
  await expect(combat.getByRole('form', { name: 'Start a combat' })).toBeVisible()
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:00')

  // ── The clock: a turn of exploration (T) ──
  // Nothing focused: the clock's keys are the page's.
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('t')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:05')
  await shot(page, 'osr-8-table')

  // ── Gold: Glam pays the healer (OSR-5, through the ledger) ──
  await page.goto(`${lantern.gmUrl}#/c/${campaignId}/characters/${glam}`)
  const ledger = page.getByRole('region', { name: 'Ledger' })
  const change = ledger.getByRole('form', { name: 'Earn or spend' })
  await change.getByText('Earn', { exact: true }).click()
  await change.getByLabel('Amount').fill('45')
  await change.getByLabel('Reason').fill('starting gold')
  await change.getByLabel('Reason').press('Enter')
  await expect(ledger.getByRole('button', { name: 'Gold 45' })).toBeVisible()
  await change.getByText('Spend', { exact: true }).click()
  await change.getByLabel('Amount').fill('5')
  await change.getByLabel('Reason').fill('the healer’s poultice')
  await change.getByLabel('Reason').press('Enter')
  await expect(ledger.getByRole('button', { name: 'Gold 40' })).toBeVisible()

  // ── The records: the chief’s broken arm and H; Ana’s H; the log on Home ──
  await page.goto(`${lantern.gmUrl}#/c/${campaignId}/characters/${chief}`)
  await expect(page.getByRole('region', { name: 'Injuries' })).toContainText('Broken left arm')
  await expect(page.getByLabel('H', { exact: true })).toHaveValue(String(chiefH - 4))
  await openSection(page, 'Home')
  await expect(page.getByText(`Glam’s check: d20 ${checked.natural} −6 = ${checked.total} against 10 — ${outcomeWord(checked)}.`)).toBeVisible()
  await expect(page.getByText(/^Glam struck at Brigand Chief with Dagger/)).toBeVisible()
  await expect(page.getByText(`Brigand Chief took 4 H.`, { exact: false })).toBeVisible()
  await expect(page.getByText(/^Ana cast Smite Foe/)).toBeVisible()
  await expect(page.getByText('Glam spent 5 GP: the healer’s poultice (now 40).')).toBeVisible()
  await shot(page, 'osr-9-home-log')

  // ── The session closes ──
  await openSection(page, 'Table')
  await main.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Close session' }).click()
  await expect(main.getByRole('region', { name: 'Session' })).toContainText('No session open')
  expect(problems).toEqual([])
})

test('the old-school table’s other moments: resistance, "is it so?", a refused casting, surprise, a crossbow and its reload, initiative rolled with R, undo', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Brigand Hills', 'Old-school core')
  const { glam } = prepareLibrary(lantern, campaignId)
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("insert into inventory_item (character_id, name, kind, value_gp, weight_lbs, details, created_at, updated_at) values (?, 'Light crossbow', 'weapon', 70, 7, ?, 't', 't')").run(
    glam,
    JSON.stringify({ weaponClass: 'long', ranged: true, advanced: false }),
  )
  db.close()
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const roll = main.getByRole('region', { name: 'Roll' })
  const result = roll.getByRole('region', { name: 'Roll result' })

  // Resistance: 15 on the d20 at L1 (OSR-3), rolled GM-only; Enter right after choosing Resistance rolls it.
  await roll.getByLabel('Who').selectOption({ label: 'Glam' })
  await roll.getByLabel('GM only').check()
  await roll.getByRole('radio', { name: 'Resistance' }).click()
  await expect(roll.getByTestId('odds-chance')).toContainText('Saved 30.0 %')
  await expect(roll.getByLabel('Target')).toHaveValue('15')
  await expect(roll.getByRole('radio', { name: 'Resistance' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(result).toContainText('GM only')
  await expect(roll.getByRole('radio', { name: 'Resistance' })).toHaveAttribute('aria-checked', 'true')
  await expect(result.getByTestId('roll-outcome')).toHaveText(/^(Saved|Not saved)$/)
  await shot(page, 'osr-10-resistance')

  // "Is it so?": d6, 5 or more (OSR-11).
  await roll.getByRole('radio', { name: 'Is it so?' }).click()
  await expect(roll.getByTestId('odds-chance')).toContainText('It is so 33.3 %')
  await roll.getByLabel('GM only').uncheck()

  // A casting without preparing is refused, saying why (OSR-22).
  await roll.getByLabel('Who').selectOption({ label: 'Ana' })
  await roll.getByRole('radio', { name: 'Cast' }).click()
  await roll.getByRole('button', { name: /^Roll/ }).click()
  await expect(roll.getByRole('alert')).toHaveText('Ana has not prepared Smite Foe: preparing takes 5 seconds, and the window to cast is rolled secretly (OSR-22). Nothing was rolled.')
  await shot(page, 'osr-11-refused')

  // A fight with the foes surprised: −3 on their first roll (OSR-14), the odds before.
  const combat = main.getByRole('region', { name: 'Combat' })
  const start = combat.getByRole('form', { name: 'Start a combat' })
  await start.getByRole('combobox', { name: 'Add an NPC' }).fill('chief')
  await start.getByRole('option', { name: 'Brigand Chief' }).click()
  await start.getByLabel('Foes’ roll').fill('-3')
  await expect(start.getByRole('table', { name: 'Odds of acting first' })).toContainText('with surprise')
  await shot(page, 'osr-12-start')
  await start.getByRole('button', { name: 'Start combat' }).click()
  const order = combat.getByRole('list', { name: 'Initiative order' })
  await expect(order.getByRole('listitem', { name: 'Brigand Chief' })).toContainText('−3 surprise')

  // Glam shoots the crossbow at 30 ft in the dark: M 0, range 0, darkness −5 (OSR-18).
  await order.getByRole('listitem', { name: 'Glam' }).getByRole('button', { name: 'Shoot' }).click()
  await roll.getByLabel('Weapon').selectOption({ label: 'Light crossbow (1d6+1)' })
  await expect(roll.getByLabel('Reload after (crossbow, firearm)')).toBeChecked()
  await roll.getByLabel('Distance (ft)').fill('30')
  const shotChance = shotOdds({ attackerM: 0, attackerB: -1, distanceFt: 30, accuracyFt: 50, weapon: 'long', situational: -5 })
  await expect(roll.getByTestId('odds-chance')).toContainText(`Hit ${pct(shotChance.hit)}`)
  await roll.getByRole('button', { name: /^Roll/ }).click()
  await expect(result.getByTestId('roll-outcome')).toHaveText(/^(Hit|Miss)$/)
  const glamRow = order.getByRole('listitem', { name: 'Glam' })
  await expect(glamRow.getByRole('button', { name: 'Reload' })).toBeDisabled()
  await shot(page, 'osr-13-shot')

  // R on the clock bar plays a round, and the tracker's with it: round 2's initiative is rolled in the same step (CLK-2).
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('r')
  await expect(combat.getByRole('heading', { name: 'Combat · round 2' })).toBeVisible()
  await expect(combat.getByRole('button', { name: 'Roll initiative' })).toHaveCount(0)
  await expect(order.getByRole('listitem', { name: 'Brigand Chief' })).not.toContainText('surprise')
  await shot(page, 'osr-14-round-2')

  // Reloading takes the round's action; undo at the table gives it back.
  await glamRow.getByRole('button', { name: 'Reload' }).click()
  await expect(glamRow).toContainText('acted')
  await expect(glamRow.getByRole('button', { name: 'Reload' })).toHaveCount(0)
  await main.getByRole('button', { name: 'Undo at the table: Glam reloaded the Light crossbow' }).click()
  await expect(main.getByText('Undone: Glam reloaded the Light crossbow.')).toBeVisible()
  await expect(glamRow.getByRole('button', { name: 'Reload' })).toBeEnabled()
  await shot(page, 'osr-15-undone')
  expect(problems).toEqual([])
})

test('a rolled character comes with the starting kit, as the GM changed it: more torches, no water (OSR-5)', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await openSection(page, 'Characters')
  await page.getByRole('button', { name: 'Roll a new character…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Roll a new character' })
  await dialog.getByLabel('Name').fill('Vex')
  await dialog.getByLabel('Options allowed (OSR-4)').selectOption('1')
  // The seed's kit is offered: 3 torches, rations for 4 days, a waterskin of 1 pint.
  const kit = dialog.getByRole('group', { name: /Starting kit/ })
  await expect(kit.getByLabel('Torches: how many')).toHaveValue('3')
  await expect(kit.getByLabel('Rations: how many')).toHaveValue('4')
  await expect(kit.getByLabel('Waterskin: how many')).toHaveValue('1')
  await kit.getByLabel('Torches: how many').fill('6')
  await kit.getByRole('checkbox', { name: 'Waterskin' }).uncheck()
  await page.screenshot({ path: test.info().outputPath('osr-kit-dialog.png') })
  await dialog.getByRole('button', { name: 'Roll the character' }).click()
  await expect(page.getByRole('heading', { name: 'Vex', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Quantity of Torches')).toHaveValue('6')
  await expect(page.getByLabel('Quantity of Rations')).toHaveValue('4')
  await expect(page.getByLabel('Quantity of Waterskin')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('osr-kit-character.png'), fullPage: true })
  expect(problems).toEqual([])
})
