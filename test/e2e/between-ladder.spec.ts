/**
 * The Ladder between sessions, through the real UI: a session of "The Clockwork Heist" is played
 * (Tai rolls Driving, earns a Plot Point) and closed, the adventure is finished, and on the Between
 * sessions screen the GM credits Tai's 2 episodes never credited (LAD-21, the seed's Tai), her
 * survival of the adventure with a new episode (LAD-21), raises Driving (refused by LAD-23's limit,
 * then overridden), buys a new asset earned in play, and undoes that with Ctrl+Z. Screenshots in
 * test-results/shots-between/.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = 'test-results/shots-between'

/** Tai Givar as the seed makes her (LAD-24), with 2 episodes written and no Plot Point ever credited for them. */
const TAI = {
  concept: 'Time-travelling secret agent',
  assets: [
    ['Guns', 'expert'],
    ['Eyesight', 'expert'],
    ['Driving', 'good'],
    ['Disguise', 'good'],
    ['Running', 'good'],
    ['Stamina', 'good'],
  ].map(([name, rating]) => ({ name, rating, school: null })),
  flaws: ['Stubborn', 'Afraid of heights', 'Trusts Orb too much'].map((name) => ({ name, vulnerability: false })),
  features: ['A fedora in every century', 'Speaks too fast', 'Checks her watch'],
  episodes: ['Failed to save Lincoln', 'Met Orb in 1920s Vienna'],
}

/** Tai, made before Lantern credited episodes, with 6 Plot Points awarded in earlier sessions; the adventure being played. */
function prepare(lantern: Lantern, campaignId: number): void {
  const db = new BetterSqlite3(lantern.dataFile)
  const tai = db
    .prepare("insert into character (campaign_id, kind, name, player_name, sheet, created_at, updated_at) values (?, 'pc', 'Tai', 'Sara', ?, 't', 't')")
    .run(campaignId, JSON.stringify(TAI)).lastInsertRowid
  db.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, session_id, created_at) values (?, ?, 'pp', 6, 'bravery, cleverness and a good joke', null, 't')").run(campaignId, tai)
  db.prepare("insert into adventure (campaign_id, title, status, position, created_at, updated_at) values (?, 'The Clockwork Heist', 'active', 1, 't', 't')").run(campaignId)
  db.prepare('update campaign set dice_seed = ? where id = ?').run('between-ladder', campaignId)
  db.close()
}

/** The whole page, from its top (the clock bar sticks to the top of the window). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)')
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

const growth = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Growth' })

test('a Ladder GM plays a session, finishes the adventure, and between sessions credits episodes and survival, develops Tai with an override, and undoes a growth', async ({ page, lantern }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  const campaignId = await createCampaign(page, lantern, 'Clockwork City', 'The Ladder')
  prepare(lantern, campaignId)
  await page.reload()

  // A session of the adventure: Tai rolls Driving and earns a Plot Point; the session closes.
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const session = main.getByRole('region', { name: 'Session' })
  await session.getByLabel('Session title').fill('The chase')
  await session.getByRole('button', { name: 'Start session' }).click()
  await expect(session).toContainText('Session 1 · The chase')
  const rollTab = main.getByRole('tabpanel', { name: 'Roll' })
  await rollTab.getByLabel('Who', { exact: true }).selectOption({ label: 'Tai' })
  await rollTab.getByLabel('What').selectOption({ label: 'Driving — Good' })
  await rollTab.getByRole('button', { name: /^Roll/ }).click()
  await expect(rollTab.getByRole('region', { name: 'Roll result' })).toBeVisible()
  const party = main.getByRole('region', { name: 'Party' })
  await party.getByRole('button', { name: 'Earn 1 Plot Point: Tai' }).click()
  const why = party.getByLabel('Why? (may be left empty)')
  await why.fill('outdrove the assassins')
  await why.press('Enter')
  await expect(party.getByRole('status')).toContainText('outdrove the assassins')
  await session.getByRole('button', { name: 'Close session' }).click()
  await expect(session.getByRole('link', { name: /between sessions/ })).toBeVisible()

  // The adventure ends.
  await openSection(page, 'Adventures')
  await page.getByLabel('Status of The Clockwork Heist').selectOption('finished')
  await expect(page.getByRole('status')).toHaveText('Saved “The Clockwork Heist”.')

  // Between sessions: Tai holds 7 Plot Points; her episodes were never credited.
  await openSection(page, 'Between sessions')
  const panel = growth(page)
  const status = panel.getByTestId('ladder-growth-status')
  await expect(page.getByRole('region', { name: 'Who holds what' }).getByRole('listitem', { name: 'Tai' })).toContainText('Plot Points 7')
  const unpaid = panel.getByRole('region', { name: 'Starting Plot Points never credited' })
  await expect(unpaid).toContainText('Tai’s 2 episodes were never credited (LAD-21)')
  await shot(page, 'ladder-offers')
  await unpaid.getByRole('button', { name: 'Credit 2 PP to Tai' }).click()
  await expect(status).toHaveText('Tai gained 2 Plot Points: 2 episodes at creation (LAD-21).')
  await expect(unpaid).toHaveCount(0)

  // LAD-21: the adventure survived, with a new episode; refused in words when none is written.
  const survived = panel.getByRole('region', { name: 'Adventure survived: The Clockwork Heist' })
  await expect(survived).toContainText('Session 1.')
  await survived.getByRole('button', { name: 'Credit +1 PP and the episode' }).click()
  await expect(survived.getByRole('alert')).toHaveText('Write the new episode Tai earned by surviving the adventure (LAD-21).')
  await survived.getByLabel('New episode for Tai').fill('Stole the mainspring from the Clock Tower')
  await survived.getByRole('button', { name: 'Credit +1 PP and the episode' }).click()
  await expect(status).toHaveText('Tai survived “The Clockwork Heist”: +1 Plot Point and a new episode, “Stole the mainspring from the Clock Tower” (LAD-21).')
  await expect(survived).toHaveCount(0)

  // LAD-23: Tai's first raise would leave good and expert even: refused, then the GM overrides it.
  const tai = panel.getByRole('region', { name: 'Development of Tai' })
  await expect(tai).toContainText('Plot Points 10')
  const driving = tai.getByRole('row', { name: 'Driving' })
  await expect(driving).toContainText('Session 1')
  await expect(tai.getByRole('row', { name: 'Guns' })).toContainText('never')
  await driving.getByRole('button', { name: 'Raise Driving to Expert · 4 PP' }).click()
  const refusal = tai.getByRole('alert')
  await expect(refusal).toContainText('Good assets must outnumber expert ones; this would leave 3 good and 3 expert. The GM may override this limit (LAD-23). Nothing was changed.')
  await tai.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/ladder-refused.png` })
  await refusal.getByRole('button', { name: 'Override the limit (GM)' }).click()
  await expect(status).toHaveText(
    'Tai raised “Driving” from Good to Expert for 4 Plot Points (LAD-23). The GM overrode a limit: Good assets must outnumber expert ones; this would leave 3 good and 3 expert.',
  )
  await expect(driving).toContainText('Expert')
  await expect(tai).toContainText('Plot Points 6')

  // A new asset earned in play, then Ctrl+Z takes it back: the asset and its 2 Plot Points.
  await tai.getByLabel('New Good asset, earned in play').fill('Lockpicking')
  await tai.getByRole('button', { name: 'Buy · 2 PP' }).click()
  await expect(status).toHaveText('Tai bought the asset “Lockpicking” (Good) for 2 Plot Points (LAD-23).')
  await expect(tai.getByRole('row', { name: 'Lockpicking' })).toBeVisible()
  await expect(tai).toContainText('Plot Points 4')
  await shot(page, 'ladder-developed')
  // Ctrl+Z is the page's, not a text field's.
  await page.evaluate('document.activeElement?.blur()')
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('status')).toHaveText('Undone: Tai bought the asset “Lockpicking” (Good) for 2 Plot Points (LAD-23).')
  await expect(tai.getByRole('row', { name: 'Lockpicking' })).toHaveCount(0)
  await expect(status).toHaveText('')
  await expect(tai).toContainText('Plot Points 6')
  await shot(page, 'ladder-undone')

  expect(problems).toEqual([])
})
