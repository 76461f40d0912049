/**
 * A short LODE session at the table, through the real UI in Chromium, on seeded dice: a pool roll
 * with its exact odds on screen (equal to the engine's, computed here), Energy spent on it and a
 * Destiny re-roll (LODE-9), an opposed roll (LODE-7) with an injury for the loser, a deliberate
 * Halfmagic attempt (LODE-10), the clock moved, the session closed; then the records and the log.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { seededDice } from '../../src/main/engines/dice'
import { opposedOdds, opposedRoll, poolOdds, rollPool, type PoolInput } from '../../src/main/engines/lode'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SEED = 'barrow-road'
const LABELS = ['Failure', 'Marginal', 'Adequate', 'Solid', 'Impressive', 'Exceptional', 'Astonishing']

/** The party and their points, written into the library the server has open; the dice fixed. */
function seedParty(lantern: Lantern, campaignId: number): { brann: number; ulf: number } {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(SEED, campaignId)
  const add = (kind: string, name: string, sheet: object) =>
    Number(db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, ?, ?, ?, 't', 't')").run(campaignId, kind, name, JSON.stringify(sheet)).lastInsertRowid)
  const brann = add('pc', 'Brann', { attributes: [{ name: 'Strength', dice: 1, note: '' }], skills: [{ name: 'Swordfighting', dice: 2, note: '' }], energySupply: 3 })
  add('pc', 'Ceri', { attributes: [{ name: 'Wits', dice: 2, note: '' }], skills: [{ name: 'Harping', dice: 3, note: '' }], energySupply: 2 })
  const ulf = add('npc', 'Ulf the Reaver', { attributes: [{ name: 'Brawn', dice: 2, note: '' }], skills: [{ name: 'Axe', dice: 1, note: '' }], energySupply: 0 })
  const points = db.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, game_time, created_at) values (?, ?, ?, ?, 'at creation', 0, 't')")
  points.run(campaignId, brann, 'destiny', 3)
  points.run(campaignId, brann, 'energy', 3)
  db.close()
  return { brann, ulf }
}

/** The chart's words for a probability (OddsChart.vue). */
function percent(p: number): string {
  if (p >= 0.9995) return '100 %'
  if (p > 0 && p < 0.0005) return '< 0.1 %'
  return `${(p * 100).toFixed(1)} %`
}

/** The bars a pool's odds must show, from the engine: fumble, failure, each label, Halfmagic. */
function expectedPoolBars(input: PoolInput): string[] {
  const o = poolOdds(input)
  const s = (k: number) => o.successes[k] ?? 0
  const web = input.web ?? 9
  let astonishing = 0
  for (let k = 6; k < web; k++) astonishing += s(k)
  return [
    `Fumble: ${percent(o.fumble)}`,
    `Failure: ${percent(s(0) - o.fumble)}`,
    ...LABELS.slice(1, 6).map((l, i) => `${l}: ${percent(s(i + 1))}`),
    // At Web 6 every 6+ is Halfmagic: no Astonishing bar.
    ...(web > 6 ? [`Astonishing: ${percent(astonishing)}`] : []),
    `Halfmagic ${web}+: ${percent(o.halfmagic)}`,
  ]
}

async function barsOf(page: Page, name: RegExp): Promise<string[]> {
  // Long words carry soft hyphens so narrow bars can break them; the words are the same.
  return page.getByRole('figure', { name }).getByRole('listitem').evaluateAll((items) => items.map((i) => (i.getAttribute('aria-label') ?? '').replace(/\u00AD/g, '')))
}

/** The panel as the GM sees it, whole, and the page around it. */
async function shot(page: Page, centre: Locator, name: string): Promise<void> {
  // The whole page, clipped to the panel: an element shot would scroll it under the sticky clock bar.
  await page.evaluate('window.scrollTo(0, 0)')
  const box = (await centre.boundingBox())!
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, clip: box })
  await page.screenshot({ path: test.info().outputPath(`${name}-page.png`) })
}

const facesOf = (page: Page, region: string) =>
  page.getByRole('region', { name: region }).getByRole('list', { name: 'Dice' }).first().getByRole('listitem').evaluateAll((items) => items.map((i) => Number(i.textContent!.trim().split(/\s/)[0])))

test('a GM plays a LODE session: odds before the roll, Energy and Destiny, an opposed roll with an injury, Halfmagic, the clock', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'The Barrow Road', 'LODE')
  const { brann } = seedParty(lantern, campaignId)
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const session = main.getByRole('region', { name: 'Session' })
  await session.getByLabel('Session title').fill('The howe at dusk')
  await session.getByRole('button', { name: 'Start session' }).click()
  await expect(session).toContainText('Session 1 · The howe at dusk')
  const centre = main.getByRole('region', { name: 'LODE at the table' })

  // ── A pool roll: Brann's Strength and Swordfighting at BD 2, with 1 Energy (LODE-1, LODE-9).
  // The first of the party is ready to roll.
  await expect(centre.getByLabel('Who rolls').locator('option:checked')).toHaveText('Brann')
  await expect(centre.getByLabel('Brann’s points')).toContainText('3 Destiny')
  await centre.getByLabel('Attribute').selectOption({ label: 'Strength +1' })
  await centre.getByLabel('Skill').selectOption({ label: 'Swordfighting +2' })
  await centre.getByLabel('Energy').fill('1')
  const pool: PoolInput = { baseDice: 2, advantages: 3, disadvantages: 0, blessing: 0, curse: 0, energy: 1, web: 9 }
  await expect(centre.getByTestId('lode-pool')).toHaveText('6 dice to roll · the Web is 9')
  await expect.poll(() => barsOf(page, /^Odds of 6 dice/)).toEqual(expectedPoolBars(pool))
  await expect(centre.getByTestId('odds-chance')).toContainText(`Success ${percent(1 - poolOdds(pool).successes[0]!)}`)
  // The odds follow the inputs: a Curse changes them, and taking it off brings them back.
  await centre.getByLabel('Curse').fill('2')
  await expect.poll(() => barsOf(page, /^Odds of 6 dice/)).toEqual(expectedPoolBars({ ...pool, curse: 2 }))
  await centre.getByLabel('Curse').fill('0')
  await expect.poll(() => barsOf(page, /^Odds of 6 dice/)).toEqual(expectedPoolBars(pool))
  await shot(page, centre, 'lode-odds')

  // Enter rolls (SCREENS.md) when no field has the key.
  await centre.getByLabel('Curse').blur()
  await page.keyboard.press('Enter')
  const first = rollPool(seededDice(`${SEED}#1`), pool)
  const result = centre.getByRole('region', { name: 'Roll result' })
  await expect(result.getByTestId('lode-outcome')).toContainText(LABELS[first.successes > 6 ? 6 : first.successes]!)
  await expect(result.getByTestId('lode-outcome')).toContainText(`${first.successes} success`)
  expect(await facesOf(page, 'Roll result')).toEqual(first.faces)
  await expect(centre.getByLabel('Brann’s points')).toContainText('2 of 3 Energy')
  await shot(page, centre, 'lode-rolled')

  // A Destiny point re-rolls the whole pool (LODE-9).
  await result.getByRole('button', { name: /Re-roll with Destiny/ }).click()
  const second = rollPool(seededDice(`${SEED}#2`), pool)
  await expect(result.getByText('Wiped by Destiny')).toBeVisible()
  await expect(result.getByTestId('lode-outcome')).toContainText(`${second.successes} success`)
  expect(await facesOf(page, 'Roll result')).toEqual(second.faces)
  await expect(result.getByRole('button', { name: /Re-roll with Destiny/ })).toContainText('1 of Brann’s 2')
  await shot(page, centre, 'lode-rerolled')

  // ── An opposed roll (LODE-7): Brann's Swordfighting against Ulf's Axe, both at BD 2.
  await centre.getByRole('tab', { name: 'Opposed' }).click()
  await expect(centre.getByLabel('First side', { exact: true }).locator('option:checked')).toHaveText('Brann')
  await centre.getByLabel('Skill').first().selectOption({ label: 'Swordfighting +2' })
  await centre.getByLabel('Opposing side', { exact: true }).selectOption({ label: 'Find an NPC…' })
  await centre.getByLabel('NPC who rolls').fill('Ulf')
  await centre.getByRole('option', { name: 'Ulf the Reaver' }).click()
  await centre.getByLabel('Attribute').nth(1).selectOption({ label: 'Brawn +2' })
  await centre.getByLabel('Skill').nth(1).selectOption({ label: 'Axe +1' })
  const a: PoolInput = { baseDice: 2, advantages: 2, web: 9 }
  const b: PoolInput = { baseDice: 2, advantages: 3, web: 9 }
  const chances = opposedOdds(a, b)
  await expect.poll(() => barsOf(page, /^Odds of the opposed roll/)).toEqual([
    `Brann wins: ${percent(chances.win)}`,
    `Tie: ${percent(chances.tie)}`,
    `Ulf the Reaver wins: ${percent(chances.lose)}`,
  ])
  await centre.getByRole('button', { name: /Roll both sides/ }).click()
  const fight = opposedRoll(seededDice(`${SEED}#3`), a, b)
  const standing = fight.winner === 'tie' ? 'A tie' : `${fight.winner === 'a' ? 'Brann' : 'Ulf the Reaver'} wins by ${fight.margin}`
  await expect(centre.getByTestId('lode-standing')).toHaveText(standing)

  // The loser takes an injury, in the GM's words (LODE has no injury rules).
  const loser = fight.winner === 'b' ? 'Brann' : 'Ulf the Reaver'
  const opposed = centre.getByRole('region', { name: 'Opposed result' })
  await opposed.getByLabel('Injury to').selectOption({ label: loser })
  await opposed.getByLabel('What it is').fill('A deep cut across the forearm')
  await opposed.getByRole('button', { name: 'Record injury' }).click()
  await expect(opposed.getByRole('status')).toHaveText(`${loser}: A deep cut across the forearm — recorded.`)
  await shot(page, centre, 'lode-opposed')

  // ── A deliberate attempt at Halfmagic (LODE-10): 1 Destiny up front.
  await centre.getByRole('tab', { name: 'Halfmagic' }).click()
  await centre.getByLabel('Who attempts it').selectOption({ label: 'Brann' })
  await centre.getByLabel('Attribute').selectOption({ label: 'Strength +1' })
  await centre.getByLabel('Skill').selectOption({ label: 'Swordfighting +2' })
  const deliberate: PoolInput = { baseDice: 2, advantages: 3, web: 9 }
  await expect(centre.getByTestId('odds-chance')).toContainText(`Halfmagic ${percent(poolOdds(deliberate).halfmagic)}`)
  await centre.getByRole('button', { name: /Attempt Halfmagic/ }).click()
  const attempt = rollPool(seededDice(`${SEED}#4`), deliberate)
  const attemptRegion = centre.getByRole('region', { name: 'Halfmagic attempt' })
  await expect(attemptRegion.getByTestId('lode-verdict')).toHaveText(attempt.halfmagic > 0 ? `It works: Halfmagic level ${attempt.halfmagic}` : 'No Halfmagic yet')
  if (attempt.halfmagic === 0) {
    await expect(attemptRegion.getByRole('button', { name: /Re-roll/ })).toContainText('paid up front')
    await attemptRegion.getByRole('button', { name: 'Stop: it fails' }).click()
    await expect(attemptRegion.getByTestId('lode-verdict')).toHaveText('It fails, and gains nothing')
  }
  await shot(page, centre, 'lode-halfmagic')

  // ── The clock moves on; the session closes.
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('t')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:05')
  await session.getByRole('button', { name: 'Close session' }).click()
  await expect(session).toContainText('No session open')

  // ── The records: the ledger, the injury, every roll in the log with its faces.
  const db = new BetterSqlite3(lantern.dataFile, { readonly: true })
  const balance = (currency: string) =>
    (db.prepare('select coalesce(sum(amount), 0) as n from ledger_entry where character_id = ? and currency = ?').get(brann, currency) as { n: number }).n
  expect([balance('destiny'), balance('energy')]).toEqual([1, 2])
  expect(db.prepare("select description from injury where kind = 'other'").all()).toEqual([{ description: 'A deep cut across the forearm' }])
  const rolls = db.prepare("select kind, dice from log_entry where kind like 'lode.%' order by id").all() as { kind: string; dice: string }[]
  expect(rolls.map((r) => r.kind).slice(0, 4)).toEqual(['lode.roll', 'lode.reroll', 'lode.opposed', 'lode.deliberate'])
  const faces = (r: { rolled: number[]; explosions: number[] }) => [...r.rolled, ...r.explosions].map((face) => ({ sides: 6, face }))
  expect(JSON.parse(rolls[0]!.dice)).toEqual(faces(first))
  expect(JSON.parse(rolls[1]!.dice)).toEqual(faces(second))
  expect(JSON.parse(rolls[2]!.dice)).toEqual([...faces(fight.a), ...faces(fight.b)])
  const sessionIds = db.prepare("select distinct session_id as s from log_entry where kind like 'lode.%'").all()
  expect(sessionIds).toEqual([{ s: 1 }])
  db.close()

  // Home shows the log in words.
  await openSection(page, 'Home')
  await expect(page.getByText(`Brann rolled Strength +1, Swordfighting +2 (6 dice): ${first.successes} success`)).toBeVisible()
  await expect(page.getByText(`Brann spent a Destiny point to re-roll Strength +1, Swordfighting +2: ${second.successes} success`)).toBeVisible()
  await expect(page.getByText(`Brann against Ulf the Reaver: ${fight.a.successes} to ${fight.b.successes}`)).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('lode-home-log.png') })
  expect(problems).toEqual([])
})

/** A seed whose first roll of `pool` reaches the Web: found here, from the engine, before the campaign uses it. */
function halfmagicSeed(pool: PoolInput): string {
  for (let s = 0; ; s++) if (rollPool(seededDice(`howe-${s}#1`), pool).halfmagic > 0 && rollPool(seededDice(`howe-${s}#2`), pool).halfmagic > 0) return `howe-${s}`
}

test('a GM gives up Halfmagic for a Destiny point, then gives the next one to another player’s character (LODE-11)', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'The Howe', 'LODE')
  seedParty(lantern, campaignId)
  const pool: PoolInput = { baseDice: 2, advantages: 18, web: 6 }
  const seed = halfmagicSeed(pool)
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ? where id = ?').run(seed, campaignId)
  db.prepare("insert into setting (campaign_id, key, value) values (?, 'lode.web', '6')").run(campaignId)
  const character = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')")
  const dag = Number(character.run(campaignId, 'Dag', JSON.stringify({ attributes: [{ name: 'Wits', dice: 1, note: '' }], skills: [], energySupply: 1 })).lastInsertRowid)
  const ceri = (db.prepare("select id from character where name = 'Ceri'").get() as { id: number }).id
  db.close()
  await page.reload()
  await openSection(page, 'Table')
  const centre = page.getByRole('main').getByRole('region', { name: 'LODE at the table' })

  await centre.getByLabel('Who rolls').selectOption({ label: 'Brann' })
  await centre.getByLabel('Adv. +').fill('18')
  await expect(centre.getByTestId('lode-pool')).toHaveText('20 dice to roll · the Web is 6')
  await expect.poll(() => barsOf(page, /^Odds of 20 dice/)).toEqual(expectedPoolBars(pool))
  await centre.getByRole('button', { name: /^Roll/ }).click()
  const first = rollPool(seededDice(`${seed}#1`), pool)
  const result = centre.getByRole('region', { name: 'Roll result' })
  await expect(result.getByTestId('lode-outcome')).toContainText(`Halfmagic · level ${first.halfmagic}`)
  await shot(page, centre, 'lode-halfmagic-rolled')

  // The first in the scene is kept (LODE-11).
  await expect(result.getByLabel('Give up Halfmagic: the Destiny point goes to')).toHaveValue('')
  await result.getByRole('button', { name: 'Give it up' }).click()
  await expect(result.getByTestId('lode-outcome')).toContainText(`Halfmagic ${first.halfmagic} given up`)
  await expect(centre.getByLabel('Scene')).toContainText('kept: Brann')
  await expect(centre.getByLabel('Brann’s points')).toContainText('4 Destiny')

  // The next must go to another player's character: the picker offers Ceri and Dag, not Brann again.
  await centre.getByRole('button', { name: /^Roll/ }).click()
  await expect(result.getByTestId('lode-outcome')).toContainText('Halfmagic · level')
  const to = result.getByLabel('Give up Halfmagic: the Destiny point goes to')
  await expect(to.getByRole('option', { name: 'Brann (already kept one this scene)' })).toBeDisabled()
  await expect(to).toHaveValue(String(ceri))
  await to.selectOption({ label: 'Dag' })
  await shot(page, centre, 'lode-halfmagic-give')
  // Another window renames Ceri: the party is read anew (the new name offered), and the GM's pick stays.
  const other = await page.context().newPage()
  await other.goto(`${lantern.url}#/c/${campaignId}/characters/${ceri}`)
  await other.getByRole('main').getByLabel('Name', { exact: true }).fill('Ceri the Harper')
  await other.getByRole('main').getByRole('button', { name: /^Save/ }).click()
  await expect(to.getByRole('option', { name: 'Ceri the Harper' })).toHaveCount(1)
  await other.close()
  await expect(to).toHaveValue(String(dag))
  await result.getByRole('button', { name: 'Give it up' }).click()
  await expect(result.getByTestId('lode-outcome')).toContainText('given up')
  await expect(page.getByRole('region', { name: 'Log' })).toContainText('Dag gains a Destiny point')

  // A new scene: Brann may keep one again.
  await centre.getByRole('button', { name: 'New scene' }).click()
  await expect(centre.getByLabel('Scene')).toHaveText(/Scene 2\s*New scene/)

  // The Fluke Die: one die, luck only (LODE-8).
  await centre.getByLabel('Fluke Die').check()
  await expect(centre.getByTestId('lode-pool')).toHaveText('The Fluke Die: one die · the Web is 6')
  await expect(centre.getByLabel('Adv. +')).toHaveCount(0)
  await shot(page, centre, 'lode-fluke')
  expect(problems).toEqual([])
})

test('Energy the roller has not got: the odds leave the die out and say so, and the roll is refused with the balance (LODE-9)', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'The Fens', 'LODE')
  seedParty(lantern, campaignId)
  await page.reload()
  await openSection(page, 'Table')
  const centre = page.getByRole('main').getByRole('region', { name: 'LODE at the table' })

  // Ceri has no Energy at all: 1 Energy asked for is not a die she can spend.
  await centre.getByLabel('Who rolls').selectOption({ label: 'Ceri' })
  await expect(centre.getByLabel('Ceri’s points')).toContainText('0 of 2 Energy')
  await centre.getByLabel('Energy').fill('1')
  await expect(centre.getByTestId('lode-energy-note')).toHaveText('Ceri has 0 Energy: the Energy die cannot be spent and is not counted (LODE-9).')
  await expect(centre.getByTestId('lode-pool')).toHaveText('2 dice to roll · the Web is 9')
  const pool: PoolInput = { baseDice: 2, web: 9 }
  await expect.poll(() => barsOf(page, /^Odds of 2 dice/)).toEqual(expectedPoolBars(pool))
  await expect(centre.getByTestId('odds-chance')).toContainText(`Success ${percent(1 - poolOdds(pool).successes[0]!)}`)
  await shot(page, centre, 'lode-energy-none')

  await centre.getByRole('button', { name: /^Roll/ }).click()
  await expect(centre.getByRole('alert')).toHaveText('Ceri has 0 Energy, and this roll would spend 1 (LODE-9). Nothing was rolled or spent.')
  await expect(centre.getByRole('region', { name: 'Roll result' })).toHaveCount(0)
  const db = new BetterSqlite3(lantern.dataFile, { readonly: true })
  const rolls = db.prepare('select count(*) as n from lode_roll where campaign_id = ?').get(campaignId) as { n: number }
  db.close()
  expect(rolls.n).toBe(0)

  // Taking the Energy off, the same pool rolls.
  await centre.getByLabel('Energy').fill('0')
  await expect(centre.getByTestId('lode-energy-note')).toHaveCount(0)
  await centre.getByRole('button', { name: /^Roll/ }).click()
  await expect(centre.getByRole('region', { name: 'Roll result' })).toBeVisible()
  expect(problems).toEqual([])
})
