import { test, expect, watchConsole } from './fixtures'

test('a GM creates a campaign, reloads, restarts the server, and finds it still there', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.goto(lantern.gmUrl)

  // The key leaves the address bar once it is stored.
  await expect(page).not.toHaveURL(/token=/)
  await expect(page.getByRole('heading', { name: 'Light the way for your table' })).toBeVisible()
  await page.getByRole('button', { name: 'Create your first campaign' }).click()

  const dialog = page.getByRole('dialog', { name: 'New campaign' })
  // A refused input explains itself and creates nothing.
  await dialog.getByRole('button', { name: 'Create campaign' }).click()
  await expect(dialog.getByText('A campaign needs a name.')).toBeVisible()
  await expect(dialog.getByText('Choose the rules system you will play.')).toBeVisible()

  await dialog.getByLabel('Name').fill('The Sunken Keep')
  await dialog.getByText('Old-school core').click()
  await dialog.getByRole('button', { name: 'Create campaign' }).click()

  await expect(page.getByRole('heading', { name: 'The Sunken Keep', level: 1 })).toBeVisible()
  await expect(page.getByText('Campaign “The Sunken Keep” begun, playing Old-school core.')).toBeVisible()

  await page.getByRole('link', { name: 'Lantern: all campaigns' }).click()
  await expect(page.getByRole('list', { name: 'Campaigns' }).getByText('The Sunken Keep')).toBeVisible()

  await page.reload()
  const card = page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem')
  await expect(card).toHaveCount(1)
  await expect(card.getByText('The Sunken Keep')).toBeVisible()
  await expect(card.getByText('Old-school core')).toBeVisible()

  // Close the app and start it again: the campaign is in the library file.
  const beforeRestart = problems.length
  await lantern.restart()
  await page.reload()
  await expect(page.getByRole('list', { name: 'Campaigns' }).getByText('The Sunken Keep')).toBeVisible()
  // While the server was down, the page's attempts to reconnect were refused: expected, not a fault.
  const duringRestart = problems.splice(beforeRestart)
  problems.push(...duringRestart.filter((p) => !/^WebSocket connection to .* failed/.test(p)))

  await page.screenshot({ path: test.info().outputPath('campaign-list.png') })
  expect(problems).toEqual([])
})

test('a GM renames and deletes a campaign, confirming by typing its name', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.goto(lantern.gmUrl)
  for (const [name, system] of [
    ['Tai and the Number Plate', 'The Ladder'],
    ['Moonfall', 'LODE'],
  ] as const) {
    await page.keyboard.press('n')
    const dialog = page.getByRole('dialog', { name: 'New campaign' })
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByText(system, { exact: true }).click()
    await dialog.getByRole('button', { name: 'Create campaign' }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Lantern: all campaigns' }).click()
  }

  const cards = page.getByRole('list', { name: 'Campaigns' })
  const moon = cards.getByRole('listitem').filter({ hasText: 'Moonfall' })
  await moon.getByRole('button', { name: 'Rename' }).click()
  await moon.getByLabel('New name for Moonfall').fill('   ')
  await moon.getByRole('button', { name: 'Save' }).click()
  await expect(moon.getByText(/a campaign needs a name/)).toBeVisible()
  await moon.getByLabel('New name for Moonfall').fill('Moonfall Reaches')
  await moon.getByRole('button', { name: 'Save' }).click()
  await expect(cards.getByText('Moonfall Reaches')).toBeVisible()

  const tai = cards.getByRole('listitem').filter({ hasText: 'Tai and the Number Plate' })
  await tai.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Tai and the Number Plate?' })
  const go = confirm.getByRole('button', { name: 'Delete for ever' })
  await expect(go).toBeDisabled()
  await confirm.getByLabel(/Type .* to confirm/).fill('Tai')
  await expect(go).toBeDisabled()
  await confirm.getByLabel(/Type .* to confirm/).fill('Tai and the Number Plate')
  await go.click()
  await expect(page.getByRole('status')).toHaveText('Deleted Tai and the Number Plate.')
  await expect(cards.getByRole('listitem')).toHaveCount(1)

  await page.reload()
  await expect(cards.getByRole('listitem')).toHaveCount(1)
  await expect(cards.getByText('Moonfall Reaches')).toBeVisible()
  expect(problems).toEqual([])
})

test('settings show the data file, switch the theme, and refuse an out-of-range rule setting', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.goto(lantern.gmUrl)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByTestId('data-file')).toHaveText(lantern.dataFile)
  await page.getByLabel('Light').check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.getByLabel(/Dark/).check()

  await page.getByRole('link', { name: 'Lantern: all campaigns' }).click()
  await page.getByRole('button', { name: 'Create your first campaign' }).click()
  const dialog = page.getByRole('dialog', { name: 'New campaign' })
  await dialog.getByLabel('Name').fill('Capes')
  await dialog.getByText('The Ladder', { exact: true }).click()
  await dialog.getByRole('button', { name: 'Create campaign' }).click()
  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Settings' }).click()

  const round = page.getByLabel('Combat round length')
  await expect(round).toHaveValue('20')
  await round.fill('45')
  await round.press('Enter')
  await expect(page.getByRole('alert')).toContainText('must be at most 30 seconds')
  await round.fill('15')
  await round.press('Enter')
  await expect(page.getByRole('status')).toHaveText('Combat round length saved.')
  await page.reload()
  await expect(page.getByLabel('Combat round length')).toHaveValue('15')

  await page.getByRole('navigation', { name: 'Campaign' }).getByRole('link', { name: 'Home' }).click()
  await expect(page.getByText('Combat round length set to 15 seconds.')).toBeVisible()
  expect(problems).toEqual([])
})

test('a browser without the GM key is told what to do, and the API refuses it', async ({ page, lantern }) => {
  await page.goto(lantern.url)
  await expect(page.getByRole('alert')).toContainText('no valid GM key')
  await page.goto(`${lantern.url}?token=wrong-key`)
  await expect(page.getByRole('alert')).toContainText('no valid GM key', { timeout: 15_000 })
})
