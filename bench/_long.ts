import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCore, type Core } from '../src/main/app'
import { settle } from './harness'

const gm = { scope: 'gm' as const }
async function call(core: Core, m: string, i: unknown) { const r = await core.router.call(m, i, gm); if (!r.ok) throw new Error(`${m}: ${r.error.message}`); return r.value as any }

async function setup(core: Core, name: string, long: boolean) {
  const c = await call(core, 'campaign.create', { name, system: 'osr', seed: 's' })
  const id = c.id as number
  const s = core.handle.sqlite
  const pcs: number[] = []
  for (let i = 0; i < 6; i++) {
    const pc = Number(s.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')").run(id, `PC ${i}`, JSON.stringify({ level: 2, B: 1, M: 0, S: 0, h: 8, maxH: 8 })).lastInsertRowid)
    pcs.push(pc)
    s.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, 'Rations', 'ration', 10, '{}', 't', 't')").run(pc)
  }
  if (long) {
    const t = s.transaction(() => {
      const log = s.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload, audience) values (?, ?, 't', 'note', ?, 'all')")
      for (let i = 0; i < 100_000; i++) log.run(id, i * 60, JSON.stringify({ text: `Old note ${i}` }))
      const act = s.prepare("insert into action (campaign_id, method, input, kind, summary, first_log_id, last_log_id, created, status, redoable, created_at, made_by) values (?, 'log.note', '{}', 'log', 'old', 0, 0, '[]', ?, 0, 't', '')")
      for (let i = 0; i < 70_000; i++) act.run(id, i % 14 === 0 ? 'undone' : 'done')
      const foe = s.prepare("insert into players_foe (campaign_id, key, name, alias, created_at) values (?, ?, ?, 'a foe', 't')")
      for (let i = 0; i < 2000; i++) foe.run(id, `osr:${i}`, `Raider ${i}`)
      const npc = s.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'npc', ?, 't', 't')")
      const item = s.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, 'other', 1, '{}', 't', 't')")
      for (let i = 0; i < 300; i++) { const n = Number(npc.run(id, `NPC ${i}`).lastInsertRowid); for (let k = 0; k < 10; k++) item.run(n, `Thing ${k}`) }
      const ses = s.prepare("insert into session (campaign_id, number, title, status, created_at, updated_at) values (?, ?, ?, 'closed', 't', 't')")
      const att = s.prepare('insert into session_attendance (session_id, character_id) values (?, ?)')
      for (let i = 1; i <= 300; i++) { const sid = Number(ses.run(id, i, `Session ${i}`).lastInsertRowid); for (const p of pcs) att.run(sid, p) }
      const led = s.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (?, ?, 'gold', ?, 'loot', 't')")
      for (let i = 0; i < 20_000; i++) led.run(id, pcs[i % 6], i % 5 === 0 ? -1 : 3)
      const inj = s.prepare("insert into injury (campaign_id, character_id, system, kind, description, taken_at, healed, created_at, updated_at) values (?, ?, 'osr', 'other', 'old wound', ?, 1, 't', 't')")
      for (let i = 0; i < 2000; i++) inj.run(id, pcs[i % 6], i * 60)
    })
    t()
  }
  await call(core, 'play.start', { campaignId: id, attendance: pcs })
  return { id, pcs }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-long-'))
  const core = await createCore({ dataFile: join(dir, 'l.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
  const fresh = await setup(core, 'Fresh', false)
  const long = await setup(core, 'Long', true)
  const { indexQueued } = await import('../src/main/services/core/log-search-queue')
  indexQueued(core.handle.sqlite)
  const ops: [string, (c: { id: number; pcs: number[] }) => Promise<unknown>][] = [
    ['log.note', (c) => call(core, 'log.note', { campaignId: c.id, text: 'The torch gutters.' })],
    ['clock.advance turn', (c) => call(core, 'clock.advance', { campaignId: c.id, span: { turns: 1 } })],
    ['osr.roll check', (c) => call(core, 'osr.roll', { campaignId: c.id, roll: { what: 'check', characterId: c.pcs[0], ability: 'B' }, gmOnly: false })],
    ['note+play.undo', async (c) => { await call(core, 'log.note', { campaignId: c.id, text: 'x' }); await settle(core); return call(core, 'play.undo', { campaignId: c.id }) }],
    ['ledger.earn', (c) => call(core, 'ledger.earn', { campaignId: c.id, characterId: c.pcs[1], currency: 'gold', amount: 1, reason: 'tip' })],
    ['play.history', (c) => call(core, 'play.history', { campaignId: c.id })],
    ['play.log', (c) => call(core, 'play.log', { campaignId: c.id, limit: 200 })],
    ['party.get', (c) => call(core, 'party.get', { campaignId: c.id })],
    ['clock.get', (c) => call(core, 'clock.get', { campaignId: c.id })],
    ['character.list', (c) => call(core, 'character.list', { campaignId: c.id })],
    ['session.list', (c) => call(core, 'session.list', { campaignId: c.id })],
    ['osr.state', (c) => call(core, 'osr.state', { campaignId: c.id })],
    ['campaign.get', (c) => call(core, 'campaign.get', { id: c.id })],
    ['players.controls', (c) => call(core, 'players.controls', { campaignId: c.id })],
  ]
  if (process.env.ONLY) {
    const proto = Object.getPrototypeOf(core.handle.sqlite.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>
    const log: string[] = []
    for (const m of ['run', 'get', 'all', 'iterate']) {
      const original = proto[m]!
      proto[m] = function (this: { source: string }, ...a: unknown[]) {
        const t0 = performance.now()
        try { return original.apply(this, a) } finally { const t = performance.now() - t0; if (t > 0.2) log.push(`${t.toFixed(3)} ${this.source.replace(/\s+/g, ' ').slice(0, 300)}`) }
      }
    }
    const op = ops.find(([n]) => n === process.env.ONLY)![1]
    await op(long); await settle(core)
    console.log(log.join('\n'))
    await core.close()
    return
  }
  for (const [name, op] of ops) {
    const out: string[] = []
    for (const c of [fresh, long]) {
      const ts: number[] = []
      for (let i = 0; i < 30; i++) { const t0 = performance.now(); try { await op(c) } catch (e) { out.push(String(e).slice(0, 80)); break } ; await settle(core); ts.push(performance.now() - t0) }
      ts.sort((a, b) => a - b)
      out.push(ts.length ? ts[ts.length >> 1]!.toFixed(2) : '-')
    }
    console.log(name.padEnd(22), out.join('  →  '), out.length === 2 && Number(out[1]) / Number(out[0]) > 2 ? '  <<<' : '')
  }
  await core.close()
}
void main()
