/**
 * The Ladder at the table (issue 9): a short session played through the real UI with seeded dice —
 * a roll with its exact odds shown first (checked against the engine, imported here), a Plot Point
 * push, an extended conflict to its winner, a combat round whose shot lands as an injury with its
 * timers, the Plot Point step-down, the clock moved a round; then the records and the log.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { seededDice } from '../../src/main/engines/dice'
import { castSpell, damageOdds, rollGunfire, rollIncapacitation, rollTask, taskOdds, type Asset, type Rung } from '../../src/main/engines/ladder'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const WORDS: Record<Rung, string> = {
  terrible: 'Terrible!',
  poor: 'Poor/Fail',
  good: 'Good',
  expert: 'Expert',
  superb: 'Superb!',
  unprecedented: 'Unprecedented!',
  improbable: 'Improbable!',
}

/** As the odds chart writes a probability. */
function percent(p: number): string {
  if (p >= 0.9995) return '100 %'
  if (p > 0 && p < 0.0005) return '< 0.1 %'
  return `${(p * 100).toFixed(1)} %`
}

/** A sheet as LAD-24 wants it: 6 assets (2 expert, 4 good), 3 flaws, 3 features. */
const sheet = (concept: string, assets: [string, Rung][], flaws: string[]) =>
  JSON.stringify({
    concept,
    assets: assets.map(([name, rating]) => ({ name, rating, school: null })),
    flaws: flaws.map((name) => ({ name, vulnerability: false })),
    features: ['scarred hands', 'brass goggles', 'a laugh like a kettle'],
  })

/**
 * Two PCs and an NPC with Ladder sheets, 2 Plot Points for Tai, and the campaign's dice fixed to a
 * seed whose first roll (Tai's Climbing) shows a face of 2 … 5: a Good that stays Good.
 */
function prepareLibrary(lantern: Lantern, campaignId: number): string {
  const db = new BetterSqlite3(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, ?, ?, ?, 't', 't')")
  const flaws = ['Reckless', 'Owes the guild', 'Afraid of heights']
  const tai = add.run(campaignId, 'pc', 'Tai', sheet('Rooftop courier', [['Climbing', 'good'], ['Running', 'good'], ['Hiding', 'good'], ['Pistols', 'good'], ['Brawling', 'expert'], ['Eyesight', 'expert']], flaws)).lastInsertRowid
  add.run(campaignId, 'pc', 'Orb', sheet('Clockwork scholar', [['Hacking', 'expert'], ['Clockwork', 'expert'], ['Pistols', 'good'], ['Lore', 'good'], ['Haggling', 'good'], ['Running', 'good']], flaws))
  add.run(campaignId, 'npc', 'Captain Vex', sheet('Sky pirate', [['Swordplay', 'expert'], ['Command', 'expert'], ['Pistols', 'good'], ['Sailing', 'good'], ['Climbing', 'good'], ['Bluff', 'good']], flaws))
  db.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, game_time, created_at) values (?, ?, 'pp', 2, '2 episodes at creation', 0, 't')").run(campaignId, tai)
  let seed = ''
  for (let i = 0; !seed; i++) if ([2, 3, 4, 5].includes(seededDice(`ladder-e2e-${i}#1`).roll(6))) seed = `ladder-e2e-${i}`
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(seed, campaignId)
  db.close()
  return seed
}

/** The chart's bars as "label: percent", the way a screen reader (and the GM) reads them. */
async function barsOf(chart: Locator): Promise<string[]> {
  return chart.getByRole('listitem').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''))
}

/** The screen as the GM sees it (1280 × 800), scrolled to what matters; kept with the run's output. */
async function shot(page: Page, name: string, show?: Locator): Promise<void> {
  if (show) await show.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) })
}

test('a GM plays a Ladder session at the table: odds, a roll and a push, a conflict, a combat round with an injury, the clock, the records', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  const seed = prepareLibrary(lantern, campaignId)
  let rolls = 0
  const next = () => seededDice(`${seed}#${++rolls}`)
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')

  // ── The session starts on the table ──
  const bar = main.getByRole('region', { name: 'Session' })
  await bar.getByLabel('Session title').fill('The Brass Heist')
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText('Session 1 · The Brass Heist')

  // ── A roll, with the engine's exact odds shown before it ──
  const rollTab = main.getByRole('tabpanel', { name: 'Roll' })
  await rollTab.getByLabel('Who', { exact: true }).selectOption({ label: 'Tai' })
  await rollTab.getByLabel('What').selectOption({ label: 'Climbing — Good' })
  await rollTab.getByLabel('Difficulty').selectOption({ label: 'Expert' })
  const chart = rollTab.getByRole('figure', { name: 'Odds before the roll' })
  const odds = taskOdds({ asset: 'good', difficulty: 'expert' })
  await expect(chart.getByTestId('odds-chance')).toContainText(`Success ${percent(odds.success!)}`)
  expect(await barsOf(chart)).toEqual((['terrible', 'poor', 'good', 'expert', 'superb'] as const).map((r) => `${WORDS[r]}: ${percent(odds.result[r])}`))
  // The odds follow the inputs: a good wonky ladder (LAD-5).
  await rollTab.getByLabel('Ladder (LAD-5)').selectOption({ label: 'Good wonky: 5–6 up' })
  const wonky = taskOdds({ asset: 'good', difficulty: 'expert', wonky: 'good' })
  await expect(chart.getByTestId('odds-chance')).toContainText(`Success ${percent(wonky.success!)}`)
  await rollTab.getByLabel('Ladder (LAD-5)').selectOption({ label: 'Straight' })
  await expect(chart.getByTestId('odds-chance')).toContainText(`Success ${percent(odds.success!)}`)
  await shot(page, 'ladder-roll-odds', chart)

  // Enter rolls, from the difficulty picker.
  await rollTab.getByLabel('Difficulty').focus()
  await page.keyboard.press('Enter')
  const climb = rollTask(next(), { asset: 'good', difficulty: 'expert' })
  const result = rollTab.getByRole('region', { name: 'Roll result' })
  await expect(result.getByTestId('ladder-result')).toHaveText(WORDS[climb.result])
  await expect(result.getByRole('list', { name: 'Dice' }).getByRole('listitem')).toHaveCount(climb.faces.length)
  await expect(result).toContainText('Failure')
  await shot(page, 'ladder-roll-result', result)

  // A Plot Point pushes it a rung up (LAD-22.1), once.
  await result.getByRole('button', { name: 'Push up a rung · 1 PP' }).click()
  await expect(result.getByTestId('ladder-result')).toHaveText('Expert')
  await expect(result).toContainText('Success')
  await expect(result).toContainText('pushed up from Good')
  await expect(result.getByRole('button', { name: 'Push up a rung · 1 PP' })).toBeDisabled()
  await expect(result).toContainText('only once per roll')
  await shot(page, 'ladder-roll-pushed', result)

  // ── An extended conflict, exchange by exchange, to its winner ──
  await main.getByRole('tab', { name: /Conflicts/ }).click()
  const conflictTab = main.getByRole('tabpanel', { name: /Conflicts/ })
  const form = conflictTab.getByRole('form', { name: 'Start a conflict' })
  await form.getByRole('radio', { name: 'Extended' }).check()
  await form.getByLabel('Side A', { exact: true }).selectOption({ label: 'Tai' })
  await form.getByLabel('Side A: asset').selectOption({ label: 'Running — Good' })
  await form.getByLabel('Side B', { exact: true }).selectOption({ label: 'Captain Vex' })
  await form.getByLabel('Side B: asset').selectOption({ label: 'Swordplay — Expert' })
  await form.getByLabel('Side A: head start').selectOption({ label: '2 AP' })
  await form.getByLabel('Name (optional)').fill('Rooftop chase')
  await form.getByRole('button', { name: 'Start' }).click()
  const card = conflictTab.getByRole('article', { name: 'Conflict: Rooftop chase' })
  await expect(card.getByRole('meter', { name: 'Tai: 2 AP of 6' })).toBeVisible()
  await expect(card.getByRole('figure', { name: 'Odds of the next exchange' })).toContainText('Tai wins the conflict')
  await expect(main.getByRole('tab', { name: 'Conflicts · 1' })).toBeVisible()
  await shot(page, 'ladder-conflict-start', card)
  for (let n = 1; n < 40 && !(await card.getByText(/ wins$/).isVisible()); n++) {
    await card.getByRole('button', { name: 'Next exchange' }).click()
    await expect(card.getByRole('heading', { level: 4 })).toHaveText(`Exchange ${n}`)
    rolls++
  }
  await expect(card.getByRole('status').first()).toHaveText(/^(Tai|Captain Vex) wins$/)
  await shot(page, 'ladder-conflict-won', card)
  await card.getByRole('button', { name: 'End' }).click()
  await expect(card).toBeHidden()

  // ── A combat round: gunfire lands as an injury, with its timers on the clock ──
  await main.getByRole('tab', { name: 'Combat' }).click()
  const combatTab = main.getByRole('tabpanel', { name: /Combat/ })
  const setup = combatTab.getByRole('form', { name: 'Start a combat' })
  await expect(setup.getByLabel('Combatant 3: name')).toHaveValue('Guard')
  // A typed foe carries no gun until the GM gives one.
  await setup.getByLabel('Combatant 3: shooting').selectOption('rung:good')
  await shot(page, 'ladder-combat-setup')
  await setup.getByRole('button', { name: 'Start the fight' }).click()
  await expect(page.getByTestId('clock-mode')).toContainText('Combat · round 0')
  await combatTab.getByLabel('Guard: action').selectOption('shoot')
  await combatTab.getByLabel('Guard: Target', { exact: true }).selectOption('Tai')
  await combatTab.getByLabel('Guard: Rung to hit').selectOption({ label: 'Poor/Fail' })
  await expect(combatTab.getByRole('figure', { name: "Odds of Guard's shot" })).toContainText('Hit')
  await shot(page, 'ladder-combat-plan', combatTab.getByRole('button', { name: 'Run round 1' }))
  await combatTab.getByRole('button', { name: 'Run round 1' }).click()
  const dice = next()
  const fired = rollGunfire(dice, { asset: 'good', target: 'poor' })
  const injuries = combatTab.getByRole('list', { name: 'Injuries' })
  const words = { miss: '', wounded: 'Wounded', incapacitated: 'Incapacitated' } as const
  expect(fired.outcome).not.toBe('miss')
  await expect(injuries).toContainText(`Tai${words[fired.outcome]}`)
  if (fired.outcome === 'incapacitated') {
    const out = rollIncapacitation(dice, { at: 0, attackFace: fired.roll.faces[0] })
    await expect(injuries).toContainText(`Tai comes round, ${out.onWaking.location!.location} hurt, moving at half speed`)
    await shot(page, 'ladder-combat-round', injuries)
    // LAD-22.3: Tai's last Plot Point steps the Incapacitate down to a Wound.
    await injuries.getByRole('button', { name: 'Step down to Wounded · 1 PP' }).click()
    await expect(injuries.getByRole('status')).toContainText('Stepped down to Wounded')
  } else {
    await shot(page, 'ladder-combat-round', injuries)
  }

  // The round run at the tracker was the clock's round 1; R plays round 2 of both (CLK-2), and the fight ends.
  await expect(page.getByTestId('clock-mode')).toContainText('Combat · round 1')
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('r')
  await expect(page.getByTestId('clock-mode')).toContainText('Combat · round 2')
  await combatTab.getByRole('button', { name: 'End the fight' }).click()
  await expect(combatTab.getByRole('form', { name: 'Start a combat' })).toBeVisible()

  // ── Damage tab: the odds of a grenade before it goes off ──
  await main.getByRole('tab', { name: 'Damage' }).click()
  const damageTab = main.getByRole('tabpanel', { name: 'Damage' })
  await damageTab.getByLabel('Victim', { exact: true }).selectOption({ label: 'Orb' })
  await damageTab.getByLabel('Damage level').selectOption('incapacitated')
  const grenade = damageOdds({ level: 'incapacitated' })
  const damageChart = damageTab.getByRole('figure', { name: 'Odds of the damage die' })
  await expect(damageChart.getByRole('listitem').last()).toHaveAttribute('aria-label', `Killed: ${percent(grenade.killed)}`)
  expect(await barsOf(damageChart)).toEqual(
    (['none', 'subdued', 'wounded', 'incapacitated', 'killed'] as const).map((o, i) => `${['No damage', 'Subdued', 'Wounded', 'Incapacitated', 'Killed'][i]}: ${percent(grenade[o])}`),
  )
  await shot(page, 'ladder-damage')

  // ── The records and the log ──
  const log = main.getByRole('region', { name: 'Log' }).getByRole('list', { name: 'Log entries' })
  await expect(log).toContainText(`Tai rolled Climbing (Good) against Expert: ${climb.faces.join(', ')} → Good — failure.`)
  await expect(log).toContainText('Tai pushed Climbing up a rung with a Plot Point: Good → Expert — now a success.')
  await expect(log).toContainText(/Round 1 of “Fight: Orb, Tai, Guard”: Guard fires at Tai/)
  await bar.getByRole('button', { name: 'Close session' }).click()
  await expect(bar).toContainText('No session open')

  await openSection(page, 'Characters')
  await page.getByRole('list', { name: 'Characters' }).getByRole('link', { name: /^PC Tai/ }).click()
  const injuryPanel = page.getByRole('region', { name: /Injur/ })
  await expect(injuryPanel.getByText(/Wounded/).first()).toBeVisible()
  await expect(page.getByText(/pushed a roll up from good to expert — Climbing \(Good\), roll #\d+/)).toBeVisible()
  await shot(page, 'ladder-records', injuryPanel)
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Home' }).click().catch(async () => page.goto(`${lantern.gmUrl}#/c/${campaignId}`))
  await expect(page.getByText('Tai pushed Climbing up a rung with a Plot Point')).toBeVisible()
  await shot(page, 'ladder-home')
  expect(problems).toEqual([])
})

test('the other trackers and spends: teams with henchmen, a race, a magic duel, an instant conflict, a bought result, a ruling, a refusal', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  prepareLibrary(lantern, campaignId)
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')

  // A result bought before rolling (LAD-22.2), and a refusal that says why (LAD-1).
  const rollTab = main.getByRole('tabpanel', { name: 'Roll' })
  await rollTab.getByLabel('Who', { exact: true }).selectOption({ label: 'Tai' })
  await rollTab.getByLabel('What').selectOption({ label: 'Superb!' })
  await rollTab.getByLabel('Extended ladder').uncheck()
  await expect(rollTab.getByRole('alert')).toContainText('superb and unprecedented assets need the extended ladder')
  await expect(rollTab.getByRole('button', { name: /^Roll/ })).toBeDisabled()
  await shot(page, 'ladder-roll-refused', rollTab.getByRole('alert'))
  await rollTab.getByLabel('What').selectOption({ label: 'Climbing — Good' })
  await rollTab.getByRole('button', { name: 'Buy Superb! · 1 PP' }).click()
  const result = rollTab.getByRole('region', { name: 'Roll result' })
  await expect(result.getByTestId('ladder-result')).toHaveText('Superb!')
  await expect(result).toContainText('No dice: bought with Plot Points (LAD-22.2).')
  await shot(page, 'ladder-roll-bought', result)
  await rollTab.getByText('No roll needed: the GM rules (LAD-4)').click()
  await rollTab.getByLabel('Why no roll').fill('the door was never locked')
  await rollTab.getByRole('button', { name: 'Success', exact: true }).click()
  await expect(rollTab.getByRole('status')).toHaveText("GM's ruling for Tai (Climbing): success without a roll — the door was never locked.")

  // A team fight against a squad of henchmen (LAD-10, LAD-31).
  await main.getByRole('tab', { name: /Conflicts/ }).click()
  const conflictTab = main.getByRole('tabpanel', { name: /Conflicts/ })
  const form = conflictTab.getByRole('form', { name: 'Start a conflict' })
  await form.getByRole('radio', { name: 'Teams & henchmen' }).check()
  await form.getByLabel("Second side's name").fill('Dock thugs')
  await form.getByLabel('How many henchmen').nth(1).fill('3')
  await form.getByRole('button', { name: 'Add henchmen' }).nth(1).click()
  await shot(page, 'ladder-team-setup', form)
  await form.getByRole('button', { name: 'Start' }).click()
  const team = conflictTab.getByRole('article', { name: 'Conflict: Heroes vs Dock thugs' })
  await expect(team.getByRole('meter')).toHaveCount(2)
  for (let n = 1; n < 40 && !(await team.getByText(/Neutralise|wins$/).first().isVisible()); n++) {
    await team.getByRole('button', { name: 'Next exchange' }).click()
    await expect(team.getByRole('heading', { level: 4 })).toHaveText(`Exchange ${n}`)
  }
  await shot(page, 'ladder-team-six', team)
  const pick = team.getByRole('button', { name: /^Neutralise / }).first()
  if (await pick.isVisible()) {
    await pick.click()
    await expect(team.getByRole('meter').first()).toHaveAttribute('aria-valuenow', '0')
  }
  await team.getByRole('button', { name: 'End' }).click()

  // A race of three (LAD-11).
  await form.getByRole('radio', { name: 'Race' }).check()
  await form.getByRole('button', { name: 'Add someone' }).click()
  await expect(form.getByLabel('Contestant 3: name')).toBeFocused()
  await page.keyboard.type('Captain Vex')
  await form.getByRole('button', { name: 'Start' }).click()
  const race = conflictTab.getByRole('article', { name: /Conflict: Race/ })
  await expect(race.getByRole('meter')).toHaveCount(3)
  await expect(race.getByRole('figure', { name: 'Chance each scores AP next exchange' })).toBeVisible()
  await race.getByRole('button', { name: 'Next exchange' }).click()
  await race.getByRole('button', { name: 'Next exchange' }).click()
  await shot(page, 'ladder-race', race)
  await race.getByRole('button', { name: 'End' }).click()

  // A magic duel (LAD-28) and an instant conflict (LAD-6).
  await form.getByRole('radio', { name: 'Magic duel' }).check()
  await form.getByLabel('Side A', { exact: true }).selectOption({ label: 'Orb' })
  await form.getByLabel('Side B', { exact: true }).selectOption({ label: 'Captain Vex' })
  await form.getByRole('button', { name: 'Start' }).click()
  const duel = conflictTab.getByRole('article', { name: 'Conflict: Duel: Orb vs Captain Vex' })
  await expect(duel.getByRole('figure', { name: 'Odds of the next exchange' })).toContainText("Orb's spell lands")
  await duel.getByLabel('Cast against').selectOption({ label: 'Expert' })
  await duel.getByRole('button', { name: 'Next exchange' }).click()
  await expect(duel.getByRole('heading', { level: 4 })).toHaveText('Exchange 1')
  await shot(page, 'ladder-duel', duel)
  await duel.getByRole('button', { name: 'End' }).click()
  await form.getByRole('radio', { name: 'Instant' }).check()
  await expect(form.getByRole('figure', { name: 'Who wins the instant conflict' })).toBeVisible()
  await form.getByRole('button', { name: 'Roll both' }).click()
  await expect(form.getByRole('status')).toContainText('Instant conflict:')
  await shot(page, 'ladder-instant', form.getByRole('status'))

  const log = main.getByRole('region', { name: 'Log' }).getByRole('list', { name: 'Log entries' })
  await expect(log).toContainText('Tai spent 1 Plot Point: Climbing (Good) → Superb! with no roll')
  await expect(log).toContainText('Team fight begun: Heroes')
  expect(problems).toEqual([])
})

test('magic at the table and deadlines on the clock: no success % with no difficulty, a combined-colour spell cast with its odds and kept as a rote, an incapacitation recorded on a character’s page setting its timer (LAD-4, LAD-19, LAD-25 … LAD-27)', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  const orb: Asset[] = [
    { name: 'Red magic', rating: 'expert', school: 'red' },
    { name: 'Blue magic', rating: 'good', school: 'blue' },
    { name: 'Hacking', rating: 'expert' },
    { name: 'Lore', rating: 'good' },
    { name: 'Haggling', rating: 'good' },
    { name: 'Running', rating: 'good' },
  ]
  const spell = { effect: 'a deep sleep falls on the guards', assets: ['Red magic', 'Blue magic'], rung: 'expert' as const }
  // The campaign's first roll is the cast: a seed on which it works.
  let seed = ''
  for (let i = 0; !seed; i++) {
    const r = castSpell(seededDice(`ladder-magic-${i}#1`), { assets: orb }, spell)
    if (r.ok && r.roll.success) seed = `ladder-magic-${i}`
  }
  const db = new BetterSqlite3(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')")
  add.run(campaignId, 'Orb', JSON.stringify({ concept: 'Clockwork scholar', assets: orb.map((a) => ({ name: a.name, rating: a.rating, school: a.school ?? null })), flaws: [], features: [] }))
  add.run(campaignId, 'Tai', sheet('Rooftop courier', [['Climbing', 'good'], ['Running', 'good'], ['Hiding', 'good'], ['Pistols', 'good'], ['Brawling', 'expert'], ['Eyesight', 'expert']], ['Reckless', 'Owes the guild', 'Afraid of heights']))
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(seed, campaignId)
  db.close()
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const rollTab = main.getByRole('tabpanel', { name: 'Roll' })

  // ── LAD-4: with difficulty "None (just see the rung)" the chart shows the rungs and no success % ──
  await rollTab.getByLabel('Who', { exact: true }).selectOption({ label: 'Orb' })
  await rollTab.getByLabel('What').selectOption({ label: 'Hacking — Expert' })
  await rollTab.getByLabel('Difficulty').selectOption({ label: 'None (just see the rung)' })
  const taskChart = rollTab.getByRole('figure', { name: 'Odds before the roll' })
  const rungOnly = taskOdds({ asset: 'expert' })
  await expect.poll(() => barsOf(taskChart)).toEqual((['terrible', 'poor', 'good', 'expert', 'superb'] as const).map((r) => `${WORDS[r]}: ${percent(rungOnly.result[r])}`))
  await expect(taskChart.getByTestId('odds-chance')).toHaveCount(0)
  await expect(taskChart).not.toContainText('Success')
  await shot(page, 'ladder-no-difficulty')

  // ── LAD-25, LAD-26: red and blue combined are cast at the lower, Good, against Expert, on the extended ladder ──
  await rollTab.getByRole('radio', { name: 'Cast a spell ✦' }).click()
  await rollTab.getByLabel('Effect', { exact: true }).fill(spell.effect)
  await rollTab.getByRole('checkbox', { name: /^Blue magic/ }).check()
  await expect(rollTab.getByRole('checkbox', { name: /^Red magic/ })).toBeChecked()
  await rollTab.getByLabel('Spell rung').selectOption({ label: 'Expert' })
  const odds = taskOdds({ asset: 'good', difficulty: 'expert', extended: true })
  const spellChart = rollTab.getByRole('figure', { name: 'Odds of the spell' })
  await expect(spellChart.getByTestId('odds-chance')).toContainText(`Success ${percent(odds.success!)}`)
  expect(await barsOf(spellChart)).toEqual((['terrible', 'poor', 'good', 'expert', 'superb', 'unprecedented', 'improbable'] as const).map((r) => `${WORDS[r]}: ${percent(odds.result[r])}`))
  await expect(rollTab.getByTestId('spell-rolled-at')).toHaveText('Rolled at Good: the lowest of Red magic (Expert) and Blue magic (Good) · extended ladder (LAD-25, LAD-26)')
  const cast = rollTab.getByRole('button', { name: /^Cast/ })
  for (const box of [await spellChart.boundingBox(), await cast.boundingBox()]) expect(box!.y + box!.height).toBeLessThanOrEqual(720)
  await shot(page, 'ladder-spell-odds')

  // Enter casts it, from the effect; it works, and is kept as a rote (LAD-27).
  await rollTab.getByLabel('Effect', { exact: true }).press('Enter')
  const engine = castSpell(seededDice(`${seed}#1`), { assets: orb }, spell)
  if (!engine.ok) throw new Error(engine.problems.join(' '))
  const result = rollTab.getByRole('region', { name: 'Roll result' })
  await expect(result.getByTestId('ladder-result')).toHaveText(WORDS[engine.roll.result])
  await expect(result).toContainText('Success')
  await expect(result.getByRole('list', { name: 'Dice' }).getByRole('listitem')).toHaveCount(engine.roll.faces.length)
  await result.getByRole('button', { name: 'Keep as a rote' }).click()
  await expect(result).toContainText(`“${spell.effect}” is kept as a rote: Red magic + Blue magic against Expert (LAD-27).`)
  await expect(rollTab.getByLabel('Rote (LAD-27)')).toContainText(`${spell.effect} · Red magic + Blue magic · Expert`)
  await shot(page, 'ladder-spell-cast', result)
  const log = main.getByRole('region', { name: 'Log' }).getByRole('list', { name: 'Log entries' })
  await expect(log).toContainText(`Orb cast “${spell.effect}” with Red magic and Blue magic (rolled at Good, the lowest, LAD-26) against Expert`)

  // ── LAD-19: an Incapacitate recorded on Tai's page puts its deadlines on the clock bar by itself ──
  await openSection(page, 'Characters')
  await page.getByRole('list', { name: 'Characters' }).getByRole('link', { name: /^PC Tai/ }).click()
  const form = page.getByRole('form', { name: 'Record an injury' })
  await form.getByLabel('Damage').selectOption({ label: 'Incapacitated' })
  await form.getByRole('button', { name: 'Record injury' }).click()
  const out = rollIncapacitation(seededDice(`${seed}#2`), { at: 0 })
  const timers = page.getByRole('region', { name: 'Clock' }).getByRole('list', { name: 'Coming up on the clock' })
  await expect(timers.getByRole('listitem').first()).toHaveText(`In ${out.minutes} min: Tai comes round, a body location hurt, moving at half speed`)
  // The hour for medical attention waits behind it.
  await expect(timers.getByRole('listitem').nth(1)).toHaveText('+1 more timer')
  await shot(page, 'ladder-incapacitated-timer')

  // Healed, the injury stays in Tai's history, marked healed.
  const injuries = page.getByRole('region', { name: 'Injuries', exact: true })
  // A click, not check(): ticked, the injury leaves the current list at once (check() would wait to see it ticked there).
  await injuries.getByRole('list', { name: 'Current injuries' }).getByLabel('Healed').click()
  const history = injuries.getByRole('list', { name: 'Healed injuries' })
  await expect(history.getByRole('listitem', { name: 'Incapacitated' })).toContainText('healed')
  await expect(injuries.getByRole('heading', { name: /^History/ })).toBeVisible()
  await expect(injuries.getByRole('list', { name: 'Current injuries' }).getByRole('listitem')).toHaveCount(0)
  await history.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('ladder-injury-history.png') })
  expect(problems).toEqual([])
})

test('a Wound to the head knocks out for three rounds (LAD-17): no action offered, the time to come round shown, then a fight at once; the next fight set up as this one was fought', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Bell Tower', 'The Ladder')
  prepareLibrary(lantern, campaignId)
  // The Guard's shot (Good at a target of Expert): a 6, then a face that ends the chain — Expert, a Wound, on the head.
  const db = new BetterSqlite3(lantern.dataFile)
  let seed = ''
  for (let i = 0; !seed; i++) {
    const d = seededDice(`ko-${i}#1`)
    if (d.roll(6) === 6 && d.roll(6) !== 6) seed = `ko-${i}`
  }
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(seed, campaignId)
  db.close()
  await page.reload()
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  await main.getByRole('tab', { name: 'Combat' }).click()
  const combatTab = main.getByRole('tabpanel', { name: /Combat/ })
  const setup = combatTab.getByRole('form', { name: 'Start a combat' })
  // A first fight starts each character from the asset whose name says hand to hand, else their first.
  await expect(setup.getByLabel('Combatant 1: asset').locator('option:checked')).toHaveText('Hacking · Expert')
  await expect(setup.getByLabel('Combatant 2: asset').locator('option:checked')).toHaveText('Brawling · Expert')
  await setup.getByLabel('Combatant 2: asset').selectOption({ label: 'Climbing · Good' })
  await setup.getByLabel('Combatant 2: shooting').selectOption({ label: 'Pistols — Good' })
  await setup.getByLabel('Combatant 3: shooting').selectOption('rung:good')
  await setup.getByRole('button', { name: 'Start the fight' }).click()
  await combatTab.getByLabel('Tai: action').selectOption('melee')
  await combatTab.getByLabel('Tai: Target', { exact: true }).selectOption('Guard')
  await combatTab.getByLabel('Guard: action').selectOption('shoot')
  await combatTab.getByLabel('Guard: Target', { exact: true }).selectOption('Tai')
  await combatTab.getByLabel('Guard: Rung to hit').selectOption({ label: 'Expert' })
  // Tai attacks hand-to-hand, so the Guard, attacked, cannot fire (LAD-12): Tai holds back this round.
  await combatTab.getByLabel('Tai: action').selectOption('none')
  await combatTab.getByRole('button', { name: 'Run round 1' }).click()
  await expect(combatTab.getByRole('list', { name: 'Injuries' })).toContainText('TaiWounded · head')
  await expect(combatTab.getByRole('list', { name: 'Injuries' })).not.toContainText('loses the next attack')

  // Round 1 was 0–20 s; Tai comes round at 60 s. No action, no odds for Tai meanwhile.
  const tai = combatTab.locator('.plan').filter({ hasText: /^Tai/ })
  await expect(tai).toContainText('Knocked out by the blow to the head: comes round in 40 s (LAD-17).')
  await expect(combatTab.getByLabel('Tai: action')).toHaveCount(0)
  await expect(tai.getByRole('figure')).toHaveCount(0)
  await shot(page, 'ladder-knocked-out', tai)
  await page.evaluate('document.activeElement && document.activeElement.blur()')
  await page.keyboard.press('r')
  await expect(tai).toContainText('comes round in 20 s')
  await page.keyboard.press('r')
  // Come round at 60 s: Tai fights at once, the Wound's lost attack among those the knock-out took.
  await expect(combatTab.getByLabel('Tai: action')).toBeVisible()
  await expect(tai).not.toContainText('Lost this attack')
  await combatTab.getByLabel('Guard: action').selectOption('none')
  await combatTab.getByLabel('Tai: action').selectOption('melee')
  await combatTab.getByLabel('Tai: Target', { exact: true }).selectOption('Guard')
  await expect(tai.getByRole('figure', { name: "Odds of Tai's exchange" })).toBeVisible()
  // Rounds 2 and 3 passed on the clock: the next is its round 4.
  await combatTab.getByRole('button', { name: 'Run round 4' }).click()
  await expect(main.getByRole('region', { name: 'Log' })).toContainText(/Round 4 of “Fight: .*”: .*Tai/)

  // The next fight's setup has Tai as he fought this one: Climbing hand-to-hand, Pistols to shoot.
  await combatTab.getByRole('button', { name: 'End the fight' }).click()
  await expect(setup).toBeVisible()
  await page.reload()
  await main.getByRole('tab', { name: 'Combat' }).click()
  await expect(setup.getByLabel('Combatant 2: asset').locator('option:checked')).toHaveText('Climbing · Good')
  await expect(setup.getByLabel('Combatant 2: shooting').locator('option:checked')).toHaveText('Pistols — Good')
  await expect(setup.getByLabel('Combatant 1: shooting').locator('option:checked')).toHaveText('No gun')
  expect(problems).toEqual([])
})
