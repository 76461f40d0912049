/**
 * The Challenge System between sessions, through the real UI: in a session Mara loses a very
 * hazardous challenge against the storm and its consequence (−5 to every ability, CH-10) is
 * written and taken off her sheet; the GM awards her 1 XP; the session closes, and on the Between
 * sessions screen her consequence is cleared in one click when she is treated, her Sorcery raised
 * as the GM rules for the XP asked, and that undone with Ctrl+Z. Screenshots in
 * test-results/shots-between/.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = 'test-results/shots-between'

/** Mara: Sorcery 7 and Driving 4, each with reserves 3. */
function prepare(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  const ability = (name: string, rating: number, reserves: number) => ({ name, rating, bonus: 0, reserves, resistance: 0 })
  db.prepare("insert into character (campaign_id, kind, name, player_name, sheet, created_at, updated_at) values (?, 'pc', 'Mara', 'Kim', ?, 't', 't')").run(
    campaignId,
    JSON.stringify({ abilities: [ability('Sorcery', 7, 3), ability('Driving', 4, 3)], reductions: [] }),
  )
  db.close()
}

const growth = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Growth' })

test('a Challenge GM plays a lost, very hazardous challenge, and between sessions clears its consequence at treatment, raises Sorcery for XP and undoes it', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const campaignId = await createCampaign(page, lantern, 'Storm Coast', 'The Challenge System')
  prepare(lantern, campaignId)
  await page.reload()

  // The session: Mara's Sorcery 7 (+3 from her staff) against a storm of 12, very hazardous.
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const session = main.getByRole('region', { name: 'Session' })
  await session.getByLabel('Session title').fill('The storm')
  await session.getByRole('button', { name: 'Start session' }).click()
  await expect(session).toContainText('Session 1 · The storm')
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
  // CH-10: −1/2 of 9 off every ability: 4 rating and 1 reserves, by default.
  const consequences = page.getByRole('region', { name: 'Consequences' })
  await consequences.getByRole('button', { name: 'Write consequences' }).click()
  await expect(consequences.getByRole('status')).toContainText('Mara: −5 to every ability (1/2 of 9), recorded as an injury; off the sheet: 4 rating, 1 reserves.')
  const party = main.getByRole('region', { name: 'Party' })
  await party.getByRole('button', { name: 'Earn 1 XP: Mara' }).click()
  const why = party.getByLabel('Why? (may be left empty)')
  await why.fill('braved the storm')
  await why.press('Enter')
  await expect(party.getByRole('status')).toContainText('braved the storm')
  await session.getByRole('button', { name: 'Close session' }).click()
  await session.getByRole('link', { name: /between sessions/ }).click()

  // Between sessions: Mara's abilities as they stand, and the consequence with how it comes back.
  await expect(page.getByRole('heading', { name: 'Between sessions', level: 1 })).toBeVisible()
  const panel = growth(page)
  const mara = panel.getByRole('listitem', { name: 'Mara', exact: true })
  await expect(mara).toContainText('Sorcery 3 (rated 7 · reserves 3)')
  const storm = mara.getByRole('listitem', { name: '−5 to every ability' })
  await expect(storm).toContainText('Lasts until you clear it: treatment, or the end of the arc (CH-10).')
  await page.screenshot({ path: `${SHOTS}/challenge-between.png`, fullPage: true })
  await storm.getByRole('button', { name: 'Treated' }).click()
  const status = panel.getByTestId('challenge-growth-status')
  await expect(status).toHaveText('Mara’s −5 to every ability was restored: treated between sessions (CH-10).')
  await expect(mara).toContainText('No consequence carried.')
  await expect(mara).toContainText('Sorcery 7 · reserves 3')

  // The text prices no growth: the GM rules Mara's Sorcery up, for the 1 XP she earned.
  await expect(panel).toContainText('The Challenge System prices no growth')
  const form = panel.getByRole('form', { name: 'Change a rating' })
  await form.getByLabel('Who').selectOption({ label: 'Mara (1 XP)' })
  await form.getByLabel('Ability').selectOption({ label: 'Sorcery 7' })
  await expect(form.getByLabel('New rating')).toHaveValue('8')
  await form.getByLabel('XP to spend').fill('1')
  await form.getByLabel('Why (your ruling)').fill('what the storm taught her')
  await form.getByRole('button', { name: 'Change it' }).click()
  const raised = 'Mara’s Sorcery rose from 7 to 8: what the storm taught her (the GM’s ruling; 1 XP).'
  await expect(status).toHaveText(raised)
  await expect(mara).toContainText('Sorcery 8 · reserves 3')
  await page.screenshot({ path: `${SHOTS}/challenge-raised.png`, fullPage: true })

  // Ctrl+Z takes the raise back; the treatment stands.
  await page.evaluate('document.activeElement?.blur()')
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('status')).toHaveText(`Undone: ${raised}`)
  await expect(mara).toContainText('Sorcery 7 · reserves 3')
  await expect(form.getByLabel('Who')).toContainText('Mara (1 XP)')
  await expect(mara).toContainText('No consequence carried.')
  await page.screenshot({ path: `${SHOTS}/challenge-undone.png`, fullPage: true })
  expect(problems).toEqual([])
})
