/**
 * CLK-13 on the Locations page: the GM says a cave is not under the sky; a room inside it, left
 * "As the place it is in", shows it takes the cave's answer. With the party in that room the clock
 * shows darkness at midday with no light; in the open hills at midday, none.
 */
import BetterSqlite3 from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = process.env.LANTERN_SHOTS ?? 'test-results/shots-journey'

async function addLocation(page: Page, name: string, kind: 'open' | 'enclosed', inside: RegExp | null): Promise<void> {
  const form = page.getByRole('form', { name: 'New location' })
  await form.getByLabel('New location').fill(name)
  await form.getByLabel('Kind').selectOption(kind)
  if (inside) {
    const value = await form.getByLabel('Inside').locator('option').filter({ hasText: inside }).getAttribute('value')
    await form.getByLabel('Inside').selectOption(value!)
  }
  await form.getByRole('button', { name: 'Add location' }).click()
  await expect(page.getByRole('status')).toContainText(`Added “${name}”`)
}

test('CLK-13: a cave not under the sky, a room inside it taking its answer, and darkness at midday there', async ({ page, lantern }) => {
  mkdirSync(SHOTS, { recursive: true })
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'Blackmoor', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', 'Glam', 't', 't')").run(id)
  db.prepare("insert into setting (campaign_id, key, value) values (?, 'clock.start', ?)").run(id, JSON.stringify({ day: 1, time: '12:00' }))
  db.close()
  await page.reload()

  await openSection(page, 'Locations')
  await addLocation(page, 'Blackmoor Hills', 'open', null)
  // A place at the top that does not say: open ground, so under the sky.
  const hills = page.getByRole('region', { name: 'Location: Blackmoor Hills' })
  await expect(hills.getByLabel('Under the sky')).toHaveValue('inherit')
  await expect(hills.getByTestId('location-sky-inherited')).toHaveText('No place around it says; it is open wilderness: under the sky.')
  await expect(hills.locator('#location-sky-hint')).toContainText('under the sky. By day the party needs no light')
  await addLocation(page, 'Blackmoor Cave', 'enclosed', /Blackmoor Hills/)
  const cave = page.getByRole('region', { name: 'Location: Blackmoor Cave' })
  // Nothing around it says: the hills' kind decides.
  await expect(cave.getByTestId('location-sky-inherited')).toHaveText('No place around it says; Blackmoor Hills is open wilderness: under the sky.')
  await expect(cave.getByLabel('Under the sky').locator('option')).toHaveText([
    'As the place it is in',
    'Under the sky',
    'Not under the sky (a dungeon, a cave, a building)',
  ])
  await cave.getByLabel('Under the sky').selectOption({ label: 'Not under the sky (a dungeon, a cave, a building)' })
  await expect(page.getByRole('status')).toHaveText('Saved “Blackmoor Cave”.')
  await expect(cave.getByTestId('location-sky-inherited')).toHaveCount(0)

  await addLocation(page, 'Bone Room', 'enclosed', /Blackmoor Cave/)
  const room = page.getByRole('region', { name: 'Location: Bone Room' })
  await expect(room.getByLabel('Under the sky')).toHaveValue('inherit')
  await expect(room.getByTestId('location-sky-inherited')).toHaveText('As Blackmoor Cave: not under the sky.')
  await page.screenshot({ path: `${SHOTS}/location-under-sky.png`, fullPage: true })

  // After a reload the cave's answer is still its own, and the room still takes it.
  await page.reload()
  await expect(room.getByTestId('location-sky-inherited')).toHaveText('As Blackmoor Cave: not under the sky.')

  // The party in the room at midday, no light lit: darkness. In the open hills: none.
  const bar = page.getByRole('region', { name: 'Clock' })
  await openSection(page, 'Time & light')
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 12:00')
  await page.getByLabel('The party is in').selectOption({ label: 'Bone Room (enclosed)' })
  await expect(bar.getByText('Darkness: no light is lit (−5)')).toBeVisible()
  await page.getByLabel('The party is in').selectOption({ label: 'Blackmoor Hills (open)' })
  await expect(bar.getByText('Darkness')).toHaveCount(0)
  // The room told to be under the sky (a roofless ruin): no darkness there either.
  await openSection(page, 'Locations')
  await page.getByRole('button', { name: /Bone Room/ }).click()
  await room.getByLabel('Under the sky').selectOption({ label: 'Under the sky' })
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved “Bone Room”.')
  await expect(room.getByTestId('location-sky-inherited')).toHaveCount(0)
  await openSection(page, 'Time & light')
  await page.getByLabel('The party is in').selectOption({ label: 'Bone Room (enclosed)' })
  await expect(bar.getByTestId('clock-time')).toHaveText('Day 1 · 12:00')
  await expect(bar.getByText('Darkness')).toHaveCount(0)
  expect(problems).toEqual([])
})
