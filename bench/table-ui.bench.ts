/**
 * The table in real Chromium (issue 9), on a campaign with 10,000 log entries: the time from
 * clicking Roll to the roll appearing on screen (the result and its line in the log), and from
 * changing an input to the exact odds chart showing the new odds. Runs the built server (builds
 * first if needed) and Debian's Chromium (CHROMIUM_PATH). The baseline is a change the page
 * handles without the server (ticking "GM only"), measured the same way in the same page.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { chromium } from '@playwright/test'
import { createCore } from '../src/main/app'
import { taskOdds } from '../src/main/engines/ladder'
import { BenchGroup } from './harness'

const LOG_ENTRIES = 10_000
const RUNS = 25
const percent = (p: number) => `${(p * 100).toFixed(1)} %`

const sheet = (concept: string, assets: [string, string][]) =>
  JSON.stringify({
    concept,
    assets: assets.map(([name, rating]) => ({ name, rating, school: null })),
    flaws: ['Reckless', 'Owes the guild', 'Afraid of heights'].map((name) => ({ name, vulnerability: false })),
    features: ['scarred hands', 'brass goggles', 'a laugh like a kettle'],
  })

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[s.length >> 1]!
}

export default async function (): Promise<void> {
  const { buildIfNeeded } = (await import(resolve('scripts/build-if-needed.mjs'))) as { buildIfNeeded: () => void }
  buildIfNeeded()
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-ui-'))
  const file = join(dir, 'lantern.sqlite')
  const core = await createCore({ dataFile: file, mode: 'browser', version: 'bench', checkOutputs: false })
  const made = await core.router.call('campaign.create', { name: 'Clockwork City', system: 'ladder', seed: 'bench' }, { scope: 'gm' })
  if (!made.ok) throw new Error(made.error.message)
  const campaignId = (made.value as { id: number }).id
  const s = core.handle.sqlite
  s.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', 'Tai', ?, 't', 't')").run(
    campaignId,
    sheet('Rooftop courier', [['Climbing', 'good'], ['Running', 'good'], ['Hiding', 'good'], ['Pistols', 'good'], ['Brawling', 'expert'], ['Eyesight', 'expert']]),
  )
  const fill = s.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, ?, '2026-01-01T00:00:00.000Z', 'note', ?)")
  s.transaction(() => {
    for (let i = 0; i < LOG_ENTRIES; i++) fill.run(campaignId, i * 30, JSON.stringify({ text: `Earlier play ${i}` }))
  })()
  await core.close()

  const token = 'bench-token-0123456789'
  const server = spawn(process.execPath, [resolve('out/main/server.js'), '--port', '0', '--data', file], {
    env: { ...process.env, LANTERN_GM_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((ok, fail) => {
    let out = ''
    server.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)\?token=/.exec(out)
      if (m) ok(m[1]!)
    })
    server.on('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)))
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${url}?token=${token}`)
    await page.goto(`${url}#/c/${campaignId}/table`)
    const main = page.getByRole('main')
    await main.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Start session' }).click()
    const rollTab = main.getByRole('tabpanel', { name: 'Roll' })
    await rollTab.getByLabel('Who', { exact: true }).selectOption({ label: 'Tai' })
    await rollTab.getByLabel('What').selectOption({ label: 'Climbing — Good' })
    const chance = rollTab.getByRole('figure', { name: 'Odds before the roll' }).getByTestId('odds-chance')
    const gmOnly = rollTab.getByLabel(/GM only/)
    const logItems = main.getByRole('region', { name: 'Log' }).getByRole('list', { name: 'Log entries' }).getByRole('listitem')
    console.log(`Campaign: ${LOG_ENTRIES.toLocaleString('en')} log entries; The Ladder's roll panel; ${RUNS} runs of each.`)

    const toggles: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now()
      await gmOnly.setChecked(i % 2 === 0)
      await (i % 2 === 0 ? gmOnly.isChecked() : Promise.resolve())
      toggles.push(performance.now() - t0)
    }
    await gmOnly.setChecked(false)

    const oddsTimes: number[] = []
    const difficulties = ['Expert', 'Good', 'Superb!'] as const
    const rung = { Expert: 'expert', Good: 'good', 'Superb!': 'superb' } as const
    for (let i = 0; i < RUNS; i++) {
      const d = difficulties[i % difficulties.length]!
      const want = `Success ${percent(taskOdds({ asset: 'good', difficulty: rung[d] }).success!)}`
      const before = await chance.textContent()
      const t0 = performance.now()
      await rollTab.getByLabel('Difficulty').selectOption({ label: d })
      if (!before?.includes(want)) await chance.filter({ hasText: want }).waitFor()
      oddsTimes.push(performance.now() - t0)
    }

    const rollTimes: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const shown = await logItems.count()
      const t0 = performance.now()
      await rollTab.getByRole('button', { name: /^Roll/ }).click()
      await logItems.nth(shown).waitFor() // the roll's line is in the log, its result in the panel
      await rollTab.getByRole('region', { name: 'Roll result' }).waitFor()
      rollTimes.push(performance.now() - t0)
    }

    const g = new BenchGroup(`the table in Chromium, ${LOG_ENTRIES.toLocaleString('en')} log entries (median of ${RUNS})`)
    g.record('page-only change: tick "GM only" (no server)', median(toggles), RUNS, true)
    g.record('change the difficulty → exact odds chart updated', median(oddsTimes), RUNS)
    g.record('click Roll → result and log line on screen', median(rollTimes), RUNS)
    g.print()
  } finally {
    await browser.close()
    server.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}
