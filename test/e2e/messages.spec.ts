/**
 * Messages a GM can read: a refused value is said beside its field by the field's label, in plain
 * words (never a key like `details.weaponClass` or a method like `inventory.add`); nothing is
 * silently ignored or cut; a message never outlives the page, record or campaign it was about.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

/** What no message on screen may contain: a camelCase key, a dotted name (`details.weaponClass`, `inventory.add`). */
const INTERNAL = /\b(?:[a-z]+[A-Z]\w*|[a-z]+\.[a-z]\w*)\b/

function addPcs(lantern: Lantern, campaignId: number, names: string[]): number[] {
  const db = new BetterSqlite3(lantern.dataFile)
  const ids = names.map((n) =>
    Number(db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')").run(campaignId, n).lastInsertRowid),
  )
  db.close()
  return ids
}

async function expectPlain(page: Page): Promise<void> {
  for (const text of await page.locator('.field-error, [role=alert], .refusal').allInnerTexts()) expect(text).not.toMatch(INTERNAL)
}

test('refused values are said by their labels, beside their fields, and never follow the GM to another page or character', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  const campaignId = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const [glam, bryn] = addPcs(lantern, campaignId, ['Glam', 'Bryn'])

  // The ledger: 0, −5 and 1.5 are each refused on the amount, nothing recorded.
  await page.goto(`${lantern.url}#/c/${campaignId}/characters/${glam}`)
  const ledger = page.getByRole('region', { name: 'Ledger' })
  const form = ledger.getByRole('form', { name: 'Earn or spend' })
  await form.getByLabel('Reason').fill('treasure')
  for (const [amount, said] of [
    ['0', 'Amount: must be 1 or more.'],
    ['-5', 'Amount: must be 1 or more.'],
    ['1.5', 'Amount: must be a whole number.'],
  ] as const) {
    await form.getByLabel('Amount').fill(amount)
    await form.getByLabel('Reason').press('Enter')
    await expect(form.locator('#ledger-amount-error')).toHaveText(said)
    await expect(form.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true')
  }
  await expect(ledger.getByRole('button', { name: 'Gold 0' })).toBeVisible()
  await expectPlain(page)

  // An item: a negative quantity, and a weapon with no class.
  const inventory = page.getByRole('region', { name: 'Inventory' })
  const add = inventory.getByRole('form', { name: 'Add an item' })
  await add.getByLabel('New item').fill('Rope')
  await add.getByLabel(/^Quantity/).fill('-1')
  await add.getByRole('button', { name: 'Add item' }).click()
  await expect(inventory.getByRole('alert')).toHaveText('Quantity: must be 0 or more. Nothing was changed.')
  await expect(add.getByLabel(/^Quantity/)).toHaveAttribute('aria-invalid', 'true')
  await add.getByLabel(/^Quantity/).fill('1')
  await add.getByLabel('New item').fill('Sword')
  await add.getByLabel('Kind').selectOption({ label: 'Weapon' })
  await add.getByRole('button', { name: 'Add item' }).click()
  await expect(inventory.getByRole('alert')).toHaveText('The item was refused: Weapon class: must be one of limb, short, standard, long. Nothing was saved.')
  await expect(inventory.getByText('Carries nothing yet.')).toBeVisible()
  await expectPlain(page)

  // Another character's page says nothing of Glam's refusals.
  await page.goto(`${lantern.url}#/c/${campaignId}/characters/${bryn}`)
  await expect(page.getByRole('heading', { name: 'Bryn', level: 1 })).toBeVisible()
  for (const region of ['Ledger', 'Inventory', 'Injuries']) {
    await expect(page.getByRole('region', { name: region }).locator('.field-error, [role=alert], .refusal')).toHaveCount(0)
  }

  // A timer too long for the clock.
  await openSection(page, 'Time & light')
  await page.getByLabel('New timer').fill('The ritual completes')
  await page.getByLabel('In how many').fill('99999999999')
  await page.getByLabel('Unit').selectOption('turns')
  await page.getByRole('button', { name: 'Set timer' }).click()
  // Said once, beside the timers' form: not again in the clock bar.
  const timers = page.getByRole('region', { name: 'Timers' })
  await expect(timers.getByRole('alert')).toHaveText('Fires after (turns): must be at most 100,000. Nothing was changed.')
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(1)
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Timers' }).getByRole('listitem')).toHaveCount(0)
  await expectPlain(page)
  expect(problems).toEqual([])
})

test('a setting is refused by its label; a 5,000-character name is refused with the limit, not cut; a 100,000-character paste into Ctrl+K is handled', async ({
  page,
  lantern,
}) => {
  const problems = watchConsole(page)
  const first = await createCampaign(page, lantern, 'Capes', 'The Ladder')
  await openSection(page, 'Settings')
  await page.getByLabel('Combat round length').fill('45')
  await page.getByLabel('Combat round length').press('Tab')
  await expect(page.getByRole('main').getByText('Combat round length: must be at most 30 seconds; the setting was not changed.')).toBeVisible()
  await expectPlain(page)

  // Another campaign's settings say nothing of it.
  await page.goto(lantern.gmUrl)
  await page.keyboard.press('n')
  const dialog = page.getByRole('dialog', { name: 'New campaign' })
  const long = 'A'.repeat(5000)
  await dialog.getByLabel('Name').fill(long)
  await expect(dialog.getByLabel('Name')).toHaveValue(long)
  await dialog.getByText('Old-school core', { exact: true }).click()
  await dialog.getByRole('button', { name: 'Create campaign' }).click()
  await expect(dialog.getByText('Name must be at most 120 characters.')).toBeVisible()
  await dialog.getByLabel('Name').fill('The Sunken Keep')
  await dialog.getByRole('button', { name: 'Create campaign' }).click()
  await expect(page.getByRole('heading', { name: 'The Sunken Keep', level: 1 })).toBeVisible()
  await openSection(page, 'Settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page.getByRole('main').getByText(/must be at most 30 seconds/)).toHaveCount(0)
  await page.goto(`${lantern.url}#/c/${first}/settings`)
  await expect(page.getByLabel('Combat round length')).toBeVisible()
  await expect(page.getByRole('main').getByText(/must be at most 30 seconds/)).toHaveCount(0)

  // A long paste into the palette: said, not thrown.
  await page.locator('body').click()
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  const query = palette.getByLabel('Go to or do')
  await query.fill('x'.repeat(100_000))
  await expect(palette.getByRole('status')).toHaveText('Too long to look up: 100,000 characters, and a name is looked up by at most 200.')
  await query.fill('table')
  await expect(palette.getByRole('option', { name: /Go to\s*Table/ })).toBeVisible()
  await expect(palette.getByRole('status')).toHaveCount(0)
  expect(problems).toEqual([])
})
