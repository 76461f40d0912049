/**
 * What a GM meets in the middle of play, at 1280 × 720 in a Ladder campaign: one Undo with one
 * meaning, an open encounter that a new step does not silently replace, a rest left to go on with
 * that survives until dropped, a status line that says the time once, limits said instead of cut,
 * a note's "GM only" that starts from the campaign's default, notes shown as Markdown, a light made
 * from an item of another kind, and rule codes of the campaign's own system.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { seededDice } from '../../src/main/engines/dice'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots-friction/${name}.png` })

/** A player character with a sack, written into the library the server has open. */
function addTai(lantern: Lantern, campaignId: number): number {
  const db = new BetterSqlite3(lantern.dataFile)
  const tai = Number(db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', 'Tai', 't', 't')").run(campaignId).lastInsertRowid)
  db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, 'Old lamp', 'other', 1, '{}', 't', 't')").run(tai)
  db.close()
  return tai
}

/** Seeds the dice so that the next advance meets an encounter on its first turn and the `quiet` after it meet none. */
function encounterThenQuiet(lantern: Lantern, campaignId: number, quiet: number): void {
  let seed = ''
  for (let i = 0; seed === ''; i++) {
    const c = `friction-${i}`
    const faces = Array.from({ length: quiet + 1 }, (_, n) => seededDice(`${c}#${n + 1}`).roll(20))
    if (faces[0] === 20 && faces.slice(1).every((f) => f < 20)) seed = c
  }
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(seed, campaignId)
  db.close()
}

test('the clock bar at the table: one Undo for every action, an open encounter held, a rest kept until dropped, the time said once', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  const tai = addTai(lantern, id)
  encounterThenQuiet(lantern, id, 3)
  await page.reload()
  const bar = page.getByRole('region', { name: 'Clock' })
  const undo = bar.getByRole('button', { name: /Undo/ })

  // A brand-new campaign: nothing to undo, and no word of play from before undo's history.
  await expect(undo).toBeDisabled()
  await openSection(page, 'Table')
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible()
  await expect(page.getByTestId('history-start')).toHaveCount(0)

  // Rest 8 h meets an encounter on its first turn: the rest is left to go on with.
  await bar.getByTestId('clock-time').click()
  await page.keyboard.press('e')
  const alert = bar.getByRole('alert')
  await expect(alert).toContainText('Encounter!')
  await expect(bar.getByTestId('go-on')).toContainText('7 h 55 min of 8 hours left')
  // T while the encounter is open: nothing moves, and the GM is told why.
  await page.keyboard.press('t')
  await expect(bar.getByTestId('clock-held')).toHaveText('The clock did not move (+1 turn): an encounter is open. Start combat, go on (G), or dismiss it (✕ or Esc) first.')
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 00:05')
  await shot(page, 'encounter-held')
  // Esc dismisses it; then T moves one turn, the time said once, and the rest is still there.
  await page.keyboard.press('Escape')
  await expect(alert).toHaveCount(0)
  await page.keyboard.press('t')
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 00:10')
  const status = bar.getByRole('status').filter({ hasText: 'Advanced' })
  await expect(status).toContainText('Advanced 1 turn to Day 1 · 00:10 · no encounter')
  await expect(status).not.toContainText('00:10 · Day 1 · 00:10')
  await expect(bar.getByTestId('go-on')).toContainText('7 h 55 min of 8 hours left')
  // Until… (U) keeps it too.
  await page.keyboard.press('u')
  await expect(bar.getByTestId('go-on')).toContainText('7 h 55 min of 8 hours left')
  await shot(page, 'rest-kept')
  // Dropped with a click, and back with the clock bar's Undo.
  await bar.getByRole('button', { name: 'Drop it' }).click()
  await expect(bar.getByTestId('go-on')).toHaveCount(0)
  await expect(undo).toHaveAttribute('title', /^Undo “Dropped the 7 h 55 min left of 8 hours/)
  await undo.click()
  await expect(bar.getByTestId('go-on')).toContainText('7 h 55 min of 8 hours left')

  // The bar's Undo takes back Plot Points earned on a character page, as Ctrl+Z would.
  await page.goto(`${lantern.url}#/c/${id}/characters/${tai}`)
  const form = page.getByRole('region', { name: 'Ledger' }).getByRole('form', { name: 'Earn or spend' })
  await form.getByLabel('Amount').fill('2')
  await form.getByLabel('Reason').fill('saved the clockmaker')
  await form.getByLabel('Reason').press('Enter')
  await expect(page.getByRole('region', { name: 'Ledger' }).getByRole('status')).toHaveText('Earned 2 Plot Points: saved the clockmaker.')
  await expect(undo).toHaveAttribute('title', /saved the clockmaker/)
  await undo.click()
  await expect(bar.getByRole('status').filter({ hasText: 'Undone:' })).toContainText('saved the clockmaker')
  expect(problems).toEqual([])
})

test('limits said, notes from the campaign default and shown as Markdown, a lamp made a light, rule codes of the Ladder', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  const tai = addTai(lantern, id)
  await page.reload()

  // A timer's label past its limit is refused with the limit, not cut.
  await openSection(page, 'Time & light')
  const long = 'Reinforcements '.repeat(20)
  await page.getByLabel('New timer').fill(long)
  await expect(page.getByLabel('New timer')).toHaveValue(long)
  await page.getByRole('button', { name: 'Set timer' }).click()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^What happens: must be at most 200 characters\./)
  await expect(page.getByRole('list', { name: 'Timers' }).getByRole('listitem')).toHaveCount(0)

  // The encounter check cites the clock's rule here, not the old-school core's.
  await expect(page.getByRole('region', { name: 'Encounter check' })).toContainText('brings an encounter (CLK-3)')
  await expect(page.getByRole('main')).not.toContainText('OSR-9')

  // An item of kind Other made a light: its type is asked for, then it is saved.
  await page.goto(`${lantern.url}#/c/${id}/characters/${tai}`)
  await page.getByLabel('Kind of Old lamp').selectOption('light')
  await expect(page.getByRole('status').filter({ hasText: 'Pick its type to make it light; nothing is saved until then.' })).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('OSR-8')
  await page.getByLabel('Old lamp light type').selectOption('lantern')
  await expect(page.getByRole('status').filter({ hasText: 'Saved “Old lamp”.' })).toBeVisible()
  await expect(page.getByLabel('Old lamp oil in pints')).toHaveValue('1')
  await page.reload()
  await expect(page.getByLabel('Kind of Old lamp')).toHaveValue('light')
  await expect(page.getByLabel('Old lamp light type')).toHaveValue('lantern')
  await shot(page, 'lamp-made-light')

  // A name past its limit is refused with the limit, not cut.
  await page.getByLabel('Name', { exact: true }).fill('T'.repeat(250))
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('T'.repeat(250))
  await page.getByRole('button', { name: /^Save/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Name: must be at most 200 characters. Nothing was changed.' })).toBeVisible()
  await shot(page, 'name-limit')
  await page.getByRole('button', { name: /^Discard changes/ }).click()

  // Notes: GM only from the campaign's setting, ticked again after each Add, shown as Markdown.
  await openSection(page, 'Settings')
  await page.getByLabel('New log notes are GM only').check()
  await expect(page.getByRole('status').filter({ hasText: 'New log notes are GM only saved.' })).toBeVisible()
  await openSection(page, 'Home')
  const gmOnly = page.getByLabel('GM only')
  await expect(gmOnly).toBeChecked()
  await gmOnly.uncheck()
  await page.getByLabel('A note for the log').fill('The **abbot** lies about the *crypt*')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const entries = page.getByRole('list', { name: 'Recent log entries' })
  await expect(entries.locator('strong', { hasText: 'abbot' })).toBeVisible()
  await expect(entries.locator('em', { hasText: 'crypt' })).toBeVisible()
  await expect(entries).not.toContainText('**abbot**')
  await expect(gmOnly).toBeChecked()
  await shot(page, 'note-markdown')
  expect(problems).toEqual([])
})
