import BetterSqlite3 from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = '/tmp/r3'
mkdirSync(SHOTS, { recursive: true })

/** Player characters written straight into the library (the server runs WAL, so a second writer is fine). */
function insertPcs(lantern: Lantern, campaignId: number, names: string[]): number[] {
  const db = new BetterSqlite3(lantern.dataFile)
  const insert = db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')")
  const ids = names.map((n) => Number(insert.run(campaignId, n).lastInsertRowid))
  db.close()
  return ids
}

function insertSession(lantern: Lantern, campaignId: number, number: number, title: string): void {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare("insert into session (campaign_id, number, title, created_at, updated_at) values (?, ?, ?, 't', 't')").run(campaignId, number, title)
  db.close()
}

async function openRecords(page: Page, lantern: Lantern, campaignId: number, characterId: number): Promise<void> {
  await page.goto(`${lantern.url}#/c/${campaignId}/characters/${characterId}`)
  await expect(page.getByRole('heading', { name: 'Ledger', level: 2 })).toBeVisible()
}

const ledger = (page: Page) => page.getByRole('region', { name: 'Ledger' })
const injuries = (page: Page) => page.getByRole('region', { name: 'Injuries' })

async function change(page: Page, mode: 'Earn' | 'Spend', amount: number, reason: string, currency?: string, session?: string): Promise<void> {
  const form = ledger(page).getByRole('form', { name: 'Earn or spend' })
  await form.getByText(mode, { exact: true }).click()
  if (currency) await form.getByLabel('Currency').selectOption({ label: currency })
  if (session) await form.getByLabel('Session').selectOption({ label: session })
  await form.getByLabel('Amount').fill(String(amount))
  await form.getByLabel('Reason').fill(reason)
  await form.getByLabel('Reason').press('Enter')
}

test('a Ladder GM earns and spends Plot Points, sees a refused spend explain itself, reads the timeline, records a wound, and finds it all after a reload', async ({
  page,
  lantern,
}) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  const [tai] = insertPcs(lantern, campaignId, ['Tai'])
  insertSession(lantern, campaignId, 1, 'The Clockwork Heist')
  await openRecords(page, lantern, campaignId, tai!)
  await expect(page.getByRole('heading', { name: 'Tai', level: 1 })).toBeVisible()
  const status = ledger(page).getByRole('status')

  await change(page, 'Earn', 2, 'two episodes at creation', undefined, 'Session 1: The Clockwork Heist (being played)')
  await expect(status).toHaveText('Earned 2 Plot Points: two episodes at creation.')
  await expect(ledger(page).getByRole('button', { name: 'Plot Points 2' })).toBeVisible()

  await change(page, 'Spend', 3, 'bought Superb with no roll')
  await expect(ledger(page).getByRole('alert')).toHaveText('Tai has 2 Plot Points, and this needs 3 (bought Superb with no roll). Nothing was spent.')
  // Nothing typed is lost: the GM can lower the amount and try again.
  await expect(ledger(page).getByLabel('Reason')).toHaveValue('bought Superb with no roll')
  await expect(ledger(page).getByRole('button', { name: 'Plot Points 2' })).toBeVisible()

  await change(page, 'Spend', 1, 'prop: I remembered a torch')
  await expect(status).toHaveText('Spent 1 Plot Point: prop: I remembered a torch.')
  await change(page, 'Earn', 1, 'made the table laugh')
  await expect(ledger(page).getByRole('button', { name: 'Plot Points 2' })).toBeVisible()

  // A mistake is reversed by a new entry; the old one stays, struck through.
  await ledger(page).getByRole('button', { name: 'Reverse made the table laugh' }).click()
  await page.keyboard.type('that was Orb')
  await page.keyboard.press('Enter')
  await expect(status).toHaveText('Reversed “made the table laugh” (+1).')
  await expect(ledger(page).getByRole('button', { name: 'Plot Points 1' })).toBeVisible()

  // While the session is open, every entry is in it, a correction too, unless the GM picks otherwise.
  const timeline = ledger(page).getByRole('list', { name: 'Plot Points history' })
  const lines = () => timeline.getByRole('listitem').evaluateAll((els) => els.map((e) => (e as unknown as { innerText: string }).innerText.replace(/\s+/g, ' ').trim()))
  const expected = [
    '−1 Correction of “made the table laugh” (+1) — that was Orb Session 1 · Day 1 · 00:00 = 1 correction',
    '+1 made the table laugh Session 1 · Day 1 · 00:00 = 2 reversed',
    '−1 prop: I remembered a torch Session 1 · Day 1 · 00:00 = 1 Reword… Reverse…',
    '+2 two episodes at creation Session 1 · Day 1 · 00:00 = 2 Reword… Reverse…',
  ]
  await expect.poll(lines).toEqual(expected)

  const record = injuries(page).getByRole('form', { name: 'Record an injury' })
  await record.getByLabel('Damage').selectOption('wounded')
  await record.getByLabel('Location').selectOption('arm')
  await record.getByLabel('Day').fill('2')
  await record.getByLabel('at', { exact: true }).fill('08:00')
  await record.getByLabel('Notes').fill('the duellist’s sabre')
  await record.getByRole('button', { name: 'Record injury' }).click()
  const wound = injuries(page).getByRole('listitem', { name: 'Wounded · arm' })
  await expect(wound).toContainText('Drops anything held in that arm')
  await expect(wound).toContainText(/Heals\s*Day 9 · 08:00/)
  await wound.getByLabel('Treated').check()
  await expect(injuries(page).getByRole('status')).toHaveText('Wounded · arm: treated.')

  // LAD-22.3: a Plot Point steps an Incapacitate down to a Wound.
  await record.getByLabel('Damage').selectOption('incapacitated')
  await record.getByLabel('Location').selectOption('leg')
  await record.getByRole('button', { name: 'Record injury' }).click()
  const down = injuries(page).getByRole('listitem', { name: 'Incapacitated · leg' })
  await expect(down).toContainText('Needs medical treatment')
  await down.getByRole('button', { name: 'Spend 1 Plot Point: step down to a Wound' }).click()
  await expect(injuries(page).getByRole('status')).toHaveText('Stepped down to Wounded · leg for 1 Plot Point.')
  await expect(ledger(page).getByRole('button', { name: 'Plot Points 0' })).toBeVisible()
  expected.unshift('−1 stepped an Incapacitate down to a Wound (Incapacitated · leg) Session 1 · Day 2 · 08:00 = 0 Reword… Reverse…')
  await expect.poll(lines).toEqual(expected)
  await page.screenshot({ path: `${SHOTS}/ladder-records.png`, fullPage: true })

  await page.reload()
  await expect(ledger(page).getByRole('button', { name: 'Plot Points 0' })).toBeVisible()
  await expect.poll(lines).toEqual(expected)
  await expect(injuries(page).getByRole('listitem', { name: 'Wounded · leg' })).toBeVisible()
  const after = injuries(page).getByRole('listitem', { name: 'Wounded · arm' })
  await expect(after.getByLabel('Treated')).toBeChecked()
  await expect(after.getByLabel('Notes on Wounded · arm')).toHaveValue('the duellist’s sabre')
  await expect(after).toContainText(/Taken\s*Day 2 · 08:00/)

  await openSection(page, 'Home')
  await expect(page.getByText('Tai spent 1 Plot Point: prop: I remembered a torch (now 1).')).toBeVisible()
  expect(problems).toEqual([])
})

test('an old-school GM keeps gold (a refused purchase says how much there is) and records a broken limb', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const [glam] = insertPcs(lantern, campaignId, ['Glam'])
  await openRecords(page, lantern, campaignId, glam!)

  await change(page, 'Earn', 45, 'starting gold: 3d6 × 5')
  await expect(ledger(page).getByRole('button', { name: 'Gold 45' })).toBeVisible()
  await change(page, 'Spend', 50, 'chainmail')
  await expect(ledger(page).getByRole('alert')).toHaveText('Glam has 45 GP, and this needs 50 (chainmail). Nothing was spent.')
  // Esc clears the form; nothing is recorded.
  await ledger(page).getByLabel('Reason').fill('a mule')
  await ledger(page).getByLabel('Reason').press('Escape')
  await expect(ledger(page).getByLabel('Reason')).toHaveValue('')
  await change(page, 'Spend', 5, 'a lantern and oil')
  await expect(ledger(page).getByRole('button', { name: 'Gold 40' })).toBeVisible()

  const record = injuries(page).getByRole('form', { name: 'Record an injury' })
  await record.getByLabel('What').selectOption('osr.limb')
  await record.getByLabel('Limb or organ').fill('left arm')
  await record.getByLabel('Limb or organ').press('Enter')
  const limb = injuries(page).getByRole('listitem', { name: 'Broken left arm' })
  await expect(limb).toContainText('1d2 per full day of rest (OSR-20)')
  await page.screenshot({ path: `${SHOTS}/osr-records.png`, fullPage: true })

  await page.reload()
  await expect(ledger(page).getByRole('button', { name: 'Gold 40' })).toBeVisible()
  await expect(ledger(page).getByRole('list', { name: 'Gold history' }).getByRole('listitem')).toHaveCount(2)
  await expect(injuries(page).getByRole('listitem', { name: 'Broken left arm' })).toBeVisible()
  expect(problems).toEqual([])
})

test('a Ranks GM sees Threat as the whole campaign’s, and a Harm marks the lowest free box', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'Dark Harbour', 'Resolution and Ranks')
  const [georgia, alexis] = insertPcs(lantern, campaignId, ['Georgia', 'Alexis'])
  await openRecords(page, lantern, campaignId, georgia!)

  await change(page, 'Earn', 6, 'session 1: 2 PCs × 3', 'Threat (GM, whole campaign)')
  await expect(ledger(page).getByRole('button', { name: 'Threat 6 the GM’s, for the whole campaign' })).toBeVisible()
  await change(page, 'Earn', 1, 'accepted a Terrible result', 'Experience')
  await expect(ledger(page).getByRole('button', { name: 'Experience 1' })).toBeVisible()

  const record = injuries(page).getByRole('form', { name: 'Record an injury' })
  await record.getByLabel('What').selectOption('ranks.harm')
  await record.getByRole('button', { name: 'Take Harm' }).click()
  await expect(injuries(page).getByRole('listitem', { name: 'Weary' })).toBeVisible()
  await record.getByRole('button', { name: 'Take Harm' }).click()
  await expect(injuries(page).getByRole('listitem', { name: 'Hurt' })).toContainText('Recovered by a chapter move')
  await expect(record).toContainText('this one marks Doomed (RK-8)')
  await page.screenshot({ path: `${SHOTS}/ranks-records.png`, fullPage: true })

  // Another character sees the same Threat, and their own XP.
  await openRecords(page, lantern, campaignId, alexis!)
  await expect(ledger(page).getByRole('button', { name: 'Threat 6 the GM’s, for the whole campaign' })).toBeVisible()
  await expect(ledger(page).getByRole('button', { name: 'Experience 0' })).toBeVisible()
  await expect(injuries(page).getByText('No injuries.')).toBeVisible()

  await openRecords(page, lantern, campaignId, georgia!)
  await page.reload()
  await expect(ledger(page).getByRole('button', { name: 'Experience 1' })).toBeVisible()
  await expect(injuries(page).getByRole('list', { name: 'Current injuries' }).getByRole('listitem')).toHaveCount(2)
  expect(problems).toEqual([])
})
