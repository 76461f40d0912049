/**
 * The table as one tool: the party column holds what a GM looks for during play, changes a
 * balance with one click, and what is done anywhere while a session is open is in its recap.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const VIEW = { width: 1280, height: 720 }

interface Pc {
  name: string
  player?: string
  sheet?: object
  /** Items: [name, kind, quantity, details]. */
  items?: [string, string, number, object][]
  /** Ledger entries before play: [currency, amount, reason]. */
  ledger?: [string, number, string][]
}

/** Player characters with their packs and balances, written into the library the server has open (WAL). */
function addParty(lantern: Lantern, campaignId: number, pcs: Pc[]): number[] {
  const db = new BetterSqlite3(lantern.dataFile)
  const addPc = db.prepare("insert into character (campaign_id, kind, name, player_name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, ?, 't', 't')")
  const addItem = db.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, ?, ?, 't', 't')")
  const addEntry = db.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, session_id, created_at) values (?, ?, ?, ?, ?, null, 't')")
  const ids = pcs.map((pc) => {
    const id = Number(addPc.run(campaignId, pc.name, pc.player ?? null, JSON.stringify(pc.sheet ?? {})).lastInsertRowid)
    for (const [name, kind, quantity, details] of pc.items ?? []) addItem.run(id, name, kind, quantity, JSON.stringify(details))
    for (const [currency, amount, reason] of pc.ledger ?? []) addEntry.run(campaignId, id, currency, amount, reason)
    return id
  })
  db.close()
  return ids
}

async function startSession(page: Page, title: string): Promise<void> {
  await openSection(page, 'Table')
  const bar = page.getByRole('main').getByRole('region', { name: 'Session' })
  await bar.getByLabel('Session title').fill(title)
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText(`Session 1 · ${title}`)
}

const partyOf = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Party' })
const member = (page: Page, name: string) => partyOf(page).getByRole('listitem', { name, exact: true })

/** +1 or −1 from the party column in one click, then the reason typed (or left empty) and Enter. */
async function step(page: Page, label: string, reason: string): Promise<void> {
  await partyOf(page).getByRole('button', { name: label }).click()
  const why = partyOf(page).getByLabel('Why? (may be left empty)')
  await expect(why).toBeFocused()
  await why.fill(reason)
  await why.press('Enter')
}

test('an old-school GM spends gold from the party column and records a broken arm on a character page; the session’s recap holds both', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const campaignId = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const torches: [string, string, number, object] = ['Torches', 'light', 2, { type: 'torch', oilPints: 0 }]
  const [glam] = addParty(lantern, campaignId, [
    { name: 'Glam', player: 'Ana', sheet: { level: 1, B: -1, M: 0, S: 1, h: 3, maxH: 4 }, items: [torches, ['Rations', 'ration', 3, {}], ['Waterskin', 'water', 3, {}]], ledger: [['gold', 45, 'starting gold']] },
    { name: 'Bryn', player: 'Sam', sheet: { level: 1, B: 1, M: 0, S: 0, h: 0, maxH: 5 }, items: [['Rations', 'ration', 0, {}], ['Waterskin', 'water', 1, {}]] },
  ])
  await page.reload()

  await openSection(page, 'Time & light')
  await page.getByLabel('Light from a pack').selectOption({ label: 'Glam: Torches (2)' })
  await page.getByRole('button', { name: 'Light it' }).click()
  await startSession(page, 'Rats in the Junction')
  await page.getByTestId('clock-time').click()
  await page.keyboard.press('t')
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:05')

  // The party at a glance: H, gold and XP, the torch with its time left, rations and water, and what needs the GM now.
  const g = member(page, 'Glam')
  await expect(g.getByLabel('H 3 of 4')).toBeVisible()
  await expect(g.getByLabel('Gold of Glam: 45')).toBeVisible()
  await expect(g).toContainText('Torch · 55 min left')
  await expect(g).toContainText('rations 3 d · water 3 pt · lasts 3 days')
  const b = member(page, 'Bryn')
  await expect(b.getByRole('list', { name: 'Conditions' })).toContainText('Incapacitated until H is above 0 (OSR-19)')
  await expect(b.getByRole('list', { name: 'Conditions' })).toContainText('Out of rations (CLK-5)')
  await expect(partyOf(page).getByRole('list', { name: 'The whole party' })).toHaveCount(0)

  // One click, then a reason: the spend goes through the ledger, into the session.
  await step(page, 'Spend 1 GP: Glam', 'bribed the gate guard')
  await expect(partyOf(page).getByRole('status')).toHaveText('Glam spent 1 GP: bribed the gate guard.')
  await expect(g.getByLabel('Gold of Glam: 44')).toBeVisible()
  // The reason may be left empty.
  await step(page, 'Earn 1 XP: Glam', '')
  await expect(partyOf(page).getByRole('status')).toHaveText('Glam earned 1 XP: no reason given.')
  await expect(g.getByLabel('Experience of Glam: 1')).toBeVisible()
  // A spend the balance cannot cover is said where it was asked, and nothing is spent.
  await partyOf(page).getByRole('button', { name: 'Spend 1 GP: Bryn' }).click()
  await expect(b.getByRole('alert')).toHaveText('Bryn has 0 GP, and this needs 1. Nothing was spent.')
  await expect(b.getByLabel('Why? (may be left empty)')).toHaveCount(0)
  await b.screenshot({ path: '/tmp/party-osr-refused.png' })
  await b.getByRole('button', { name: 'Dismiss' }).click()
  await expect(b.getByRole('alert')).toHaveCount(0)
  await page.screenshot({ path: '/tmp/party-osr.png' })
  await partyOf(page).screenshot({ path: '/tmp/party-osr-column.png' })

  // An injury recorded on the character page, with the session open, is in that session.
  await g.getByRole('link', { name: 'Glam' }).click()
  const record = page.getByRole('region', { name: 'Injuries' }).getByRole('form', { name: 'Record an injury' })
  await expect(record.getByLabel('Session')).toHaveValue(/\d+/)
  await expect(record.getByLabel('Session').locator('option:checked')).toHaveText('Session 1: Rats in the Junction (being played)')
  await record.getByLabel('What').selectOption('osr.limb')
  await record.getByLabel('Limb or organ').fill('left arm')
  await record.getByLabel('Limb or organ').press('Enter')
  await expect(page.getByRole('region', { name: 'Injuries' }).getByRole('listitem', { name: 'Broken left arm' })).toBeVisible()

  await openSection(page, 'Table')
  await expect(member(page, 'Glam').getByRole('list', { name: 'Injuries' })).toContainText('Broken left arm')
  const bar = page.getByRole('main').getByRole('region', { name: 'Session' })
  await bar.getByRole('button', { name: 'Close session' }).click()
  await bar.getByRole('link', { name: /Write the recap/ }).click()
  const recap = page.getByRole('main')
  await expect(recap).toContainText('bribed the gate guard')
  await expect(recap).toContainText('Broken left arm')
  await expect(recap).not.toContainText('starting gold')
  expect(glam).toBeGreaterThan(0)
  expect(problems).toEqual([])
})

test('a Ladder party: damage levels and Plot Points at a glance; +2 PP on a character page and +1 from the column are in the session’s recap', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const campaignId = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  const [tai] = addParty(lantern, campaignId, [
    { name: 'Tai', player: 'Ana', ledger: [['pp', 1, 'an episode']], items: [['Lantern', 'light', 1, { type: 'lantern', oilPints: 1 }]] },
    { name: 'Orb', player: 'Sam', ledger: [['pp', 3, 'three episodes']] },
  ])
  const db = new BetterSqlite3(lantern.dataFile)
  const injury = db.prepare("insert into injury (campaign_id, character_id, system, kind, description, details, taken_at, created_at, updated_at) values (?, ?, 'ladder', 'ladder.damage', '', ?, 0, 't', 't')")
  const orb = (db.prepare("select id from character where name = 'Orb'").get() as { id: number }).id
  injury.run(campaignId, orb, JSON.stringify({ level: 'incapacitated', location: 'leg', thirdWound: false, healBetweenAdventures: false }))
  injury.run(campaignId, tai, JSON.stringify({ level: 'wounded', location: 'arm', thirdWound: false, healBetweenAdventures: false }))
  db.close()
  await page.reload()

  await openSection(page, 'Time & light')
  await page.getByLabel('Light from a pack').selectOption({ label: 'Tai: Lantern (1 pt oil)' })
  await page.getByRole('button', { name: 'Light it' }).click()
  await startSession(page, 'The Clockwork Heist')
  await expect(member(page, 'Tai').getByLabel('Wounded', { exact: true })).toBeVisible()
  await expect(member(page, 'Tai').getByLabel('Plot Points of Tai: 1')).toBeVisible()
  await expect(member(page, 'Tai')).toContainText('Lantern · 5 h left')
  await expect(member(page, 'Orb').getByLabel('Incapacitated', { exact: true })).toBeVisible()
  await expect(member(page, 'Orb').getByRole('list', { name: 'Conditions' })).toContainText('Needs medical attention within the hour')

  await step(page, 'Earn 1 Plot Point: Orb', '')
  await expect(member(page, 'Orb').getByLabel('Plot Points of Orb: 4')).toBeVisible()
  await page.screenshot({ path: '/tmp/party-ladder.png' })
  await partyOf(page).screenshot({ path: '/tmp/party-ladder-column.png' })

  // On the character page the ledger's session is the one being played.
  await page.goto(`${lantern.url}#/c/${campaignId}/characters/${tai}`)
  const form = page.getByRole('region', { name: 'Ledger' }).getByRole('form', { name: 'Earn or spend' })
  await expect(form.getByLabel('Session').locator('option:checked')).toHaveText('Session 1: The Clockwork Heist (being played)')
  await form.getByLabel('Amount').fill('2')
  await form.getByLabel('Reason').fill('saved the clockmaker')
  await form.getByLabel('Reason').press('Enter')
  await expect(page.getByRole('region', { name: 'Ledger' }).getByRole('status')).toHaveText('Earned 2 Plot Points: saved the clockmaker.')

  await openSection(page, 'Table')
  const bar = page.getByRole('main').getByRole('region', { name: 'Session' })
  await bar.getByRole('button', { name: 'Close session' }).click()
  await bar.getByRole('link', { name: /Write the recap/ }).click()
  const recap = page.getByRole('main')
  await expect(recap).toContainText('saved the clockmaker')
  await expect(recap).toContainText('Plot Points, Orb: gained 1')
  await expect(recap).not.toContainText('three episodes')
  expect(problems).toEqual([])
})
