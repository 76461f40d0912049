/** Steps many browser tests share, done through the real UI. */
import { expect, type Page } from '@playwright/test'
import type { Lantern } from './fixtures'

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
