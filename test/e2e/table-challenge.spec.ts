/**
 * The Challenge System at the table (issue 9), played through the real UI with seeded dice: a
 * challenge set up from a character's sheet with its exact odds shown (checked against the engine
 * in this process), a round with a conversion (CH-7), the dragon changing ability (CH-5), played
 * out, consequences written to the injury records (CH-10) and taken back once, experience earned
 * and spent through the ledger, the clock advanced; then the records and the log.
 */
import Database from 'better-sqlite3'
import { copyFileSync, mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, holdAnswers, openSection } from './support'
import {
  changeAbilities,
  consequence,
  playRound,
  reductionBase,
  reductionPoints,
  revertConversions,
  startChallenge,
  winOdds,
  type ChallengeState,
  type Challenger,
} from '../../src/main/engines/challenge'
import { seededDice, type Dice } from '../../src/main/engines/dice'

const SEED = 'dragon-country'
const SHOTS = '/tmp/challenge'

/** The odds chart's own way of writing a chance (OddsChart.vue). */
function pct(p: number): string {
  if (p >= 0.9995) return '100 %'
  if (p > 0 && p < 0.0005) return '< 0.1 %'
  return `${(p * 100).toFixed(1)} %`
}

/** Characters with Challenge sheets, straight into the library, and the campaign's dice fixed. */
function prepareLibrary(lantern: Lantern, campaignId: number): void {
  const db = new Database(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, player_name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, ?, 't', 't')")
  const ability = (name: string, rating: number, reserves = 0) => ({ name, rating, bonus: 0, reserves, resistance: 0 })
  add.run(campaignId, 'Cecilie', 'Sam', JSON.stringify({ abilities: [ability('Vanquish Monster', 7, 5), ability('Run Like A Bunny', 3)], reductions: [] }))
  add.run(campaignId, 'Boadicca', 'Jo', JSON.stringify({ abilities: [ability('Hunting', 6)], reductions: [] }))
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(SEED, campaignId)
  db.close()
}

/** The same challenge played by the engine in this process: roll n of the campaign is seededDice(`${SEED}#${n}`). */
function enginePlay() {
  const noDice: Dice = { roll: () => { throw new Error('nothing is rolled at the start with dice when comparing') } }
  const started = startChallenge([{ name: 'Cecilie', rating: 7, reserves: 5 }, { name: 'the mother dragon', rating: 6, reserves: 4, resistance: 4 }], { randomness: { place: 'comparison', dice: noDice } })
  if (!started.ok) throw new Error(started.problems.join(' '))
  let roll = 1
  const first = playRound(started.state, { choices: { 0: { toReserves: 1 } }, dice: seededDice(`${SEED}#${roll++}`) })
  if (!first.ok) throw new Error(first.problems.join(' '))
  const changed = changeAbilities(first.state, { b: { rating: 5, bonus: 2 } })
  if (!changed.ok) throw new Error(changed.problems.join(' '))
  let state: ChallengeState = changed.state
  const rolls: number[][] = [first.report.dice.flatMap((d) => d.faces)]
  while (state.winner === null) {
    const r = playRound(state, { dice: seededDice(`${SEED}#${roll++}`) })
    if (!r.ok) throw new Error(r.problems.join(' '))
    state = r.state
    rolls.push(r.report.dice.flatMap((d) => d.faces))
  }
  return { first, changed: changed.state, end: state, rolls }
}

/** A side's numbers for the rounds to come when nobody converts (CH-5, CH-7). */
function steady(ch: Challenger) {
  return { rating: ch.rating, ...revertConversions({ ...ch, roundBonus: 0, carriedBonus: 0 }).challenger.numbers }
}

/** The whole page in one viewport tall enough for it, so the sticky clock bar stays at the top. */
async function shot(page: Page, name: string): Promise<void> {
  const path = test.info().outputPath(`${name}.png`)
  const height = Number(await page.evaluate('document.documentElement.scrollHeight'))
  await page.setViewportSize({ width: 1280, height: Math.max(800, height) })
  await page.evaluate('window.scrollTo(0, 0)')
  await page.screenshot({ path })
  await page.setViewportSize({ width: 1280, height: 800 })
  copyFileSync(path, `${SHOTS}/${name}.png`)
}

async function pressEnterOnPage(page: Page): Promise<void> {
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('Enter')
}

test('a GM runs a challenge at the table: odds, a conversion, a change of ability, consequences, experience, the clock', async ({ page, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Dragon Country', 'The Challenge System')
  prepareLibrary(lantern, campaignId)
  const engine = enginePlay()

  // ── The session starts on the Table page ──
  await openSection(page, 'Table')
  await page.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Start session' }).click()
  await expect(page.getByRole('region', { name: 'Session' })).toContainText('Session 1')

  // ── The set-up, with the exact odds before the first round (CH-11, DICE-2) ──
  const challenger = page.getByRole('group', { name: 'Challenger' })
  const opposition = page.getByRole('group', { name: 'Opposition' })
  await challenger.getByLabel('Who').selectOption({ label: 'Cecilie' })
  await challenger.getByLabel('Ability').selectOption({ label: 'Vanquish Monster 7' })
  await expect(challenger.getByLabel('Rating')).toHaveValue('7')
  await expect(challenger.getByLabel('Reserves')).toHaveValue('5')
  await challenger.getByLabel('Hazard').selectOption('slightly')
  await opposition.getByLabel('Name').fill('the mother dragon')
  await opposition.getByText('Ability name, help, hindrance, horde, first-round bonus').click()
  await opposition.getByLabel('Ability, for the log').fill('Devour Knight')
  await opposition.getByLabel('Rating').fill('6')
  await opposition.getByLabel('Reserves').fill('4')
  await opposition.getByLabel('Resistance').fill('4')
  await expect(page.getByTestId('odds-note')).toHaveText(/No dice: the end is certain/)
  await page.getByLabel('Dice', { exact: true }).selectOption('comparison')
  const atStart = winOdds({ rating: 7, reserves: 5 }, { rating: 6, reserves: 4, resistance: 4 }, 'comparison')
  await expect(page.getByTestId('odds-chance')).toContainText(`Cecilie wins ${pct(atStart.a)}`)
  const setupOdds = page.getByRole('figure', { name: 'Odds before the first round' })
  await expect(setupOdds.getByRole('listitem', { name: `the mother dragon wins: ${pct(atStart.b)}` })).toBeVisible()
  await expect(setupOdds.getByRole('listitem', { name: `Draw: ${pct(atStart.draw)}` })).toBeVisible()
  await shot(page, 'challenge-setup')

  // ── Enter starts it ──
  await pressEnterOnPage(page)
  await expect(page.getByRole('heading', { name: 'Cecilie vs the mother dragon' })).toBeVisible()
  const roundOdds = page.getByRole('figure', { name: 'Odds before the round' })
  await expect(roundOdds.getByTestId('odds-chance')).toContainText(`Cecilie wins ${pct(atStart.a)}`)

  // ── Round 1: Cecilie converts a pool point into 3 reserves (CH-7) ──
  const cecilie = page.getByRole('article', { name: /^Cecilie:/ })
  const dragon = page.getByRole('article', { name: /^the mother dragon:/ })
  await cecilie.getByLabel(/^into reserves/).fill('1')
  await expect(page.getByTestId('odds-note')).toHaveText(/A conversion \(CH-7\) changes this round only/)
  await shot(page, 'challenge-conversion')
  await page.getByRole('button', { name: /^Play round 1/ }).click()
  const [cecilieAfter, dragonAfter] = engine.first.state.sides
  await expect(cecilie.getByTestId('pool')).toHaveText(String(cecilieAfter!.numbers.pool))
  await expect(dragon.getByTestId('pool')).toHaveText(String(dragonAfter!.numbers.pool))
  const lastRound = page.getByRole('region', { name: 'Last round' })
  for (const d of engine.first.report.dice) await expect(lastRound.getByRole('list', { name: `${d.who}: ${d.faces.join(' ')}` })).toBeVisible()
  await shot(page, 'challenge-round-1')

  // ── The dragon changes to its tail (CH-5) ──
  await page.getByRole('button', { name: 'Change abilities' }).click()
  const change = page.getByRole('form', { name: 'Change abilities' })
  await change.getByLabel('the mother dragon changes ability').check()
  await change.getByLabel('New ability').fill('Tail Sweep')
  await change.getByLabel('Rating', { exact: true }).fill('5')
  await change.getByLabel('Bonus', { exact: true }).fill('2')
  await change.getByRole('button', { name: 'Change abilities' }).click()
  await expect(dragon).toContainText('Tail Sweep 5')
  const [a, b] = engine.changed.sides
  await expect(dragon.getByTestId('pool')).toHaveText(String(b!.numbers.pool))
  const fromHere = winOdds(steady(a!), steady(b!), 'comparison')
  await expect(roundOdds.getByTestId('odds-chance')).toContainText(`Cecilie wins ${pct(fromHere.a)}`)
  await expect(roundOdds.getByRole('listitem', { name: `the mother dragon wins: ${pct(fromHere.b)}` })).toBeVisible()

  // ── Played out to the end ──
  await page.getByRole('button', { name: 'Play it out' }).click()
  await expect(page.getByTestId('challenge-outcome')).toHaveText('The mother dragon wins')
  expect(engine.end.winner).toBe('opponents')

  // ── Consequences (CH-10): slightly hazardous, Cecilie's pool went below 0 → −1/4 of 7 + 5/3 ──
  const end = engine.end.sides[0]!
  const { penalty } = consequence({ startingPool: end.startingPool, lowestPool: end.lowestPool, hazard: 'slightly' })
  expect(penalty).toEqual({ kind: 'reduction', scope: 'ability', fraction: '1/4' })
  const base = reductionBase({ rating: 7, reserves: 5 })
  const points = reductionPoints(base, '1/4')
  const consequences = page.getByRole('region', { name: 'Consequences' })
  await expect(consequences.getByTestId('penalty').first()).toHaveText(`−${points} Vanquish Monster (1/4 of ${base})`)
  await expect(consequences.getByLabel('rating')).toHaveValue(String(points))
  await shot(page, 'challenge-decided')
  await consequences.getByRole('button', { name: 'Write consequences' }).click()
  await expect(consequences.getByRole('status')).toContainText('Written to the injury records.')
  // Taken back, then written again: nothing is lost or doubled.
  await page.getByRole('button', { name: 'Take back' }).click()
  await expect(consequences.getByRole('button', { name: 'Write consequences' })).toBeVisible()
  await consequences.getByRole('button', { name: 'Write consequences' }).click()
  await expect(consequences.getByRole('status')).toContainText('Written to the injury records.')

  // ── Experience through the ledger: a spend the balance cannot cover is refused ──
  const xp = page.getByRole('form', { name: 'Experience' })
  await xp.getByLabel('XP').fill('2')
  await xp.getByRole('button', { name: 'Award' }).click()
  await expect(xp.getByRole('status')).toHaveText('Cecilie gained 2 XP; now 2 XP.')
  await xp.getByLabel('XP').fill('5')
  await xp.getByLabel('Reason').fill('a lesson in dragons')
  await xp.getByRole('button', { name: 'Spend' }).click()
  await expect(xp.getByRole('alert')).toContainText('Nothing was spent.')
  await xp.getByLabel('XP').fill('1')
  await xp.getByRole('button', { name: 'Spend' }).click()
  await expect(xp.getByRole('status')).toHaveText('Cecilie spent 1 XP; now 1 XP.')
  await shot(page, 'challenge-consequences')

  // ── Put away, preparing the next challenge: the dragon carries half the difference (CH-5) ──
  await page.getByRole('button', { name: 'Prepare the next with it (+2 to the mother dragon)' }).click()
  await expect(page.getByRole('form', { name: 'Set up a challenge' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Challenger' }).getByLabel('Who')).toHaveValue(/\d+/)
  await expect(page.getByRole('group', { name: 'Opposition' }).getByLabel('Name')).toHaveValue('the mother dragon')
  await expect(page.getByRole('group', { name: 'Opposition' }).getByLabel('First-round bonus')).toHaveValue('2')

  // ── The clock moves on: T is one turn ──
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('t')
  await expect(page.getByTestId('clock-time')).toContainText('00:05')
  await shot(page, 'challenge-table-after')

  // ── The records: the injury and the reduced ability on Cecilie's page, XP 1 ──
  await openSection(page, 'Characters')
  await page.getByRole('link', { name: 'Cecilie' }).first().click()
  await expect(page.getByText(`−${points} Vanquish Monster`).first()).toBeVisible()
  await expect(page.getByText(`${7 - points} · reserves 5 (reduced from 7 · reserves 5)`)).toBeVisible()
  await shot(page, 'challenge-character')

  // ── The log on Home: the challenge told in words, the undo too ──
  await openSection(page, 'Home')
  const log = page.getByRole('list', { name: 'Recent log entries' })
  await expect(log).toContainText('Challenge “Cecilie vs the mother dragon” begun')
  await expect(log).toContainText('“Cecilie vs the mother dragon”, round 1 (Cecilie converts 1 into 3 reserves):')
  await expect(log).toContainText('the mother dragon changes to Tail Sweep')
  await expect(log).toContainText(`Consequences of “Cecilie vs the mother dragon”: Cecilie −${points} Vanquish Monster`)
  // What the undo took back is struck through; its own "Taken back: …" is the history's, not the story's.
  await expect(log.locator('li.undone', { hasText: 'Consequences of “Cecilie vs the mother dragon”' })).toBeVisible()
  await expect(log).not.toContainText('Taken back:')
  await expect(log).toContainText('Cecilie gained 2 XP')
  await shot(page, 'challenge-home-log')

  // ── Every round's faces are in the log, as the engine threw them (DICE-3) ──
  const db = new Database(lantern.dataFile, { readonly: true })
  const rounds = db.prepare("select dice from log_entry where campaign_id = ? and kind = 'challenge.round' order by id").all(campaignId) as { dice: string | null }[]
  db.close()
  expect(rounds.map((r) => (JSON.parse(r.dice ?? '[]') as { face: number }[]).map((f) => f.face))).toEqual(engine.rolls)

  // ── Close the session on the Table ──
  await openSection(page, 'Table')
  await page.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Close session' }).click()
  await expect(page.getByRole('region', { name: 'Session' })).toContainText('Session 1 closed')
  expect(problems).toEqual([])
})

test('one against several, a horde and a helping ability, GM only, played with Enter (CH-6, CH-8, CH-9)', async ({ page, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Mountain Road', 'The Challenge System')
  prepareLibrary(lantern, campaignId)
  await openSection(page, 'Table')

  // ── Fu Lan against Big Tang and Little Tang, no dice: the end is certain ──
  const first = page.getByRole('group', { name: 'Challenger' })
  await first.getByLabel('Name').fill('Fu Lan')
  await first.getByLabel('Rating').fill('10')
  await first.getByLabel('Resistance').fill('1')
  await page.getByRole('button', { name: '+ Another opponent (ganging up)' }).click()
  const big = page.getByRole('group', { name: 'Opponent 1' })
  const little = page.getByRole('group', { name: 'Opponent 2' })
  await expect(little.getByLabel('Who')).toBeFocused()
  await big.getByLabel('Name').fill('Big Tang')
  await big.getByLabel('Rating').fill('7')
  await big.getByLabel('Reserves').fill('6')
  await little.getByLabel('Name').fill('Little Tang')
  await little.getByLabel('Rating').fill('8')
  await little.getByLabel('Reserves').fill('2')
  await expect(page.getByTestId('odds-chance')).toContainText('Fu Lan wins 100 %')
  await expect(page.getByTestId('odds-note')).toContainText('Over in 2 rounds.')
  await page.getByLabel('GM only').check()
  await pressEnterOnPage(page)
  await expect(page.getByRole('heading', { name: 'Fu Lan vs Big Tang and Little Tang' })).toBeVisible()
  await pressEnterOnPage(page)
  // CH-8: Fu Lan takes 3 from each Tang; Little Tang is out at once (the rules, not the seed's slip).
  await expect(page.getByRole('article', { name: /^Fu Lan:/ }).getByTestId('pool')).toHaveText('4')
  await expect(page.getByRole('article', { name: /^Little Tang:/ }).getByTestId('pool')).toHaveText('0')
  await shot(page, 'challenge-ganging-up')
  await pressEnterOnPage(page)
  await expect(page.getByTestId('challenge-outcome')).toHaveText('Fu Lan wins')
  await page.getByRole('button', { name: 'New challenge' }).click()

  // ── Boadicca, helped by her boar spear (CH-6), against the Seven Deaths as one horde (CH-9), dice when comparing ──
  const boadicca = page.getByRole('group', { name: 'Challenger' })
  await boadicca.getByLabel('Who').selectOption({ label: 'Boadicca' })
  await boadicca.getByLabel('Ability').selectOption({ label: 'Hunting 6' })
  await boadicca.getByText('Help, hindrance, first-round bonus').click()
  await boadicca.getByRole('button', { name: '+ Helping ability' }).click()
  await boadicca.getByRole('textbox', { name: 'Helping ability 1' }).fill('boar spear')
  await boadicca.getByLabel('Rating of helping ability 1').fill('4')
  const deaths = page.getByRole('group', { name: 'Opposition' })
  await deaths.getByLabel('Name').fill('the Seven Deaths')
  await deaths.getByLabel('Rating').fill('5')
  await deaths.getByLabel('Reserves').fill('4')
  await deaths.getByText('Ability name, help, hindrance, horde, first-round bonus').click()
  await deaths.getByLabel('Horde of').fill('7')
  await page.getByLabel('Dice', { exact: true }).selectOption('comparison')
  await expect(page.getByTestId('odds-note')).toContainText('a horde’s shrinks as its goons fall (CH-9)')
  await page.getByRole('button', { name: /^Start challenge/ }).click()
  const boadiccaCard = page.getByRole('article', { name: /^Boadicca:/ })
  await expect(boadiccaCard).toContainText('boar spear 4: +1 bonus (CH-6)')
  const horde = page.getByRole('article', { name: /^the Seven Deaths:/ })
  await expect(horde).toContainText('7 of 7 goons standing (CH-9)')
  await expect(horde.getByTestId('pool')).toHaveText('5')
  await shot(page, 'challenge-horde')
  await page.getByRole('button', { name: 'Play it out' }).click()
  await expect(page.getByTestId('challenge-outcome')).toBeVisible()

  // GM only: the ganging-up challenge's entries are all kept out of the player recap.
  const db = new Database(lantern.dataFile, { readonly: true })
  const entries = db.prepare("select kind, gm_only from log_entry where campaign_id = ? and kind like 'challenge.%' order by id").all(campaignId) as { kind: string; gm_only: number }[]
  db.close()
  expect(entries.slice(0, 4)).toEqual([
    { kind: 'challenge.started', gm_only: 1 },
    { kind: 'challenge.round', gm_only: 1 },
    { kind: 'challenge.round', gm_only: 1 },
    { kind: 'challenge.closed', gm_only: 1 },
  ])
  expect(entries[4]).toEqual({ kind: 'challenge.started', gm_only: 0 })
  expect(problems).toEqual([])
})

test('the consequences offered by default are accepted: an overall reduction split so that every ability can pay it (CH-10)', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Storm Coast', 'The Challenge System')
  const db = new Database(lantern.dataFile)
  const ability = (name: string, rating: number, reserves: number) => ({ name, rating, bonus: 0, reserves, resistance: 0 })
  db.prepare("insert into character (campaign_id, kind, name, player_name, sheet, created_at, updated_at) values (?, 'pc', 'Mara', 'Kim', ?, 't', 't')").run(
    campaignId,
    JSON.stringify({ abilities: [ability('Sorcery', 7, 3), ability('Driving', 4, 3)], reductions: [] }),
  )
  db.close()
  await page.reload()
  await openSection(page, 'Table')

  // Mara's Sorcery 7 (reserves 3, +3 bonus from her staff) against a storm of 12, very hazardous, no dice.
  const challenger = page.getByRole('group', { name: 'Challenger' })
  await challenger.getByLabel('Who').selectOption({ label: 'Mara' })
  await challenger.getByLabel('Ability').selectOption({ label: 'Sorcery 7' })
  await challenger.getByLabel('Bonus', { exact: true }).fill('3')
  await challenger.getByLabel('Hazard').selectOption('very')
  const opposition = page.getByRole('group', { name: 'Opposition' })
  await opposition.getByLabel('Name').fill('the storm')
  await opposition.getByLabel('Rating').fill('12')
  await page.getByRole('button', { name: /^Start challenge/ }).click()
  await page.getByRole('button', { name: 'Play it out' }).click()
  await expect(page.getByTestId('challenge-outcome')).toHaveText('The storm wins')

  // CH-10: pool fell below 0 of 7, very hazardous → −1/2 overall of 7 + 3/2 + 3/3 = 9: 5 points from every ability.
  const consequences = page.getByRole('region', { name: 'Consequences' })
  await expect(consequences.getByTestId('penalty').first()).toHaveText('−5 to every ability (1/2 of 9)')
  // Driving has rating 4: the default takes 4 from rating and 1 from reserves (3 reserves a point), which every ability can pay.
  await expect(consequences.getByLabel('Take 5 points off Mara’s sheet now')).toBeChecked()
  await expect(consequences.getByLabel(/^rating/)).toHaveValue('4')
  await expect(consequences.getByLabel(/^reserves/)).toHaveValue('1')
  await shot(page, 'challenge-default-consequence')
  await consequences.getByRole('button', { name: 'Write consequences' }).click()
  const status = consequences.getByRole('status')
  await expect(status).toContainText('Written to the injury records.')
  await expect(status).toContainText('Mara: −5 to every ability (1/2 of 9), recorded as an injury; off the sheet: 4 rating, 1 reserves.')
  await expect(consequences.getByRole('alert')).toHaveCount(0)

  // On Mara's page: the injury, and both abilities reduced.
  await openSection(page, 'Characters')
  await page.getByRole('link', { name: 'Mara' }).first().click()
  await expect(page.getByText('−5 to every ability').first()).toBeVisible()
  await expect(page.getByText('3 (reduced from 7 · reserves 3)')).toBeVisible()
  await expect(page.getByText('0 (reduced from 4 · reserves 3)')).toBeVisible()
  expect(problems).toEqual([])
})

test('abilities read late for the character the GM left do not fill the next one’s list', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const answers = await holdAnswers(page, 'challenge.abilities')
  const campaignId = await createCampaign(page, lantern, 'Dragon Country', 'The Challenge System')
  prepareLibrary(lantern, campaignId)
  await openSection(page, 'Table')
  const challenger = page.getByRole('group', { name: 'Challenger' })
  const abilities = challenger.getByLabel('Ability').getByRole('option')
  await challenger.getByLabel('Who').selectOption({ label: 'Boadicca' })
  await expect(abilities).toHaveText(['Pick an ability', 'Hunting 6'])

  // Cecilie, then at once Boadicca again: Cecilie's abilities answer last.
  answers.hold()
  await challenger.getByLabel('Who').selectOption({ label: 'Cecilie' })
  await expect.poll(() => answers.held()).toBe(1)
  await challenger.getByLabel('Who').selectOption({ label: 'Boadicca' })
  await expect.poll(() => answers.held()).toBe(2)
  answers.release('newest first')
  await expect(abilities).toHaveText(['Pick an ability', 'Hunting 6'])
  await page.waitForTimeout(300) // both answers are in: Cecilie's must not have filled Boadicca's list
  await expect(abilities).toHaveText(['Pick an ability', 'Hunting 6'])
  await challenger.getByLabel('Ability').selectOption({ label: 'Hunting 6' })
  await expect(challenger.getByLabel('Rating')).toHaveValue('6')
  expect(problems).toEqual([])
})
