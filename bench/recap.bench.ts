/**
 * Session recaps through the real router on a real SQLite file, for the GM and for the players:
 * a session of 10,000 log entries of many kinds (rolls, encounters, injuries, ledger, lights,
 * rations, timers, notes naming NPCs, a quarter GM-only) in a campaign of 10,000 and of 100,000
 * NPCs, and a session of 100,000 entries. Baseline for each: a bare select of the session's
 * entries in the same file. Goals: under 100 ms for 10,000 entries whatever the number of NPCs,
 * under 300 ms for 100,000 entries.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore } from '../src/main/app'
import { indexQueued } from '../src/main/services/core/log-search-queue'
import { BenchGroup } from './harness'

interface Scenario {
  entries: number
  npcs: number
}

const SCENARIOS: Scenario[] = [
  { entries: 10_000, npcs: 10_000 },
  { entries: 10_000, npcs: 100_000 },
  { entries: 100_000, npcs: 10_000 },
]

async function scenario({ entries, npcs }: Scenario): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  const core = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false })
  const sqlite = core.handle.sqlite
  const call = async (method: string, input: unknown) => {
    const r = await core.router.call(method, input, { scope: 'gm' })
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }
  try {
    const { id: campaignId } = (await call('campaign.create', { name: 'Bench', system: 'osr' })) as { id: number }
    const addChar = sqlite.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, ?, ?, 't', 't')")
    const pcs = ['Glam', 'Ana', 'Bors', 'Cade'].map((n) => Number(addChar.run(campaignId, 'pc', n).lastInsertRowid))
    sqlite.transaction(() => {
      for (let i = 0; i < npcs; i++) addChar.run(campaignId, 'npc', `Citizen ${i}`)
    })()
    const session = (await call('play.start', { campaignId, title: 'The long night', attendance: pcs })) as { id: number }
    const add = sqlite.prepare('insert into log_entry (campaign_id, session_id, game_time, real_time, kind, payload, gm_only) values (?, ?, ?, ?, ?, ?, ?)')
    const kinds: [string, (i: number) => object][] = [
      ['osr.check', (i) => ({ who: 'Glam', natural: 1 + (i % 20), modifier: -1, total: i % 20, target: 10, outcome: i % 2 ? 'success' : 'failure' })],
      ['encounter.rolled', (i) => ({ table: 'Sewers', dice: '1d6', total: 1 + (i % 6), range: String(1 + (i % 6)), npc: `Citizen ${i % 200}`, text: 'lurks' })],
      ['injury.recorded', () => ({ name: 'Ana', label: 'Broken arm' })],
      ['ledger.earned', (i) => ({ name: 'Bors', currency: 'gold', amount: i % 50, reason: 'loot', balance: i })],
      ['clock.event.light-out', () => ({ kind: 'light out', text: 'Cade’s torch went out' })],
      ['clock.event.rations', () => ({ kind: 'rations', text: 'Ana ate 1 ration (2 left, running low)' })],
      ['clock.event.timer', (i) => ({ kind: 'timer', label: 'Guards', hiddenFromPlayers: i % 3 === 0, text: 'Guards' })],
      ['note', (i) => ({ text: `Note ${i}: the *party* argued with Citizen ${(i * 7) % 200}.` })],
    ]
    sqlite.transaction(() => {
      for (let i = 0; i < entries; i++) {
        const [kind, payload] = kinds[i % kinds.length]!
        add.run(campaignId, session.id, Math.floor((i * 30 * 10_000) / entries), 't', kind, JSON.stringify(payload(i)), i % 4 === 0 ? 1 : 0)
      }
    })()
    // The seeded entries' words indexed now, not in the background while the recaps are timed.
    indexQueued(sqlite)

    const slow = entries * npcs > 200_000_000
    const g = new BenchGroup(`recap of a session of ${entries.toLocaleString('en')} log entries, campaign of ${npcs.toLocaleString('en')} NPCs (per call)`)
    const bare = sqlite.prepare('select * from log_entry where session_id = ? and undone = 0 order by game_time, id')
    await g.add('bare select of the session’s entries', () => bare.all(session.id), { baseline: true, minMs: 800 })
    const opts = slow ? { calls: 3 } : { minMs: 1500 }
    await g.add('router: recap.session, players', () => call('recap.session', { sessionId: session.id, variant: 'players' }), opts)
    await g.add('router: recap.session, GM', () => call('recap.session', { sessionId: session.id, variant: 'gm' }), opts)
    g.print()
    const { markdown } = (await call('recap.session', { sessionId: session.id, variant: 'gm' })) as { markdown: string }
    console.log(`GM recap: ${(markdown.length / 1024).toFixed(0)} KiB of Markdown`)
  } finally {
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export default async function (): Promise<void> {
  for (const s of SCENARIOS) await scenario(s)
}
