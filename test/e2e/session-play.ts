/**
 * One session across the table's seams, played the same way in each system (session-<system>.spec.ts):
 * start a session; one long step (D) stops at the first encounter (CLK-3); combat starts from it
 * with what was met and a foe typed in place; two rounds, the tracker's round the clock's (CLK-2);
 * one End ends both; a spend from the party column and an injury from a character page belong to
 * the session; five actions after them — an earn, and a second fight started, played and ended on
 * the clock bar — are undone with Ctrl+Z, newest first, the tracker going back with the clock, and
 * one is redone with Ctrl+Shift+Z; the session is closed and its recap holds the spend and the
 * injury. Seeded dice; the table is photographed at 1280×720. A player watches on a phone the whole
 * time: no frame its page receives, and nothing on it, names a foe the GM never revealed or what
 * the encounter table holds; the players' recap tells the earn once (undone and redone) and
 * nothing of undo's own bookkeeping.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { blankSheet } from '../../src/shared/api/sheets'
import type { SystemId } from '../../src/shared/contract'
import { expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

export const SHOTS = 'test-results/shots-table'

export interface SessionPlay {
  system: SystemId
  systemName: string
  campaign: string
  /** The PC's sheet (a blank one of the system when not given). */
  sheet?: object
  /** Ledger entries before play: [currency, amount, reason]. */
  ledger: [string, number, string][]
  /** The party column's buttons for Glam: e.g. 'Spend 1 GP: Glam', 'Earn 1 XP: Glam'. */
  spend: string
  earn: string
  /** What the party column says once spent. */
  spent: string
  /** Fights at the table, from the encounter's "Start combat" to the one End (the clock's mode checked by the caller); `player` is the players' page. */
  fight(page: Page, bar: Locator, player: Page): Promise<void>
  /** Records an injury on Glam's page; returns what the recap must show of it. */
  injure(form: Locator, page: Page): Promise<string>
  /** The tracker's round as the table shows it, for systems whose tracker follows a fight begun on the clock bar. */
  trackerRound?(page: Page): Locator
  /** What the GM hid that this system's fight names (a typed foe's name, its numbers' words), never to reach the players. */
  secrets: (string | RegExp)[]
}

/** Hidden in every system's session: the ghouls met (never revealed) and the wandering table they came from. */
const SECRETS: (string | RegExp)[] = [/ghoul/i, 'Hill wanderers']

/** Fails naming the secret when a text holds one. */
function expectNoSecret(text: string, secrets: (string | RegExp)[], where: string): void {
  for (const s of secrets) {
    const found = typeof s === 'string' ? text.includes(s) : s.test(text)
    expect(found, `${where} holds ${String(s)}`).toBe(false)
  }
}

/** The PC, a start balance, the dice's seed and the place's wandering table, written into the library the server has open. */
function prepare(lantern: Lantern, campaignId: number, play: SessionPlay): void {
  const db = new BetterSqlite3(lantern.dataFile)
  db.prepare('update campaign set dice_seed = ? where id = ?').run(`session-${play.system}`, campaignId)
  const glam = db
    .prepare("insert into character (campaign_id, kind, name, player_name, sheet, created_at, updated_at) values (?, 'pc', 'Glam', 'Ana', ?, 't', 't')")
    .run(campaignId, JSON.stringify(play.sheet ?? blankSheet(play.system))).lastInsertRowid
  for (const [currency, amount, reason] of play.ledger) {
    db.prepare('insert into ledger_entry (campaign_id, character_id, currency, amount, reason, session_id, created_at) values (?, ?, ?, ?, ?, null, ?)').run(campaignId, glam, currency, amount, reason, 't')
  }
  const hills = db.prepare("insert into location (campaign_id, name, kind, created_at, updated_at) values (?, 'The Hills', 'open', 't', 't')").run(campaignId).lastInsertRowid
  const table = db.prepare("insert into encounter_table (campaign_id, location_id, name, dice, created_at, updated_at) values (?, ?, 'Hill wanderers', '1d6', 't', 't')").run(campaignId, hills).lastInsertRowid
  db.prepare("insert into encounter_row (table_id, min, max, text) values (?, 1, 6, '2 ghouls')").run(table)
  db.close()
}

const partyOf = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Party' })
const glamOf = (page: Page) => partyOf(page).getByRole('listitem', { name: 'Glam', exact: true })

/** +1 or −1 from the party column in one click, then a reason and Enter. */
async function step(page: Page, label: string, reason: string): Promise<void> {
  await partyOf(page).getByRole('button', { name: label }).click()
  const why = partyOf(page).getByLabel('Why? (may be left empty)')
  await expect(why).toBeFocused()
  await why.fill(reason)
  await why.press('Enter')
}

export async function playSession(page: Page, lantern: Lantern, play: SessionPlay): Promise<void> {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 720 })
  const id = await createCampaign(page, lantern, play.campaign, play.systemName)
  prepare(lantern, id, play)
  await page.reload()
  const bar = page.getByRole('region', { name: 'Clock' })
  const mode = bar.getByTestId('clock-mode')
  const time = bar.getByTestId('clock-time')

  // The party is in the hills, with encounters on 15–20 (OSR-9's darkness modifier may raise it).
  await openSection(page, 'Time & light')
  await page.getByLabel('The party is in').selectOption({ label: 'The Hills (open)' })
  await page.getByLabel('Encounter on').selectOption('15')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(bar.getByRole('link', { name: /^The Hills · Encounter on / })).toBeVisible()

  // A session begins.
  await openSection(page, 'Table')
  const session = page.getByRole('main').getByRole('region', { name: 'Session' })
  await session.getByLabel('Session title').fill('Into the Hills')
  await session.getByRole('button', { name: 'Start session' }).click()
  await expect(session).toContainText('Session 1 · Into the Hills')

  // A player opens the players' screen on a phone; every frame it receives is kept.
  await page.getByRole('button', { name: 'Players’ screen' }).click()
  const sharing = page.getByRole('dialog', { name: 'Players’ screen' })
  const link = (await sharing.getByTestId('players-url').textContent())!.trim()
  await sharing.getByRole('button', { name: 'Close' }).click()
  const phone = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const player = await phone.newPage()
  const frames: string[] = []
  player.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))))
  await player.goto(link)
  await expect(player.getByTestId('players-mode')).toHaveText('Exploration')

  // CLK-3: one press of D stops at the turn of the first encounter, with the rest of the day left.
  await time.click()
  await page.keyboard.press('d')
  await expect(bar.getByTestId('go-on')).toContainText(/^Stopped at Day 1 · \d\d:\d\d by an encounter: .+ of 1 day left/)
  const alert = bar.getByRole('alert')
  await expect(alert).toContainText(/Encounter! d20 = \d+/)
  await alert.getByRole('button', { name: 'Roll Hill wanderers (1d6)' }).click()
  await expect(alert.getByTestId('table-roll')).toContainText('2 ghouls')
  await alert.getByRole('button', { name: 'Start combat' }).click()
  await expect(mode).toHaveText(/^Combat · round 0/)

  // The fight, in the system's own tracker; it ends once, on both.
  await play.fight(page, bar, player)
  await expect(mode).toHaveText(/^Exploration/)

  // After the fight the player's page, and every frame it got, names no foe the GM kept hidden.
  const secrets = [...SECRETS, ...play.secrets]
  await expect(player.getByTestId('players-mode')).toHaveText('Exploration')
  await player.screenshot({ path: `${SHOTS}/players-${play.system}-after-fight.png`, fullPage: true })
  expectNoSecret(await player.locator('body').innerText(), secrets, 'the players’ page')
  expectNoSecret(frames.join('\n'), secrets, 'the frames the players’ page received')

  // A spend from the party column, in the session.
  await openSection(page, 'Table')
  await step(page, play.spend, 'bribed the gate guard')
  await expect(partyOf(page).getByRole('status')).toHaveText(play.spent)

  // An injury on the character page, in the session being played.
  await glamOf(page).getByRole('link', { name: 'Glam' }).click()
  const injuries = page.getByRole('region', { name: 'Injuries' })
  const record = injuries.getByRole('form', { name: 'Record an injury' })
  await expect(record.getByLabel('Session').locator('option:checked')).toHaveText('Session 1: Into the Hills (being played)')
  const injury = await play.injure(record, page)
  await expect(injuries.getByRole('listitem', { name: injury })).toBeVisible()

  // Six more actions across kinds: an earn and its reason, and a fight begun, played and ended on the clock bar.
  await openSection(page, 'Table')
  await step(page, play.earn, 'a clever plan')
  await expect(partyOf(page).getByRole('status')).toContainText('a clever plan')
  const before = (await time.textContent())!
  await bar.getByRole('button', { name: 'Start combat' }).click()
  await expect(mode).toHaveText(/^Combat · round 0/)
  await time.click()
  for (const round of [1, 2]) {
    await page.keyboard.press('r')
    await expect(mode).toHaveText(new RegExp(`^Combat · round ${round} `))
    if (play.trackerRound) await expect(play.trackerRound(page)).toHaveText(`Combat · round ${round}`)
  }
  await bar.getByRole('button', { name: 'End combat' }).click()
  await expect(mode).toHaveText(/^Exploration/)

  // Ctrl+Z six times: newest first, the tracker going back with the clock (CLK-2).
  const history = page.getByRole('main').getByRole('region', { name: 'History' })
  const status = history.getByTestId('history-status')
  await time.click()
  const undoTo = async (undone: RegExp, clockMode: RegExp, round: number | null) => {
    await page.keyboard.press('Control+z')
    await expect(status).toHaveText(undone)
    await expect(mode).toHaveText(clockMode)
    if (play.trackerRound && round !== null) await expect(play.trackerRound(page)).toHaveText(`Combat · round ${round}`)
  }
  await undoTo(/^Undone: Combat ended after 2 rounds/, /^Combat · round 2 /, 2)
  await undoTo(/^Undone: Round 2/, /^Combat · round 1 /, 1)
  await undoTo(/^Undone: Round 1/, /^Combat · round 0 /, 0)
  await undoTo(/^Undone: Combat started/, /^Exploration/, null)
  if (play.trackerRound) await expect(play.trackerRound(page)).toHaveCount(0)
  // The reason given after the one-click earn, then the earn itself.
  await undoTo(/^Undone: .*a clever plan/, /^Exploration/, null)
  await undoTo(/^Undone: .*no reason given/, /^Exploration/, null)
  await expect(time).toHaveText(before)
  await page.screenshot({ path: `${SHOTS}/session-${play.system}-undone.png` })

  // Ctrl+Shift+Z: the earn again, then its reason.
  await page.keyboard.press('Control+Shift+z')
  await expect(status).toHaveText(/^Redone: .*no reason given/)
  await page.keyboard.press('Control+Shift+z')
  await expect(status).toHaveText(/^Redone: .*a clever plan/)

  // The session closes; its recap holds the spend and the injury.
  await session.getByRole('button', { name: 'Close session' }).click()
  await session.getByRole('link', { name: /recap/i }).click()
  const recap = page.getByRole('main')
  const source = recap.getByLabel('Markdown source')

  // The players' recap (shown first): the story as it stands (the earn once, though undone and
  // redone), nothing of undo's bookkeeping, no foe the GM kept hidden.
  await expect(source).toHaveValue(/recap_for: players/)
  const markdown = await source.inputValue()
  expect(markdown.match(/a clever plan/g)).toHaveLength(1)
  expect(markdown).toContain('bribed the gate guard')
  expect(markdown).not.toMatch(/Undone|Redone/)
  expectNoSecret(markdown, secrets, 'the players’ recap')
  // Tall enough to see the whole timeline in the preview.
  await page.setViewportSize({ width: 1280, height: 2600 })
  await recap.getByRole('region', { name: 'Preview' }).screenshot({ path: `${SHOTS}/session-${play.system}-players-recap.png` })
  await page.setViewportSize({ width: 1280, height: 720 })

  // The GM's recap holds the spend and the injury as recorded.
  await recap.getByRole('radiogroup', { name: 'Recap for' }).getByLabel('GM (everything)').check()
  await expect(source).toHaveValue(/recap_for: GM/)
  await expect(recap).toContainText('bribed the gate guard')
  await expect(recap).toContainText(injury)
  await page.screenshot({ path: `${SHOTS}/session-${play.system}-recap.png` })
  expectNoSecret(frames.join('\n'), secrets, 'the frames the players’ page received')
  await phone.close()
  expect(problems).toEqual([])
}
