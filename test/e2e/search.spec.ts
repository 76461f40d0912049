import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'

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
  await expect(results.getByRole('link')).toHaveCount(1)
  // The summary's HTML is shown as typed, and the matched word is marked.
  await expect(results.locator('mark')).toHaveText('alembic')
  await expect(results).toContainText('<b>alembic</b>')
  await page.getByLabel('Search this campaign').fill('dragon')
  await expect(page.getByRole('status')).toHaveText('Nothing in The Sunken Keep matches “dragon”.')
  await page.getByLabel('Search this campaign').fill('drowned')
  await results.getByRole('link').click()
  await expect(page.getByLabel('Summary of The Drowned Vault')).toBeInViewport()
  expect(problems).toEqual([])
})
