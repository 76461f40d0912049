/**
 * A long step asked of the built server while the GM's table is open in Chromium: a day, then a
 * year of downtime (6 PCs, 12 lights, 20 timers: ~12,000 log entries), each asked on a WebSocket of
 * its own as a script would (the screens' longest step is a day). Per step: until it answers; what
 * the GM's page was sent meanwhile and in the five seconds after (messages, bytes); and the page's
 * longest time between two painted frames, which is how long the GM's table stood frozen. The
 * baseline is the day. Timings are printed, never asserted.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { BenchGroup, benchChromium, median, startBuiltServer } from './harness'
import { prepare } from './clock-service.bench'

const RUNS = 3

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-downtime-'))
  const prepared = join(dir, 'prepared.sqlite')
  const campaignId = await prepare(prepared)
  const browser = await benchChromium()
  const seen = { day: { answered: [] as number[], frozen: [] as number[], messages: 0, bytes: 0 }, year: { answered: [] as number[], frozen: [] as number[], messages: 0, bytes: 0 } }
  let entries = 0
  try {
    for (let run = 0; run < RUNS; run++) {
      const file = join(dir, `run-${run}.sqlite`)
      copyFileSync(prepared, file)
      const token = 'bench-token-0123456789'
      const { server, url } = await startBuiltServer(file, token)
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
        // Every message the page's own socket receives, counted before the page handles it.
        await page.addInitScript(`
          window.__received = { messages: 0, bytes: 0 }
          const Native = window.WebSocket
          window.WebSocket = class extends Native {
            constructor(...args) {
              super(...args)
              this.addEventListener('message', (e) => { window.__received.messages++; window.__received.bytes += e.data.length }, true)
            }
          }
        `)
        await page.goto(`${url}?token=${token}`)
        await page.goto(`${url}#/c/${campaignId}/table`)
        await page.getByRole('list', { name: 'Log entries' }).waitFor()
        const ws = new WebSocket(`${url.replace('http', 'ws')}api?token=${token}`, { headers: { origin: url.replace(/\/$/, '') } })
        await new Promise((ok) => ws.on('open', ok))
        let id = 0
        const waiting = new Map<number, (r: { ok: boolean; value?: { lines: unknown[] } }) => void>()
        ws.on('message', (d) => {
          const m = JSON.parse(String(d)) as { id?: number; result?: { ok: boolean } }
          if (m.id) waiting.get(m.id)!(m.result!)
        })
        const ask = (method: string, input: unknown) =>
          new Promise<{ ok: boolean; value?: { lines: unknown[] } }>((ok) => {
            const i = ++id
            waiting.set(i, ok)
            ws.send(JSON.stringify({ id: i, method, input }))
          })
        await ask('clock.setMode', { campaignId, mode: 'downtime' })
        await page.waitForTimeout(1000)
        for (const [name, days] of [['day', 1], ['year', 365]] as const) {
          await page.evaluate(`window.__received = { messages: 0, bytes: 0 }; window.__gaps = []; window.__last = performance.now(); (function tick() { const n = performance.now(); window.__gaps.push(n - window.__last); window.__last = n; requestAnimationFrame(tick) })()`)
          const t0 = performance.now()
          const r = await ask('clock.advance', { campaignId, span: { days } })
          if (!r.ok) throw new Error(`clock.advance of ${days} days refused`)
          seen[name].answered.push(performance.now() - t0)
          if (name === 'year') entries = r.value!.lines.length + 1
          await page.waitForTimeout(5000)
          const { gaps, received } = (await page.evaluate('({ gaps: window.__gaps, received: window.__received })')) as { gaps: number[]; received: { messages: number; bytes: number } }
          seen[name].frozen.push(Math.max(...gaps))
          seen[name].messages = received.messages
          seen[name].bytes = received.bytes
        }
        ws.close()
        await page.close()
      } finally {
        server.kill('SIGTERM')
      }
    }
  } finally {
    await browser.close()
    rmSync(dir, { recursive: true, force: true })
  }
  const g = new BenchGroup(`a long step asked by a script while the GM's table is open (built server, Chromium; median of ${RUNS})`)
  g.record('1 day of downtime: until it answers', median(seen.day.answered), RUNS, true)
  g.record(`365 days of downtime (${entries.toLocaleString('en')} log entries): until it answers`, median(seen.year.answered), RUNS)
  g.record("1 day: the GM's table's longest time between painted frames", median(seen.day.frozen), RUNS)
  g.record("365 days: the GM's table's longest time between painted frames", median(seen.year.frozen), RUNS)
  g.print()
  console.log(
    `Sent to the GM's page: ${seen.day.messages} messages (${(seen.day.bytes / 1024).toFixed(0)} KiB) for the day, ` +
      `${seen.year.messages} messages (${(seen.year.bytes / 1024).toFixed(0)} KiB) for the year, its answer going to the script.`,
  )
}
