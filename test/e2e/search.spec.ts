import BetterSqlite3 from 'better-sqlite3'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'

const shots = 'test-results/shots-search'

test('a GM searches the campaign and opens what was found', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await openSection(page, 'Adventures')
  await page.getByLabel('New adventure title').fill('The Drowned Vault')
  await page.getByRole('button', { name: 'Add adventure' }).click()
  await page.getByLabel('Summary of The Drowned Vault').fill('Find the <b>alembic</b> before the brigands do.')
  await page.getByLabel('Summary of The Drowned Vault').blur()
  await expect(page.getByRole('status')).toHaveText('Saved “The Drowned Vault”.')

  await openSection(page, 'Search')
  await expect(page.getByLabel('Search this campaign')).toBeFocused()
  await page.getByLabel('Search this campaign').fill('alemb')
  const results = page.getByRole('list', { name: 'Search results' })
  // The adventure, and the log entry of the change that wrote the word.
  await expect(results.getByRole('link')).toHaveCount(2)
  const adventure = results.getByRole('link', { name: /^Adventure/ })
  await expect(results.getByRole('link', { name: /^Log/ })).toContainText('Adventure “The Drowned Vault” changed.')
  // The summary's HTML is shown as typed, and the matched word is marked.
  await expect(adventure.locator('mark')).toHaveText('alembic')
  await expect(adventure).toContainText('<b>alembic</b>')
  await page.getByLabel('Search this campaign').fill('dragon')
  await expect(page.getByRole('status')).toHaveText('Nothing in The Sunken Keep matches “dragon”.')
  await page.getByLabel('Search this campaign').fill('drowned')
  await results.getByRole('link', { name: /^Adventure/ }).click()
  await expect(page.getByLabel('Summary of The Drowned Vault')).toBeInViewport()
  expect(problems).toEqual([])
})

test('a GM finds a log entry by a word, narrows to day 3, and opens it in its session; items and emoji are found too', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const main = page.getByRole('main')

  // A session, with a note on day 1 and another on day 3.
  await openSection(page, 'Table')
  const bar = main.getByRole('region', { name: 'Session' })
  await bar.getByLabel('Session title').fill('Into the Sewers')
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText('Session 1 · Into the Sewers')
  await openSection(page, 'Home')
  await page.getByLabel('A note for the log').fill('The mule refuses the rope bridge.')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(main.getByRole('list', { name: 'Recent log entries' })).toContainText('The mule refuses the rope bridge.')
  await openSection(page, 'Time & light')
  await page.getByLabel('Day', { exact: true }).fill('3')
  await page.getByLabel('Time of day').fill('06:15')
  await page.getByRole('button', { name: 'Set time', exact: true }).click()
  await expect(page.getByTestId('clock-time')).toHaveText('Day 3 · 06:15')
  await openSection(page, 'Home')
  await page.getByLabel('A note for the log').fill('The mule bolts at the rats and Mira catches it.')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(main.getByRole('list', { name: 'Recent log entries' })).toContainText('The mule bolts')

  // A character with an emoji in her name, carrying a torch.
  const db = new BetterSqlite3(lantern.dataFile)
  const mira = Number(db.prepare("insert into character (campaign_id, kind, name, draft, created_at, updated_at) values (?, 'npc', 'Mira 🌙', 1, 't', 't')").run(id).lastInsertRowid)
  db.prepare("insert into inventory_item (character_id, name, kind, created_at, updated_at) values (?, 'Torch', 'light', 't', 't')").run(mira)
  db.close()

  await openSection(page, 'Search')
  const box = page.getByLabel('Search this campaign')
  const results = page.getByRole('list', { name: 'Search results' })
  await box.fill('mule')
  await expect(results.getByRole('link')).toHaveCount(2)
  await expect(results.getByRole('link').first()).toContainText('Session 1: Into the Sewers')
  // Day 3 only: the filter narrows the results to what happened that day.
  await page.getByLabel('From day').fill('3')
  await page.getByLabel('To day').fill('3')
  await expect(results.getByRole('link')).toHaveCount(1)
  await expect(results.getByRole('link')).toContainText('Day 3 · 06:15')
  await expect(results.locator('mark')).toHaveText('mule')
  await page.screenshot({ path: `${shots}/search-day-3.png`, fullPage: true })

  // The hit opens its session's log at that entry.
  await results.getByRole('link').click()
  await expect(page.getByRole('heading', { name: 'Session 1: Into the Sewers', level: 1 })).toBeVisible()
  const log = page.getByRole('list', { name: 'Log of Session 1: Into the Sewers' })
  const current = log.locator('[aria-current="true"]')
  await expect(current).toContainText('The mule bolts at the rats and Mira catches it.')
  await expect(current).toBeInViewport()
  await expect(log).toContainText('The mule refuses the rope bridge.')
  await page.screenshot({ path: `${shots}/log-entry-in-session.png`, fullPage: true })

  // Back in search, the filters are kept in the address; an emoji and an item are found.
  await page.getByRole('link', { name: 'Back to search' }).click()
  await page.getByLabel('From day').fill('')
  await page.getByLabel('To day').fill('')
  await box.fill('🌙')
  await expect(results.getByRole('link', { name: /^Character/ })).toContainText('Mira 🌙')
  await box.fill('torch')
  await page.getByLabel('Kind').selectOption({ label: 'Item' })
  await expect(results.getByRole('link')).toHaveCount(1)
  await expect(results.getByRole('link')).toContainText('Carried by Mira 🌙')
  await page.screenshot({ path: `${shots}/search-item.png`, fullPage: true })
  await results.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`#/c/${id}/characters/${mira}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Mira 🌙')

  // A range that ends before it starts is refused in the GM's words, and nothing is searched.
  await page.goBack()
  await page.getByLabel('From day').fill('4')
  await page.getByLabel('To day').fill('2')
  await expect(page.getByRole('alert')).toHaveText('To day: on or after the From day.')
  expect(problems).toEqual([])
})
