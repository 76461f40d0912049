/** Steps many browser tests share, done through the real UI. */
import { expect, type Page } from '@playwright/test'
import BetterSqlite3 from 'better-sqlite3'
import type { Lantern } from './fixtures'
import { seededDice } from '../../src/main/engines/dice'

/** Opens Lantern with the GM key and creates a campaign; leaves the page on its home. */
export async function createCampaign(page: Page, lantern: Lantern, name: string, systemName: string): Promise<number> {
  await page.goto(lantern.gmUrl)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('n')
  const dialog = page.getByRole('dialog', { name: 'New campaign' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByText(systemName, { exact: true }).click()
  await dialog.getByRole('button', { name: 'Create campaign' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  return Number(/#\/c\/(\d+)/.exec(page.url())![1])
}

/** Follows a link of the campaign's left rail. */
export async function openSection(page: Page, section: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: section, exact: true }).click()
}

/**
 * The party in the hills with encounters on 15–20, and a day's advance that stops at the first one
 * met: the clock bar's banner is up. Needs a location named "The Hills" of kind open.
 */
export async function raiseEncounterBanner(page: Page): Promise<void> {
  await openSection(page, 'Time & light')
  await page.getByLabel('The party is in').selectOption({ label: 'The Hills (open)' })
  await page.getByLabel('Encounter on').selectOption('15')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.locator('body').click()
  await page.keyboard.press('d')
  const bar = page.getByRole('region', { name: 'Clock' })
  await expect(bar.getByRole('alert')).toContainText('Encounter!')
  await expect(bar.getByTestId('go-on')).toBeVisible()
}

/**
 * The page's socket with the answers to calls of `method` held back while holding, until
 * `release()`: what the page does meanwhile happens before those answers arrive, in the order
 * asked or the newest first (as a slower answer overtaken by a later one), however fast the machine. Call before the page opens its socket (before `goto` or a reload).
 */
export async function holdAnswers(page: Page, method: string): Promise<{ hold(): void; held(): number; release(order?: 'as asked' | 'newest first'): void }> {
  let holding = false
  const heldIds = new Set<number>()
  const held: string[] = []
  let toPage: ((m: string) => void) | null = null
  await page.routeWebSocket(/\/api/, (ws) => {
    const server = ws.connectToServer()
    toPage = (m) => ws.send(m)
    ws.onMessage((m) => {
      const call = JSON.parse(String(m)) as { id?: number; method?: string }
      if (holding && call.method === method && call.id !== undefined) heldIds.add(call.id)
      server.send(m)
    })
    server.onMessage((m) => {
      const answer = JSON.parse(String(m)) as { id?: number }
      if (answer.id !== undefined && heldIds.has(answer.id)) held.push(String(m))
      else ws.send(m)
    })
  })
  return {
    hold: () => void (holding = true),
    /** How many answers are held back (arrived from Lantern, not yet let through to the page). */
    held: () => held.length,
    release(order = 'as asked') {
      holding = false
      heldIds.clear()
      const answers = held.splice(0)
      for (const m of order === 'newest first' ? answers.reverse() : answers) toPage!(m)
    },
  }
}

/**
 * Seeds the campaign's dice so that its next `turns` single-turn advances meet no encounter (each
 * step rolls with a fresh generator seeded `seed#n`), so an alert never hides what a test reads.
 */
export function quietDice(lantern: Lantern, campaignId: number, turns: number): void {
  let seed = ''
  for (let i = 0; seed === ''; i++) {
    const candidate = `quiet-${i}`
    if (Array.from({ length: turns }, (_, n) => seededDice(`${candidate}#${n + 1}`).roll(20)).every((face) => face < 20)) seed = candidate
  }
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ?, dice_counter = 0 where id = ?').run(seed, campaignId)
  db.close()
}
