/**
 * Resolution and Ranks between sessions, through the real UI: a session where Georgia's Poor
 * Ferocity fails and is accepted (RK-6: XP), and Alexis is awarded XP by hand; the session closes,
 * and on the Between sessions screen each gain is listed with why (the roll, or the award), the
 * chapter moves left are shown (RK-9), Georgia's Ferocity is raised as the GM rules for the XP she
 * earned, that is undone with Ctrl+Z, and a new chapter brings the moves back. Seeded dice;
 * screenshots in test-results/shots-between/.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { seededDice } from '../../src/main/engines/dice'
import { experienceFor, rollRank } from '../../src/main/engines/ranks'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = 'test-results/shots-between'
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** A seed whose first roll, Georgia's Poor Ferocity, is a loss (Poor or Terrible): by search, never by luck. */
function losingSeed(): string {
  for (let i = 0; i < 5000; i++) {
    const seed = `between-ranks-${i}`
    const r = rollRank(seededDice(`${seed}#1`), { ability: 'poor' })
    if (r.result === 'poor' || r.result === 'terrible') return seed
  }
  throw new Error('no seed found')
}

/** Alexis and Georgia; Georgia has used her Refresh this chapter already. */
function prepare(lantern: Lantern, campaignId: number, seed: string): void {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(seed, campaignId)
  const sheet = (ranks: string[], aspects: string[], chapterMoves: string[]) =>
    JSON.stringify({
      abilities: ['Courage', 'Daring', 'Ferocity'].map((name, i) => ({ name, rank: ranks[i] })),
      aspects: aspects.map((name) => ({ name, used: false })),
      harm: { weary: false, hurt: false, doomed: false },
      chapterMoves,
    })
  const pc = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')")
  pc.run(campaignId, 'Alexis', sheet(['fair', 'good', 'great'], ['Fencing master'], []))
  pc.run(campaignId, 'Georgia', sheet(['good', 'mediocre', 'poor'], ['Silver tongue'], ['refresh']))
  db.close()
}

const growth = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Growth' })

test('a Ranks GM plays a session, and between sessions reads the XP of the chapter with its rolls and the moves left, raises Ferocity for the XP, undoes it and starts a new chapter', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const seed = losingSeed()
  const roll = rollRank(seededDice(`${seed}#1`), { ability: 'poor' })
  const earned = experienceFor(roll, 'losses')
  const campaignId = await createCampaign(page, lantern, 'The Six-Fingered Man', 'Resolution and Ranks')
  prepare(lantern, campaignId, seed)
  await page.reload()

  // The session: Georgia's Ferocity fails and stands (RK-6); Alexis is given 1 XP for a clever plan.
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const session = main.getByRole('region', { name: 'Session' })
  await session.getByLabel('Session title').fill('The cult')
  await session.getByRole('button', { name: 'Start session' }).click()
  await expect(session).toContainText('Session 1 · The cult')
  const rollCard = main.getByRole('region', { name: 'Rank roll' })
  await rollCard.getByLabel('Who').selectOption({ label: 'Georgia' })
  await rollCard.getByLabel('Ability').selectOption({ label: 'Ferocity · Poor' })
  await rollCard.getByLabel('Ability').focus()
  await page.keyboard.press('Enter')
  const result = rollCard.getByRole('region', { name: 'Roll result' })
  await expect(result.getByTestId('rk-result')).toHaveText(cap(roll.result))
  await result.getByRole('button', { name: /^Accept/ }).click()
  await expect(result).toContainText(`+${earned.xp} XP`)
  const party = main.getByRole('region', { name: 'Party' })
  await party.getByRole('button', { name: 'Earn 1 XP: Alexis' }).click()
  const why = party.getByLabel('Why? (may be left empty)')
  await why.fill('a clever plan')
  await why.press('Enter')
  await expect(party.getByRole('status')).toContainText('a clever plan')
  await session.getByRole('button', { name: 'Close session' }).click()
  await session.getByRole('link', { name: /between sessions/ }).click()

  // Between sessions: the chapter's XP, each gain with why, and the moves left.
  await expect(page.getByRole('heading', { name: 'Between sessions', level: 1 })).toBeVisible()
  const panel = growth(page)
  await expect(panel.getByRole('heading', { name: /^Chapter 1/ })).toBeVisible()
  const georgia = panel.getByRole('listitem', { name: 'Georgia', exact: true })
  await expect(georgia).toContainText(`${earned.xp} XP held · +${earned.xp} this chapter`)
  await expect(georgia.getByRole('list', { name: 'Georgia’s XP this chapter' })).toHaveText(`+${earned.xp} · Ferocity roll, ${cap(roll.result)} (session 1): ${earned.reasons.join('; ')}`)
  await expect(georgia.getByLabel('Georgia’s moves')).toHaveText('Left this chapter: Concession, Sacrifice, Compel · used: Refresh')
  const alexis = panel.getByRole('listitem', { name: 'Alexis', exact: true })
  await expect(alexis.getByRole('list', { name: 'Alexis’s XP this chapter' })).toHaveText('+1 · a clever plan (session 1)')
  await expect(panel).toContainText('Resolution and Ranks counts XP but gives it no price')
  await page.screenshot({ path: `${SHOTS}/ranks-between.png`, fullPage: true })

  // The GM rules Georgia's Ferocity up a rank, for the XP she earned.
  const form = panel.getByRole('form', { name: 'Change an ability’s rank' })
  await form.getByLabel('Who').selectOption({ label: `Georgia (${earned.xp} XP)` })
  await form.getByLabel('Ability').selectOption({ label: 'Ferocity (Poor)' })
  await expect(form.getByLabel('New rank')).toHaveValue('mediocre')
  await form.getByLabel('XP to spend').fill(String(earned.xp))
  await form.getByLabel('Why (your ruling)').fill('learning from the cult’s minions')
  await form.getByRole('button', { name: 'Change it' }).click()
  const raised = `Georgia’s Ferocity went from Poor to Mediocre: learning from the cult’s minions (the GM’s ruling; ${earned.xp} XP).`
  const status = panel.getByTestId('ranks-growth-status')
  await expect(status).toHaveText(raised)
  await expect(georgia).toContainText(`0 XP held · +${earned.xp} this chapter`)
  await expect(form.getByLabel('Ability')).toContainText('Ferocity (Mediocre)')
  await page.screenshot({ path: `${SHOTS}/ranks-raised.png`, fullPage: true })

  // Ctrl+Z takes it back.
  await page.evaluate('document.activeElement?.blur()')
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('status')).toHaveText(`Undone: ${raised}`)
  await expect(georgia).toContainText(`${earned.xp} XP held`)
  await expect(form.getByLabel('Ability')).toContainText('Ferocity (Poor)')

  // A new chapter: every move is back, and this chapter's list starts again (RK-9).
  await panel.getByRole('button', { name: 'Start chapter 2' }).click()
  await expect(status).toHaveText('Chapter 2 begins: every Concession, Sacrifice, Refresh and Compel is back (RK-9).')
  await expect(panel.getByRole('heading', { name: /^Chapter 2/ })).toBeVisible()
  await expect(georgia.getByLabel('Georgia’s moves')).toHaveText('Left this chapter: Concession, Sacrifice, Refresh, Compel')
  await expect(georgia).toContainText(`${earned.xp} XP held · none gained this chapter`)
  await page.screenshot({ path: `${SHOTS}/ranks-new-chapter.png`, fullPage: true })
  expect(problems).toEqual([])
})
