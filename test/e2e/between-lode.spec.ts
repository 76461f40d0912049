/**
 * LODE between sessions, through the real UI: the campaign grants Energy at each session's start
 * (LODE-9), so Ceri begins the session at her supply; Brann spends 2 Energy on a roll; Ceri is
 * given Energy past her supply only when the GM insists, and the party column says so; the session
 * closes, and on the Between sessions screen Brann is topped up to his supply in one click, his
 * Swordfighting raised as the GM rules with the XP asked for, and that undone with Ctrl+Z.
 * Screenshots in test-results/shots-between/.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = 'test-results/shots-between'

/** Brann (supply 3, holding 3, with 2 XP) and Ceri (supply 2, holding none); the dice seeded. */
function prepare(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run('between-lode', campaignId)
  const add = (name: string, sheet: object) =>
    Number(db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')").run(campaignId, name, JSON.stringify(sheet)).lastInsertRowid)
  const brann = add('Brann', { attributes: [{ name: 'Strength', dice: 1, note: '' }], skills: [{ name: 'Swordfighting', dice: 2, note: '' }], energySupply: 3 })
  add('Ceri', { attributes: [{ name: 'Wits', dice: 2, note: '' }], skills: [{ name: 'Harping', dice: 3, note: '' }], energySupply: 2 })
  const points = db.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, game_time, created_at) values (?, ?, ?, ?, 'earlier sessions', 0, 't')")
  points.run(campaignId, brann, 'energy', 3)
  points.run(campaignId, brann, 'xp', 2)
  db.close()
}

const growth = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Growth' })

test('a LODE GM grants Energy at each session’s start, lets it past a supply only on purpose, and between sessions tops Brann up, raises his Swordfighting and undoes it', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const campaignId = await createCampaign(page, lantern, 'The Barrow Road', 'LODE')
  prepare(lantern, campaignId)
  await page.reload()

  // LODE-9: the campaign grants the supply at each session's start.
  await openSection(page, 'Settings')
  await page.getByLabel('Energy supply at each session’s start').check()
  await expect(page.getByText('Energy supply at each session’s start saved.')).toBeVisible()

  // The session: Ceri starts at her supply; Brann spends 2 Energy on a roll.
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const session = main.getByRole('region', { name: 'Session' })
  await session.getByLabel('Session title').fill('The howe at dusk')
  await session.getByRole('button', { name: 'Start session' }).click()
  await expect(session).toContainText('Session 1 · The howe at dusk')
  const party = main.getByRole('region', { name: 'Party' })
  await expect(party.getByLabel('Energy of Ceri: 2 of 2')).toBeVisible()
  await expect(party.getByLabel('Energy of Brann: 3 of 3')).toBeVisible()
  const centre = main.getByRole('region', { name: 'LODE at the table' })
  await centre.getByLabel('Who rolls').selectOption({ label: 'Brann' })
  await centre.getByLabel('Attribute').selectOption({ label: 'Strength +1' })
  await centre.getByLabel('Skill').selectOption({ label: 'Swordfighting +2' })
  await centre.getByLabel('Energy').fill('2')
  await expect(centre.getByTestId('lode-pool')).toHaveText('7 dice to roll · the Web is 9')
  await centre.getByLabel('Energy').blur()
  await page.keyboard.press('Enter')
  await expect(centre.getByLabel('Brann’s points')).toContainText('1 of 3 Energy')
  await expect(party.getByLabel('Energy of Brann: 1 of 3')).toBeVisible()

  // LODE-9: Ceri is at her supply; one more is refused in words, then given as the GM's choice.
  const ceri = party.getByRole('listitem', { name: 'Ceri', exact: true })
  await ceri.getByRole('button', { name: 'Earn 1 Energy point: Ceri' }).click()
  await expect(ceri.getByRole('alert')).toHaveText('Ceri’s Energy supply is 2: this would make 3, 1 over it (LODE-9); earn it over the supply only if you mean to. Nothing was written.')
  await ceri.getByRole('button', { name: 'Earn it over the supply' }).click()
  await expect(party.getByLabel('Energy of Ceri: 3 (1 over the supply of 2)')).toBeVisible()
  // The reason is asked once the Energy is earned.
  const why = ceri.getByLabel('Why? (may be left empty)')
  await why.fill('the druid’s draught')
  await why.press('Enter')
  await expect(party.getByRole('status').last()).toContainText('the druid’s draught')
  await expect(ceri).toContainText('1 over the supply of 2 (LODE-9)')
  await party.screenshot({ path: `${SHOTS}/lode-party-over-supply.png` })
  await session.getByRole('button', { name: 'Close session' }).click()
  await session.getByRole('link', { name: /between sessions/ }).click()

  // Between sessions: each character's Energy against their supply.
  await expect(page.getByRole('heading', { name: 'Between sessions', level: 1 })).toBeVisible()
  const panel = growth(page)
  await expect(panel).toContainText('each session’s start tops everyone present up to their supply')
  await expect(panel.getByRole('listitem', { name: 'Ceri’s Energy' })).toContainText('Energy 3 (1 over the supply of 2)over the supply: your choice, kept')
  const brannEnergy = panel.getByRole('listitem', { name: 'Brann’s Energy' })
  await expect(brannEnergy).toContainText('Energy 1 of 3')
  await page.screenshot({ path: `${SHOTS}/lode-between.png`, fullPage: true })
  await brannEnergy.getByRole('button', { name: 'Top up to supply (+2 Energy points)' }).click()
  const status = panel.getByTestId('lode-growth-status')
  await expect(status).toHaveText('Brann’s Energy was topped up by 2 to the supply of 3 (LODE-9).')
  await expect(brannEnergy).toContainText('Energy 3 of 3at the supply')

  // The text prices no advancement: the GM rules Brann's Swordfighting up, for the 2 XP the table asks.
  await expect(panel).toContainText('The LODE text prices no advancement')
  const form = panel.getByRole('form', { name: 'Change an attribute or skill' })
  await form.getByLabel('Who').selectOption({ label: 'Brann (2 XP)' })
  await form.getByLabel('Attribute or skill').selectOption({ label: 'Swordfighting +2 (skill)' })
  await expect(form.getByLabel('New dice')).toHaveValue('3')
  await form.getByLabel('XP to spend').fill('3')
  await form.getByLabel('Why (your ruling)').fill('a winter with the sword-master')
  await form.getByRole('button', { name: 'Change it' }).click()
  await expect(form.getByText('XP to spend: Brann has 2 XP, and this costs 3.')).toBeVisible()
  await form.getByLabel('XP to spend').fill('2')
  await form.getByRole('button', { name: 'Change it' }).click()
  const raised = 'Brann’s Swordfighting went from +2 dice to +3 dice: a winter with the sword-master (the GM’s ruling; 2 XP).'
  await expect(status).toHaveText(raised)
  await expect(form.getByLabel('Who')).toContainText('Brann (0 XP)')
  await expect(form.getByLabel('Attribute or skill')).toContainText('Swordfighting +3 (skill)')
  await page.screenshot({ path: `${SHOTS}/lode-raised.png`, fullPage: true })

  // Ctrl+Z takes the raise back, sheet and XP.
  await page.evaluate('document.activeElement?.blur()')
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('status')).toHaveText(`Undone: ${raised}`)
  await expect(form.getByLabel('Who')).toContainText('Brann (2 XP)')
  await expect(form.getByLabel('Attribute or skill')).toContainText('Swordfighting +2 (skill)')
  await page.screenshot({ path: `${SHOTS}/lode-undone.png`, fullPage: true })
  expect(problems).toEqual([])
})
