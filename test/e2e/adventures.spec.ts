import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'

test('a GM plans adventures, reorders them, marks one as playing, and finds it all after a reload', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await openSection(page, 'Adventures')

  await page.getByRole('button', { name: 'Add adventure' }).click()
  await expect(page.getByRole('alert')).toHaveText('an adventure needs a name')
  for (const t of ['Into the Keep', 'The Drowned Vault', 'Brigand Hills']) {
    await page.getByLabel('New adventure title').fill(t)
    await page.getByRole('button', { name: 'Add adventure' }).click()
    await expect(page.getByRole('list', { name: 'Adventures' }).getByLabel('Title', { exact: true }).last()).toHaveValue(t)
  }
  await page.getByRole('button', { name: 'Move Brigand Hills up' }).click()
  await page.getByLabel('Status of Into the Keep').selectOption('active')
  await expect(page.getByRole('status')).toHaveText('Saved “Into the Keep”.')
  await page.getByLabel('Summary of Into the Keep').fill('Find the alembic before the brigands do.')
  await page.getByLabel('Summary of Into the Keep').blur()
  await expect(page.getByRole('status')).toHaveText('Saved “Into the Keep”.')

  await page.reload()
  const titles = () =>
    page.getByRole('list', { name: 'Adventures' }).getByLabel('Title').evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value))
  await expect.poll(titles).toEqual(['Into the Keep', 'Brigand Hills', 'The Drowned Vault'])
  await expect(page.getByLabel('Status of Into the Keep')).toHaveValue('active')
  await expect(page.getByLabel('Summary of Into the Keep')).toHaveValue('Find the alembic before the brigands do.')

  await page.getByRole('button', { name: 'Delete The Drowned Vault' }).click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect.poll(titles).toEqual(['Into the Keep', 'Brigand Hills'])
  await page.screenshot({ path: test.info().outputPath('adventures.png') })

  await openSection(page, 'Home')
  await expect(page.getByText('Adventure “Brigand Hills” moved from place 3 to 2.')).toBeVisible()
  expect(problems).toEqual([])
})
