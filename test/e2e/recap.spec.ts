import { readFileSync } from 'node:fs'
import BetterSqlite3 from 'better-sqlite3'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection, quietDice } from './support'

test('a GM plays a session, closes it, and exports the players’ recap without anything GM-only', async ({ page, lantern, context }) => {
  const problems = watchConsole(page)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const id = await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  for (const [kind, name] of [['pc', 'Glam *the* Bold'], ['pc', 'Ana'], ['npc', 'Mother Vex']] as const) {
    db.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, ?, ?, 't', 't')").run(id, kind, name)
  }
  db.close()
  // The turns played below meet no encounter (the dice are the campaign's: an encounter would stop the clock).
  quietDice(lantern, id, 8)
  await page.reload()

  // Start the session at the table.
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const bar = main.getByRole('region', { name: 'Session' })
  await bar.getByLabel('Session title').fill('Rats in the Junction')
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText('Session 1 · Rats in the Junction')

  // A note everyone may read, and a GM-only one.
  await openSection(page, 'Home')
  await page.getByLabel('A note for the log').fill('We met Mother Vex at the gate.')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByLabel('A note for the log').fill('SECRETNOTE the gate is cursed')
  await page.getByLabel('GM only').check()
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(main.getByRole('list', { name: 'Recent log entries' })).toContainText('SECRETNOTE')

  // A hidden timer and an open one, both fired by the passing turns.
  await openSection(page, 'Time & light')
  await page.getByLabel('New timer').fill('SECRETTIMER the ceiling falls')
  await page.getByLabel('In how many').fill('1')
  await page.getByLabel('Unit').selectOption('turns')
  await page.getByLabel('hidden').check()
  await page.getByRole('button', { name: 'Set timer' }).click()
  await expect(page.getByRole('list', { name: 'Timers' })).toContainText('hidden from players')
  await page.getByLabel('New timer').fill('The bell tolls')
  await page.getByLabel('hidden').uncheck()
  await page.getByRole('button', { name: 'Set timer' }).click()
  await openSection(page, 'Table')
  const turn = page.getByRole('button', { name: /^\+1 turn/ })
  await turn.click()
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:05')
  await turn.click()
  await expect(page.getByTestId('clock-time')).toHaveText('Day 1 · 00:10')
  // A GM-only roll behind the screen (written as the table's services write it).
  const db2 = new BetterSqlite3(lantern.dataFile)
  const sessionId = (db2.prepare('select id from session where campaign_id = ?').get(id) as { id: number }).id
  db2
    .prepare("insert into log_entry (campaign_id, session_id, game_time, real_time, kind, payload, gm_only) values (?, ?, 600, 't', 'osr.check', ?, 1)")
    .run(id, sessionId, JSON.stringify({ who: 'SECRETROLL Glam', natural: 4, modifier: 0, total: 4, target: 10, outcome: 'failure' }))
  db2.close()

  await bar.getByRole('button', { name: 'Close session' }).click()
  await expect(bar.getByRole('status')).toHaveText('Session 1 closed at Day 1 · 00:10.')
  await expect(bar.getByRole('link', { name: /recap of the session just closed/ })).toBeVisible()

  // Private notes, with a section for the players.
  await openSection(page, 'Sessions')
  await main.getByRole('button', { name: 'Edit Session 1: Rats in the Junction' }).click()
  await page.getByLabel('GM notes').fill(
    'SECRETPRIVATE the duke sent the rats\n- [ ] SECRETTHREAD the duke’s letter\n\n## Recap\nThe party crossed the *Junction* and fought **giant rats**.\n\n### Loot\n- a silver key\n\nThread: Find the missing key',
  )
  await page.getByRole('button', { name: 'Save session' }).click()
  await main.getByRole('link', { name: 'Recap of Session 1: Rats in the Junction' }).click()

  // The players' recap: previewed beside its source.
  await expect(main.getByRole('heading', { name: 'Recap', level: 1 })).toBeVisible()
  const preview = main.getByRole('region', { name: 'Preview' })
  await expect(preview.getByRole('heading', { name: 'Session 1: Rats in the Junction' })).toBeVisible()
  for (const h of ['Summary', 'At a glance', 'Timeline', 'NPCs met', 'Open threads']) await expect(preview.getByRole('heading', { name: h, level: 2 })).toBeVisible()
  // The GM's own Markdown renders: emphasis, strong, their heading one level under Summary, their list.
  await expect(preview.locator('em', { hasText: 'Junction' })).toBeVisible()
  await expect(preview.locator('strong', { hasText: 'giant rats' })).toBeVisible()
  await expect(preview.getByRole('heading', { name: 'Loot', level: 3 })).toBeVisible()
  await expect(preview.getByRole('listitem').filter({ hasText: 'a silver key' })).toBeVisible()
  await expect(preview).toContainText('The party crossed the Junction and fought giant rats.')
  await expect(preview).toContainText('The bell tolls')
  await expect(preview).toContainText('Mother Vex')
  await expect(preview).toContainText('Find the missing key')
  const source = main.getByLabel('Markdown source')
  await expect(source).toHaveValue(/^---\ncampaign: The Sunken Keep\n/)
  await expect(source).toHaveValue(/\n- \[ \] Find the missing key\n/)
  // The rendered Markdown stands beside its source.
  const [left, right] = [await preview.boundingBox(), await main.getByRole('region', { name: 'Markdown' }).boundingBox()]
  expect(left!.x + left!.width).toBeLessThanOrEqual(right!.x)
  expect(Math.abs(left!.y - right!.y)).toBeLessThan(5)
  await page.screenshot({ path: 'test-results/shots-recap/recap-players.png', fullPage: true })

  // Save: a download of exactly the Markdown shown.
  const downloading = page.waitForEvent('download')
  await main.getByRole('button', { name: 'Save…' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('the-sunken-keep-session-01-rats-in-the-junction-players.md')
  const saved = readFileSync((await download.path())!, 'utf8')
  expect(saved).toBe(await source.inputValue())
  for (const section of ['## Summary', '## At a glance', '## Timeline', '### Day 1', '## NPCs met', '## Open threads', 'party:\n  - Ana\n  - Glam *the* Bold']) expect(saved).toContain(section)
  for (const secret of ['SECRETNOTE', 'SECRETTIMER', 'SECRETROLL', 'SECRETPRIVATE', 'SECRETTHREAD']) expect(saved).not.toContain(secret)
  await expect(preview).not.toContainText('SECRET')

  // Save to folder: in a browser, a download named as the note is in a vault; with Obsidian links.
  await main.getByLabel('Obsidian links').check()
  await expect(source).toHaveValue(/Party: \[\[Ana\]\], \[\[Glam the Bold\|Glam \*the\* Bold\]\]/)
  await expect(source).toHaveValue(/## NPCs met\n\n- \[\[Mother Vex\]\]/)
  const toFolder = page.waitForEvent('download')
  await main.getByRole('button', { name: 'Save to folder…' }).click()
  const note = await toFolder
  expect(note.suggestedFilename()).toBe('Session 01 – Rats in the Junction.md')
  const folder = test.info().outputPath('vault')
  await note.saveAs(`${folder}/${note.suggestedFilename()}`)
  const inVault = readFileSync(`${folder}/Session 01 – Rats in the Junction.md`, 'utf8')
  expect(inVault).toBe(await source.inputValue())
  expect(inVault).toMatch(/\nparty:\n {2}- "\[\[Ana\]\]"\n {2}- "\[\[Glam the Bold\]\]"\n/)
  expect(inVault).toMatch(/\ntags:\n {2}- session-recap\n/)
  for (const secret of ['SECRETNOTE', 'SECRETTIMER', 'SECRETROLL', 'SECRETPRIVATE', 'SECRETTHREAD']) expect(inVault).not.toContain(secret)
  await page.screenshot({ path: 'test-results/shots-recap/recap-obsidian.png', fullPage: true })
  await main.getByLabel('Obsidian links').uncheck()
  await expect(source).not.toHaveValue(/\[\[/)

  // Copy puts the same Markdown on the clipboard.
  await main.getByRole('button', { name: 'Copy' }).click()
  await expect(main.getByRole('status')).toHaveText('Copied to the clipboard.')
  const clip = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())
  expect(clip).toBe(saved)

  // The GM's variant tells everything.
  await main.getByLabel('GM (everything)').check()
  await expect(source).toHaveValue(/SECRETROLL/)
  for (const secret of ['SECRETNOTE', 'SECRETTIMER', 'SECRETPRIVATE', 'SECRETTHREAD']) await expect(source).toHaveValue(new RegExp(secret))
  await page.screenshot({ path: 'test-results/shots-recap/recap-gm.png', fullPage: true })
  expect(problems).toEqual([])
})
