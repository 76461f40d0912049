/**
 * The table in real Chromium (issue 9), on a campaign with 10,000 log entries: the time from
 * clicking Roll to the roll appearing on screen (the result and its line in the log), and from
 * changing an input to the exact odds chart showing the new odds (the Ladder's task, and a LODE
 * pool's). Runs the built server (builds
 * first if needed, into LANTERN_OUT or out/) and Debian's Chromium (CHROMIUM_PATH). The baseline is
 * a change the page handles without the server (ticking "GM only"), measured the same way in the
 * same page. Each is timed twice: from Playwright (what a script driving the page waits), and
 * inside the page with performance marks, from the input event's own time stamp to the frame that
 * shows the change (its requestAnimationFrame, then the task after it, when it has been painted).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCore } from '../src/main/app'
import { taskOdds } from '../src/main/engines/ladder'
import { poolOdds } from '../src/main/engines/lode'
import { BenchGroup, benchChromium, median, startBuiltServer } from './harness'

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

/** The roll the panel makes for Tai climbing (LAD-4: a Good asset against a Good task). */
const rollInput = (campaignId: number, characterId: number) => ({
  campaignId,
  characterId,
  name: 'Tai',
  what: 'Climbing',
  asset: 'good',
  difficulty: 'good',
  extended: false,
  wonky: null,
  vulnerability: false,
  gmOnly: false,
})

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-ui-'))
  const file = join(dir, 'lantern.sqlite')
  const core = await createCore({ dataFile: file, mode: 'browser', version: 'bench', checkOutputs: false })
  const made = await core.router.call('campaign.create', { name: 'Clockwork City', system: 'ladder', seed: 'bench' }, { scope: 'gm' })
  if (!made.ok) throw new Error(made.error.message)
  const campaignId = (made.value as { id: number }).id
  const s = core.handle.sqlite
  const taiId = s.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', 'Tai', ?, 't', 't')").run(
    campaignId,
    sheet('Rooftop courier', [['Climbing', 'good'], ['Running', 'good'], ['Hiding', 'good'], ['Pistols', 'good'], ['Brawling', 'expert'], ['Eyesight', 'expert']]),
  )
  const fill = s.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, ?, '2026-01-01T00:00:00.000Z', 'note', ?)")
  s.transaction(() => {
    for (let i = 0; i < LOG_ENTRIES; i++) fill.run(campaignId, i * 30, JSON.stringify({ text: `Earlier play ${i}` }))
  })()
  // A LODE campaign beside it, for its pool odds chart (LODE-1, LODE-4).
  const lode = await core.router.call('campaign.create', { name: 'The Barrow Road', system: 'lode', seed: 'bench' }, { scope: 'gm' })
  if (!lode.ok) throw new Error(lode.error.message)
  const lodeId = (lode.value as { id: number }).id
  // An old-school campaign: its check's odds come from the server (OSR-10 reads the sheet, the clock's light and the situation).
  const osr = await core.router.call('campaign.create', { name: 'The Sunken Keep', system: 'osr', seed: 'bench' }, { scope: 'gm' })
  if (!osr.ok) throw new Error(osr.error.message)
  const osrId = (osr.value as { id: number }).id
  s.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', 'Glam', ?, 't', 't')").run(osrId, JSON.stringify({ level: 1, B: 1, M: 0, S: 2, h: 5, maxH: 5 }))
  await core.close()

  const token = 'bench-token-0123456789'
  const { server, url } = await startBuiltServer(file, token)
  const browser = await benchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    // When each call's answer reaches the page (before the page handles it): the part of "click
    // Roll → painted" that is the server's and the socket's, the rest being the page's and the frame's.
    await page.addInitScript(`
      window.__benchAnswered = []
      const Native = window.WebSocket
      window.WebSocket = class extends Native {
        constructor(...args) {
          super(...args)
          this.addEventListener('message', (e) => {
            if (typeof e.data === 'string' && e.data.startsWith('{"id":')) window.__benchAnswered.push(performance.now())
          }, true)
        }
      }
    `)
    await page.goto(`${url}?token=${token}`)
    await page.goto(`${url}#/c/${campaignId}/table`)
    const main = page.getByRole('main')
    await main.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Start session' }).click()
    const rollTab = main.getByRole('tabpanel', { name: 'Roll' })
    await rollTab.getByLabel('Who', { exact: true }).selectOption({ label: 'Tai' })
    await rollTab.getByLabel('What').selectOption({ label: 'Climbing — Good' })
    const chance = rollTab.getByRole('figure', { name: 'Odds before the roll' }).getByTestId('odds-chance')
    const gmOnly = rollTab.getByLabel(/GM only/)
    console.log(`Campaign: ${LOG_ENTRIES.toLocaleString('en')} log entries; The Ladder's roll panel; ${RUNS} runs of each.`)

    // In the page: arm before the input, then read how long from the event to the frame that shows it.
    // Plain JavaScript text: the page runs it as it is (no helpers from this file's compiler).
    await page.evaluate(`
      window.__benchDone = {}
      window.__benchShown = {}
      window.__benchArm = (name, event, test) => {
        const shown = new Function('return (' + test + ')')
        window.__benchShown[name] = shown
        window.__benchDone[name] = new Promise((done) => {
          const onEvent = (e) => {
            document.removeEventListener(event, onEvent, true)
            const t0 = e.timeStamp
            performance.mark('bench-input', { startTime: t0 })
            const painted = () => requestAnimationFrame(() => {
              const ch = new MessageChannel()
              ch.port1.onmessage = () => {
                performance.mark('bench-painted')
                done(performance.now() - t0)
              }
              ch.port2.postMessage(null)
            })
            if (shown()) return painted()
            const watch = new MutationObserver(() => {
              if (!shown()) return
              watch.disconnect()
              painted()
            })
            watch.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
          }
          document.addEventListener(event, onEvent, true)
        })
      }
    `)
    const arm = (event: string, test: string, name = 'main') =>
      page.evaluate(([n, e, t]) => (globalThis as unknown as { __benchArm: (n: string, e: string, t: string) => void }).__benchArm(n, e, t), [name, event, test] as const)
    const inPage = (name = 'main') => page.evaluate((n) => (globalThis as unknown as { __benchDone: Record<string, Promise<number>> }).__benchDone[n]!, name)

    const toggles: number[] = []
    const togglesInPage: number[] = []
    for (let i = 0; i < RUNS; i++) {
      await arm('change', `[...document.querySelectorAll('input[type=checkbox]')].some((c) => /GM only/.test(c.closest('label')?.textContent ?? '') && c.checked === ${i % 2 === 0})`)
      const t0 = performance.now()
      await gmOnly.setChecked(i % 2 === 0)
      await (i % 2 === 0 ? gmOnly.isChecked() : Promise.resolve())
      toggles.push(performance.now() - t0)
      togglesInPage.push(await inPage())
    }
    await gmOnly.setChecked(false)

    const oddsTimes: number[] = []
    const oddsInPage: number[] = []
    const difficulties = ['Expert', 'Good', 'Superb!'] as const
    const rung = { Expert: 'expert', Good: 'good', 'Superb!': 'superb' } as const
    for (let i = 0; i < RUNS; i++) {
      const d = difficulties[i % difficulties.length]!
      const want = `Success ${percent(taskOdds({ asset: 'good', difficulty: rung[d] }).success!)}`
      const before = await chance.textContent()
      await arm('change', `document.querySelector('[data-testid="odds-chance"]')?.textContent?.includes(${JSON.stringify(want)}) ?? false`)
      const t0 = performance.now()
      await rollTab.getByLabel('Difficulty').selectOption({ label: d })
      if (!before?.includes(want)) await chance.filter({ hasText: want }).waitFor()
      oddsTimes.push(performance.now() - t0)
      oddsInPage.push(await inPage())
    }

    const rollButton = rollTab.getByRole('button', { name: /^Roll/ })
    /**
     * How the Roll button is clicked: by Playwright's locator (its checks of the button, which run in
     * the page, first), by the mouse at the button's middle (the browser's own input path, as a
     * GM's mouse: press, release, click), or by the page itself (`click()`, no pointer events).
     */
    type ClickBy = 'locator' | 'mouse' | 'page'
    const clickRoll = async (by: ClickBy) => {
      if (by === 'page') return void (await rollButton.evaluate((b) => setTimeout(() => (b as { click(): void }).click(), 5)))
      if (by === 'locator') return rollButton.click()
      const box = (await rollButton.boundingBox())!
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    }
    /**
     * Rolls RUNS times: back to back (the next click as soon as the previous roll's log line is
     * painted) or with a GM's pause before each click (the log's reload and every deferred write done).
     */
    const rolls = async (pauseMs: number, by: ClickBy = 'locator') => {
      const out = { times: [] as number[], result: [] as number[], log: [] as number[], answered: [] as number[] }
      for (let i = 0; i < RUNS; i++) {
        if (pauseMs) await page.waitForTimeout(pauseMs)
        // The result panel shows the new roll; the log shows its newest 200 entries, newest first,
        // so the roll's line is a new first item.
        await page.evaluate(`window.__firstLi = document.querySelector('[aria-label="Log entries"] > li'); window.__resText = document.querySelector('[aria-label="Roll result"]')?.textContent ?? null; window.__benchAnswered.length = 0`)
        // A result that reads the same as the one before (the same faces) counts when its log line shows.
        await arm('click', `(document.querySelector('[aria-label="Roll result"]')?.textContent ?? null) !== window.__resText || document.querySelector('[aria-label="Log entries"] > li') !== window.__firstLi`, 'result')
        await arm('click', `document.querySelector('[aria-label="Log entries"] > li') !== window.__firstLi && !!document.querySelector('[aria-label="Roll result"]')`, 'log')
        const t0 = performance.now()
        await clickRoll(by)
        // Awaits the page's own promise (no polling from here while the roll is on its way).
        await inPage('log') // the roll's line is in the log, so the result is shown too
        out.times.push(performance.now() - t0)
        out.result.push(await inPage('result'))
        out.log.push(await inPage('log'))
        // The first answer after the click is the roll's (the log's reload is asked for 60 ms later).
        out.answered.push((await page.evaluate(`window.__benchAnswered[0] - performance.getEntriesByName('bench-input').at(-1).startTime`)) as number)
      }
      return out
    }
    const backToBack = await rolls(0)
    const paused = await rolls(400)
    const pausedInPage = await rolls(400, 'page')
    const mouseBackToBack = await rolls(0, 'mouse')
    const mousePaused = await rolls(400, 'mouse')

    // LODE: the GM's own pool at Base Dice 2 on the Web of 9; the Curse changes its odds (LODE-4).
    await page.goto(`${url}#/c/${lodeId}/table`)
    await main.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Start session' }).click()
    const centre = main.getByRole('region', { name: 'LODE at the table' })
    const curse = centre.getByLabel('Curse')
    const lodeChance = centre.getByTestId('odds-chance')
    await lodeChance.waitFor()
    const lodeTimes: number[] = []
    const lodeInPage: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const c = (i % 3) + 1
      const want = `Success ${percent(1 - poolOdds({ baseDice: 2, curse: c, web: 9 }).successes[0]!)}`
      const before = await lodeChance.textContent()
      await arm('input', `document.querySelector('[data-testid="odds-chance"]')?.textContent?.includes(${JSON.stringify(want)}) ?? false`)
      const t0 = performance.now()
      await curse.fill(String(c))
      if (!before?.includes(want)) await lodeChance.filter({ hasText: want }).waitFor()
      lodeTimes.push(performance.now() - t0)
      lodeInPage.push(await inPage())
    }

    // Old-school: a check's Situational modifier changes its odds, worked out by the server (no debounce: asked at once).
    await page.goto(`${url}#/c/${osrId}/table`)
    await main.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Start session' }).click()
    const osrRoll = main.getByRole('region', { name: 'Roll' })
    await osrRoll.getByLabel('Who').selectOption({ label: 'Glam' })
    const situational = osrRoll.getByLabel('Situational')
    const osrChance = osrRoll.getByTestId('odds-chance')
    await osrChance.waitFor()
    const osrTimes: number[] = []
    const osrInPage: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const before = (await osrChance.textContent()) ?? ''
      await arm('input', `(document.querySelector('[aria-label="Roll"] [data-testid="odds-chance"]')?.textContent ?? '') !== ${JSON.stringify(before)}`)
      const t0 = performance.now()
      await situational.fill(String((i % 5) + 1))
      await page.waitForFunction(() => (globalThis as unknown as { __benchShown: Record<string, () => boolean> }).__benchShown.main!()) // the armed test: the chance changed
      osrTimes.push(performance.now() - t0)
      osrInPage.push(await inPage())
    }

    // The bound under "click Roll → result painted": the same call's round trip over a WebSocket of
    // the page's own, the page otherwise idle, beside a call that writes nothing (campaign.get).
    const roundTrips = (await page.evaluate(`(async () => {
      const ws = new WebSocket('ws://' + location.host + '/api?token=${token}')
      await new Promise((ok) => { ws.onopen = ok })
      let id = 1e9
      const waiting = new Map()
      ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id) waiting.get(m.id)(m.result) }
      const call = (method, input) => new Promise((ok) => { const i = ++id; waiting.set(i, ok); ws.send(JSON.stringify({ id: i, method, input })) })
      const out = {}
      const calls = { read: ['campaign.get', { id: ${campaignId} }], roll: ['ladder.roll', ${JSON.stringify(rollInput(campaignId, Number(taiId)))}] }
      for (const [name, [method, input]] of Object.entries(calls)) {
        const ts = []
        for (let i = 0; i < ${RUNS}; i++) {
          const t = performance.now()
          const r = await call(method, input)
          if (!r.ok) throw new Error(r.error.message)
          ts.push(performance.now() - t)
          await new Promise((ok) => setTimeout(ok, 50))
        }
        out[name] = ts.sort((a, b) => a - b)[ts.length >> 1]
      }
      ws.close()
      return out
    })()`)) as { read: number; roll: number }

    const g = new BenchGroup(`the table in Chromium, ${LOG_ENTRIES.toLocaleString('en')} log entries (median of ${RUNS})`)
    g.record('page-only change: tick "GM only" (no server)', median(toggles), RUNS, true)
    g.record('change the difficulty → exact odds chart updated', median(oddsTimes), RUNS)
    g.record('click Roll → result and log line on screen', median(backToBack.times), RUNS)
    g.record('LODE: change the Curse → exact odds chart updated', median(lodeTimes), RUNS)
    g.record('old-school: change Situational → exact odds chart updated (asked of the server)', median(osrTimes), RUNS)
    g.print()
    const p = new BenchGroup(`the same, timed inside the page: input event → the frame that shows it (median of ${RUNS})`)
    p.record('page-only change: tick "GM only" (no server)', median(togglesInPage), RUNS, true)
    p.record('change the difficulty → exact odds chart painted', median(oddsInPage), RUNS)
    p.record('click Roll → roll result painted, rolls back to back', median(backToBack.result), RUNS)
    p.record('  of which: click → the roll\'s answer reaches the page', median(backToBack.answered), RUNS)
    p.record('click Roll → roll result painted, a 400 ms pause before each', median(paused.result), RUNS)
    p.record('  of which: click → the roll\'s answer reaches the page', median(paused.answered), RUNS)
    p.record('click Roll with the mouse, rolls back to back', median(mouseBackToBack.result), RUNS)
    p.record('  of which: click → the roll\'s answer reaches the page', median(mouseBackToBack.answered), RUNS)
    p.record('click Roll with the mouse, a 400 ms pause before each', median(mousePaused.result), RUNS)
    p.record('  of which: click → the roll\'s answer reaches the page', median(mousePaused.answered), RUNS)
    p.record('click Roll in the page (no driver), a 400 ms pause before each', median(pausedInPage.result), RUNS)
    p.record('  of which: click → the roll\'s answer reaches the page', median(pausedInPage.answered), RUNS)
    p.record('  bound: ladder.roll round trip over the page\'s WebSocket, page idle', roundTrips.roll, RUNS)
    p.record('  bound: campaign.get (writes nothing) round trip, page idle', roundTrips.read, RUNS)
    p.record('click Roll → its log line painted (the log reloads 60 ms after a burst settles)', median(backToBack.log), RUNS)
    p.record('LODE: change the Curse → exact odds chart painted', median(lodeInPage), RUNS)
    p.record('old-school: change Situational → exact odds chart painted (asked of the server)', median(osrInPage), RUNS)
    p.print()
    console.log(`In the page, slowest of ${RUNS}: odds ${Math.max(...oddsInPage).toFixed(1)} ms, LODE odds ${Math.max(...lodeInPage).toFixed(1)} ms, old-school odds ${Math.max(...osrInPage).toFixed(1)} ms, roll result ${Math.max(...backToBack.result).toFixed(1)} ms back to back, ${Math.max(...paused.result).toFixed(1)} ms with a pause.`)
  } finally {
    await browser.close()
    server.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}
