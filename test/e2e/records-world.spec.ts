import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = '/tmp/r2'

/**
 * Writes characters straight into the library (the server has it open in WAL mode, so a second
 * connection may write), and fixes the campaign's dice seed so the first roll is known:
 * seededDice('sunken-keep#1') throws a 3 on a d20.
 */
function prepareLibrary(lantern: Lantern, campaignId: number): void {
  const db = new Database(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, player_name, created_at, updated_at) values (?, ?, ?, ?, 't', 't')")
  add.run(campaignId, 'pc', 'Glam', 'Sam')
  add.run(campaignId, 'pc', 'Ana', 'Jo')
  add.run(campaignId, 'npc', 'Brigand Chief', null)
  add.run(campaignId, 'npc', 'Brother Ash', null)
  db.prepare("update campaign set dice_seed = 'sunken-keep', dice_counter = 0 where id = ?").run(campaignId)
  db.close()
}

/** A place as location pickers list it: indented under the place it is in. */
function indented(name: string, depth: number): string {
  return '\u00a0'.repeat(3 * depth) + name
}

async function addLocation(page: Page, name: string, kind: 'open' | 'enclosed', inside: string | null): Promise<void> {
  const form = page.getByRole('form', { name: 'New location' })
  await form.getByLabel('New location').fill(name)
  await form.getByLabel('Kind').selectOption(kind)
  if (inside) await form.getByLabel('Inside').selectOption({ label: inside })
  await form.getByRole('button', { name: 'Add location' }).click()
  await expect(page.getByRole('status')).toContainText(`Added “${name}”`)
}

async function fillRow(page: Page, i: number, min: number, max: number, text: string): Promise<void> {
  await page.getByLabel(`Row ${i} from`).fill(String(min))
  await page.getByLabel(`Row ${i} to`).fill(String(max))
  await page.getByLabel(`Row ${i}: what happens`).fill(text)
}

test('a GM builds places, an encounter table and sessions, rolls on the table, and finds it all after a reload', async ({ page, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  prepareLibrary(lantern, campaignId)

  // ── Locations, nested ──
  await openSection(page, 'Locations')
  await page.getByRole('button', { name: 'Add location' }).click()
  await expect(page.getByRole('alert')).toHaveText('A location needs a name.')
  await addLocation(page, 'Brigand Hills', 'open', null)
  await addLocation(page, 'Sunken Keep', 'enclosed', 'Brigand Hills')
  await addLocation(page, 'Flooded Junction', 'enclosed', indented('Sunken Keep', 1))
  const details = page.getByRole('region', { name: 'Location: Flooded Junction' })
  await details.getByLabel('Description').fill('Knee-deep black water; a grate to the east.')
  await details.getByLabel('Description').blur()
  await expect(page.getByRole('status')).toHaveText('Saved “Flooded Junction”.')
  // The place cannot be put inside itself: it is not offered as its own parent.
  await expect(details.getByLabel('Inside').locator('option')).toHaveText(['— top level —', 'Brigand Hills', /Sunken Keep/])
  await expect(page.getByRole('list', { name: 'Inside Sunken Keep' }).getByRole('button')).toHaveText([/Flooded Junction/])
  await page.screenshot({ path: `${SHOTS}/locations.png`, fullPage: true })

  // ── An encounter table with rows, one of them an NPC ──
  await openSection(page, 'Encounter tables')
  const newTable = page.getByRole('form', { name: 'New encounter table' })
  await newTable.getByLabel('New table').fill('Sewer Denizens')
  await newTable.getByLabel('Dice').fill('1d7')
  await expect(page.getByText('A d7 is not a die a table can use: choose d2, d3, d4, d6, d8, d10, d12, d20, d100.')).toBeVisible()
  await newTable.getByLabel('Dice').fill('1d20')
  await newTable.getByLabel('Location').selectOption({ label: indented('Flooded Junction', 2) })
  await newTable.getByRole('button', { name: 'Add table' }).click()
  await expect(page.getByRole('status')).toHaveText('Added “Sewer Denizens”. Add its rows below.')

  const panel = page.getByRole('region', { name: 'Encounter table: Sewer Denizens' })
  await panel.getByRole('button', { name: 'Add row' }).click()
  await fillRow(page, 1, 1, 4, 'with four brigands')
  await page.getByLabel('Row 1 NPC').fill('brig')
  await page.getByRole('option', { name: 'Brigand Chief' }).click()
  await panel.getByRole('button', { name: 'Add row' }).click()
  await fillRow(page, 2, 5, 12, 'A swarm of rats')
  await panel.getByRole('button', { name: 'Add row' }).click()
  await fillRow(page, 3, 13, 19, 'Drowned dead, 1d3')
  const warnings = page.getByRole('list', { name: 'Warnings about the rows' })
  await expect(warnings).toHaveText('Nothing on 20: no row covers it.')
  // An overlap is shown at once and stops the save.
  await page.getByLabel('Row 2 from').fill('4')
  await expect(warnings).toContainText('Row 2 overlaps row 1 on 4.')
  await expect(panel.getByRole('button', { name: 'Save rows' })).toBeDisabled()
  await panel.screenshot({ path: `${SHOTS}/encounter-rows-overlap.png` })
  await page.getByLabel('Row 2 from').fill('5')
  await page.getByLabel('Row 2 from').press('Enter') // Enter saves the rows
  await expect(page.getByRole('status')).toHaveText('Saved the rows of “Sewer Denizens”.')

  // Roll: the campaign's first roll is a 3, the Brigand Chief's row.
  await panel.getByRole('button', { name: 'Roll 1d20' }).click()
  const result = page.getByRole('region', { name: 'Roll result' })
  await expect(result.getByRole('list', { name: 'Dice' }).getByRole('listitem')).toHaveText(['3d20'])
  await expect(result.getByLabel('Total')).toHaveText('3')
  await expect(result).toContainText('Brigand Chief')
  await expect(result).toContainText('with four brigands')
  await page.screenshot({ path: `${SHOTS}/encounter-table.png`, fullPage: true })
  // The second roll is a 20: a gap, said plainly.
  await panel.getByRole('button', { name: 'Roll 1d20' }).click()
  await expect(result.getByLabel('Total')).toHaveText('20')
  await expect(result).toContainText('No row covers 20: nothing on this table happens.')

  // ── Sessions with attendance ──
  await openSection(page, 'Sessions')
  await page.getByRole('button', { name: 'New session' }).click()
  let dialog = page.getByRole('dialog', { name: 'New session' })
  await expect(dialog.getByLabel('Number')).toHaveValue('1')
  await dialog.getByLabel('Played on').fill('2025-03-14')
  await dialog.getByRole('group', { name: 'Game time at start' }).getByLabel('Day').fill('1')
  await dialog.getByRole('group', { name: 'Game time at start' }).getByLabel('at', { exact: true }).fill('08:00')
  await dialog.getByRole('group', { name: 'Game time at end' }).getByLabel('Day').fill('3')
  await dialog.getByRole('group', { name: 'Game time at end' }).getByLabel('at', { exact: true }).fill('14:35')
  await expect(dialog.getByText('Day 3 · 14:35')).toBeVisible()
  await dialog.getByRole('checkbox', { name: /Glam/ }).check()
  await dialog.getByRole('checkbox', { name: /Ana/ }).check()
  await dialog.getByLabel('GM notes').fill('The chief escaped east through the grate.')
  await page.screenshot({ path: `${SHOTS}/session-dialog.png` })
  await dialog.getByLabel('Title').fill('Rats in the Junction')
  await dialog.getByLabel('Title').press('Enter')
  await expect(page.getByRole('status')).toHaveText('Saved Session 1: Rats in the Junction.')

  await page.getByRole('button', { name: 'New session' }).click()
  dialog = page.getByRole('dialog', { name: 'New session' })
  await expect(dialog.getByLabel('Number')).toHaveValue('2')
  await dialog.getByLabel('Number').fill('1')
  await dialog.getByLabel('Title').fill('The Drowned Vault')
  await dialog.getByRole('checkbox', { name: /Glam/ }).check()
  await dialog.getByRole('button', { name: 'Add session' }).click()
  await expect(dialog.getByText('Session 1 already exists; 2 is free.')).toBeVisible()
  await dialog.getByLabel('Number').fill('2')
  await dialog.getByRole('button', { name: 'Add session' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved Session 2: The Drowned Vault.')
  await page.screenshot({ path: `${SHOTS}/sessions.png`, fullPage: true })

  // ── Reload and find everything ──
  await page.reload()
  const sessions = page.getByRole('list', { name: 'Sessions' })
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  const first = sessions.getByRole('listitem', { name: 'Session 1: Rats in the Junction' })
  await expect(first).toContainText('Present: Ana, Glam')
  await expect(first).toContainText('Day 1 · 08:00 → Day 3 · 14:35')
  await expect(first).toContainText('The chief escaped east through the grate.')
  const second = sessions.getByRole('listitem', { name: 'Session 2: The Drowned Vault' })
  await expect(second).toContainText('Present: Glam')

  // Esc leaves a session as it was; an edit changes who came and closes it.
  await page.getByRole('button', { name: 'Edit Session 1: Rats in the Junction' }).click()
  await page.getByRole('dialog', { name: 'Session 1' }).getByLabel('Title').fill('Something else')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(first.getByRole('heading')).toHaveText('Rats in the Junction')
  await page.getByRole('button', { name: 'Edit Session 2: The Drowned Vault' }).click()
  dialog = page.getByRole('dialog', { name: 'Session 2' })
  await dialog.getByRole('checkbox', { name: /Glam/ }).uncheck()
  await dialog.getByRole('checkbox', { name: /Ana/ }).check()
  await dialog.getByLabel('Closed').check()
  await dialog.getByRole('button', { name: 'Save session' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved Session 2: The Drowned Vault.')
  await expect(second).toContainText('Present: Ana')
  await expect(second).toContainText('Closed')

  await openSection(page, 'Locations')
  await expect(page.getByRole('list', { name: 'Inside Brigand Hills' }).getByRole('button', { name: /Sunken Keep/ })).toBeVisible()
  await page.getByRole('button', { name: /Flooded Junction/ }).click()
  await expect(page.getByRole('region', { name: 'Location: Flooded Junction' }).getByLabel('Description')).toHaveValue(
    'Knee-deep black water; a grate to the east.',
  )
  await page.getByRole('link', { name: 'Sewer Denizens' }).click()
  const reloaded = page.getByRole('region', { name: 'Encounter table: Sewer Denizens' })
  await expect(reloaded.getByLabel('Dice')).toHaveValue('1d20')
  await expect(page.getByLabel('Row 1: what happens')).toHaveValue('with four brigands')
  await expect(page.getByText('Brigand Chief', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Row 3 to')).toHaveValue('19')

  // Deleting a place asks first, and keeps what is inside it, one level up.
  await openSection(page, 'Locations')
  await page.getByRole('button', { name: /Sunken Keep/ }).click()
  await page.getByRole('button', { name: 'Delete “Sunken Keep”…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Sunken Keep?' })
  await expect(confirm).toContainText('The place inside it (Flooded Junction) will be kept and move up into “Brigand Hills”.')
  await page.screenshot({ path: `${SHOTS}/location-delete.png` })
  await confirm.getByRole('button', { name: 'Delete location' }).click()
  await expect(page.getByRole('status')).toHaveText('Deleted “Sunken Keep”. 1 place inside it moved up.')
  await expect(page.getByRole('list', { name: 'Inside Brigand Hills' }).getByRole('button')).toHaveText([/Flooded Junction/])

  await openSection(page, 'Home')
  await expect(page.getByText('Session 2: status changed; Ana came; Glam not there.')).toBeVisible()
  await expect(page.getByText('Location “Sunken Keep” deleted. Flooded Junction moved into “Brigand Hills”.')).toBeVisible()
  await expect(page.getByText('Rolled 3 on “Sewer Denizens” (1d20): Brigand Chief — with four brigands.')).toBeVisible()
  await expect(page.getByText('Rolled 20 on “Sewer Denizens” (1d20): no row covers it.')).toBeVisible()
  await expect(page.getByText('Session 2 “The Drowned Vault” recorded.')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/home-log.png`, fullPage: true })
  expect(problems).toEqual([])
})
