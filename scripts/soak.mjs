// npm run soak -- crash [N] [--seed S] [--keep]: the crash test. Starts the built browser-mode
// server (out/main/server.js, or under LANTERN_OUT) on one library, drives writes of every kind
// over its WebSocket and the campaign-file route as fast as the replies come, kills it with
// SIGKILL at random moments (N times, 500 unless told), and after every kill opens the library
// file itself and checks: SQLite's integrity check passes; every write whose reply arrived before
// the kill is there; nothing is half-written (each change and its log entry, or neither).
// Prints one line — kills, acknowledged writes, lost, integrity failures, half-written, and
// writes refused that should not have been — and exits non-zero when any of the last four is not
// 0. The same code runs with 25 kills in `npm test` (test/e2e/crash-safety.spec.ts).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import Database from 'better-sqlite3'
import WebSocket from 'ws'
import { buildIfNeeded, outDir } from './build-if-needed.mjs'
import { ensureRecentNode, isMain } from './node-runtime.mjs'

/** A small seeded generator (mulberry32), so a run can be repeated from its seed. */
export function seededRandom(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const root = fileURLToPath(new URL('..', import.meta.url))
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
/** Servers running now and soak libraries not yet removed, for a soak stopped with Ctrl+C. */
const running = new Set()
const scratch = new Set()
process.on('exit', () => {
  for (const proc of running) proc.kill('SIGKILL')
})

/**
 * Starts `node server.js --port <port> --data <dir>` with a fixed GM token and resolves with its
 * address once it prints one. With `killAfterMs`, the process is killed that long after it was
 * started, whether or not it is ready: then the promise resolves with `url: null` when it died first.
 */
export function startServer({ serverJs, dataDir, token, port = 0, killAfterMs, timeoutMs = 20_000 }) {
  const proc = spawn(process.execPath, [serverJs, '--port', String(port), '--data', dataDir], {
    // NODE_PATH: a build outside the project (LANTERN_OUT=/tmp/…) still finds the project's packages.
    env: { ...process.env, LANTERN_GM_TOKEN: token, NODE_PATH: [join(root, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(delimiter) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(proc)
  const exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal })))
  void exited.then(() => running.delete(proc))
  let output = ''
  const ready = new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const onData = (d) => {
      output += d.toString()
      const m = /(http:\/\/127\.0\.0\.1:(\d+)\/)\?token=/.exec(output)
      if (m) {
        clearTimeout(timer)
        ok({ url: m[1], port: Number(m[2]) })
      }
    }
    proc.stdout.on('data', onData)
    proc.stderr.on('data', (d) => (output += d.toString()))
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      if (signal === 'SIGKILL' && killAfterMs !== undefined) ok({ url: null, port: 0 })
      else fail(new Error(`The server stopped (${signal ?? code}) before it was ready:\n${output}`))
    })
  })
  if (killAfterMs !== undefined) setTimeout(() => proc.kill('SIGKILL'), killAfterMs)
  return {
    proc,
    exited,
    ready,
    output: () => output,
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL')
      return exited
    },
  }
}

/** One WebSocket to the server, calls matched to replies by id, as the browser's client does. */
export class Client {
  constructor(ws) {
    this.ws = ws
    this.next = 1
    this.pending = new Map()
    this.closed = false
    ws.on('message', (data) => {
      let msg
      try {
        msg = JSON.parse(data.toString())
      } catch {
        return
      }
      const p = this.pending.get(msg.id)
      if (p && msg.result) {
        this.pending.delete(msg.id)
        p.ok(msg.result)
      }
    })
    ws.on('close', () => this.fail())
    ws.on('error', () => this.fail())
  }

  static open(url, token) {
    const origin = url.replace(/\/$/, '')
    return new Promise((ok, fail) => {
      const ws = new WebSocket(`${origin.replace('http:', 'ws:')}/api?token=${encodeURIComponent(token)}`, { origin })
      ws.once('open', () => ok(new Client(ws)))
      ws.once('unexpected-response', (_req, res) => fail(new Error(`WebSocket refused: HTTP ${res.statusCode}`)))
      ws.once('error', fail)
    })
  }

  fail() {
    this.closed = true
    for (const p of this.pending.values()) p.fail(new Error('connection closed'))
    this.pending.clear()
  }

  /** The call's result, `{ ok, value }` or `{ ok: false, error }`; rejects when the line drops first. */
  call(method, input) {
    if (this.closed) return Promise.reject(new Error('connection closed'))
    const id = this.next++
    return new Promise((ok, fail) => {
      this.pending.set(id, { ok, fail })
      this.ws.send(JSON.stringify({ id, method, input }), (err) => {
        if (err) {
          this.pending.delete(id)
          fail(err)
        }
      })
    })
  }

  close() {
    this.ws.terminate()
  }
}

/** A call that must succeed (setting up the library). */
async function must(client, method, input) {
  const r = await client.call(method, input)
  if (!r.ok) throw new Error(`${method} was refused while setting up: ${r.error.message}`)
  return r.value
}

/**
 * The library the soak plays on: a campaign of each system, an old-school party with lights and
 * a large store of food and water (so every day's step changes the inventory), an NPC to edit, an
 * encounter table, and a campaign file to import again and again.
 */
export async function setUpLibrary(client, url, token) {
  const c = {}
  for (const system of ['osr', 'ladder', 'lode', 'challenge', 'ranks']) {
    c[system] = (await must(client, 'campaign.create', { name: `Soak ${system}`, system, seed: `soak-${system}` })).id
  }
  const osrPc = await must(client, 'character.generate', { campaignId: c.osr, name: 'Glam' })
  const items = (await must(client, 'inventory.list', { characterId: osrPc.id })).items
  for (const item of items) if (item.kind === 'ration' || item.kind === 'water') await must(client, 'inventory.update', { id: item.id, quantity: 1_000_000 })
  const torches = items.find((i) => i.kind === 'light')
  if (torches) await must(client, 'inventory.update', { id: torches.id, quantity: 1_000_000 })
  if (torches) await must(client, 'light.light', { campaignId: c.osr, itemId: torches.id })
  // Downtime: no encounter stops a day short, so each day's step eats from the packs (CLK-5).
  await must(client, 'clock.setMode', { campaignId: c.osr, mode: 'downtime' })
  const npcs = {}
  for (const system of ['osr', 'ladder', 'ranks']) {
    npcs[system] = (await must(client, 'character.create', { campaignId: c[system], kind: 'npc', name: `Innkeeper of ${system}`, draft: true })).id
  }
  const table = await must(client, 'encounterTable.create', {
    campaignId: c.osr,
    name: 'Road',
    dice: '1d6',
    rows: [
      { min: 1, max: 3, text: 'Pilgrims' },
      { min: 4, max: 6, text: 'Brigands' },
    ],
  })
  const source = await exportCampaign(url, token, c.osr)
  return { campaigns: c, osrPcId: osrPc.id, npcs, tableId: table.id, source }
}

/** A campaign file from the export route, with the row counts its header promises. */
export async function exportCampaign(url, token, campaignId) {
  const res = await fetch(`${url}transfer/export?campaignId=${campaignId}`, { headers: { authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`The export of campaign ${campaignId} failed: HTTP ${res.status}`)
  const data = Buffer.from(await res.arrayBuffer())
  const header = JSON.parse(gunzipSync(data).toString('utf8').split('\n', 1)[0])
  return { data, name: header.campaign.name, counts: header.counts }
}

/** The writes the soak makes, each kind a worker that sends its next call when the last is answered. */
export function workers(lib, acked, random, url, token) {
  const { campaigns: c } = lib
  // None of these writes should ever be refused: a refusal is reported, with its reason.
  const refused = (method, r) => {
    if (!r.ok) acked.refusals.push(`${method}: ${r.error.message}`)
    return !r.ok
  }
  let tick = 0
  const spans = [{ turns: 1 }, { minutes: 10 }, { hours: 1 }, { days: 1 }, { turns: 3 }]
  const clock = (campaignId) => async (client) => {
    const r = await client.call('clock.advance', { campaignId, span: spans[Math.floor(random() * spans.length)] })
    if (!refused('clock.advance', r)) acked.clock.push({ campaignId, time: r.value.clock.time })
  }
  return [
    clock(c.osr),
    clock(c.ranks),
    async (client) => {
      const r = await client.call('ladder.roll', { campaignId: c.ladder, name: 'Thug', asset: 'good', difficulty: 'good' })
      if (!refused('ladder.roll', r)) acked.rolls.push({ logEntryId: r.value.logEntryId })
    },
    async (client) => {
      const r = await client.call('encounterTable.roll', { id: lib.tableId })
      if (!refused('encounterTable.roll', r)) acked.rolls.push({ logEntryId: r.value.logEntryId })
    },
    async (client) => {
      // Earn 3, spend 2: the balance grows, so a spend is never refused for want of gold.
      const spend = tick++ % 2 === 1
      const amount = spend ? 2 : 3
      const r = await client.call(spend ? 'ledger.spend' : 'ledger.earn', { campaignId: c.osr, characterId: lib.osrPcId, currency: 'gold', amount, reason: `soak ${tick}` })
      if (!refused(spend ? 'ledger.spend' : 'ledger.earn', r)) acked.ledger.push({ id: r.value.id, logEntryId: r.value.logEntryId, amount: spend ? -amount : amount })
    },
    async (client) => {
      const systems = Object.keys(lib.npcs)
      const system = systems[Math.floor(random() * systems.length)]
      const notes = `edit ${randomBytes(6).toString('hex')}`
      const r = await client.call('character.update', { id: lib.npcs[system], notes })
      if (!refused('character.update', r)) acked.edits.push({ characterId: lib.npcs[system], notes })
    },
    async (client) => {
      const campaignId = c[['lode', 'challenge'][Math.floor(random() * 2)]]
      const text = `note ${randomBytes(6).toString('hex')}`
      const r = await client.call('log.note', { campaignId, text })
      if (!refused('log.note', r)) acked.notes.push({ id: r.value.id, text })
    },
    async () => {
      // A campaign file now and then: the largest single write, one transaction of a whole campaign.
      // Refused while another change is being saved ("import again in a moment"): so it does.
      await sleep(random() * 20)
      const { status, body } = await postFile(`${url}transfer/import`, token, lib.source.data)
      if (body.ok) acked.imports.push({ campaignId: body.value.campaignId, rows: body.value.rows })
      else if (status !== 409) refused('transfer/import', body)
    },
  ]
}

/** POSTs a campaign file on a connection of its own (none kept alive across a kill), as the import page does. */
function postFile(url, token, data) {
  return new Promise((ok, fail) => {
    const req = request(url, { method: 'POST', agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip', 'content-length': data.length } }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        try {
          ok({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
        } catch (err) {
          fail(err)
        }
      })
      res.on('error', fail)
    })
    req.on('error', fail)
    req.end(data)
  })
}

/** Runs every worker until the connection drops (the kill). */
function drive(client, list) {
  return Promise.all(
    list.map(async (step) => {
      while (!client.closed) {
        try {
          await step(client)
        } catch {
          return // the server went away mid-call: that write was not acknowledged
        }
      }
    }),
  )
}

const one = (db, sql, ...args) => db.prepare(sql).get(...args)
const all = (db, sql, ...args) => db.prepare(sql).all(...args)
const tableExists = (db, name) => Boolean(one(db, "select 1 from sqlite_master where type = 'table' and name = ?", name))

/**
 * Opens the library file as it was left and checks it. Returns the problems found, each one line:
 * `integrity` (SQLite's own check), `lost` (an acknowledged write missing), `half` (a change
 * without its log entry, or the reverse).
 */
export function checkLibrary(file, acked, source) {
  const problems = []
  const add = (kind, text) => problems.push({ kind, text })
  let db
  try {
    // Read-only: the checker must not checkpoint the log into the file as it closes, or the next
    // start would find a tidied file instead of the one the kill left.
    db = new Database(file, { readonly: true })
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') add('integrity', `integrity_check: ${integrity}`)
    for (const fk of db.pragma('foreign_key_check')) add('half', `${fk.table} row ${fk.rowid} points at a missing ${fk.parent} row`)

    // Every acknowledged write is in the file.
    for (const n of acked.notes) {
      const row = one(db, 'select payload from log_entry where id = ?', n.id)
      if (!row || JSON.parse(row.payload).text !== n.text) add('lost', `the note “${n.text}” (log entry ${n.id})`)
    }
    for (const l of acked.ledger) {
      const row = one(db, 'select amount, log_entry_id from ledger_entry where id = ?', l.id)
      if (!row || row.amount !== l.amount || row.log_entry_id !== l.logEntryId) add('lost', `ledger entry ${l.id} (${l.amount})`)
    }
    for (const r of acked.rolls) {
      const row = one(db, 'select dice from log_entry where id = ?', r.logEntryId)
      if (!row || row.dice === null) add('lost', `the roll logged as entry ${r.logEntryId}`)
    }
    const stepTimes = new Set(
      all(db, "select campaign_id, json_extract(payload, '$.to') as t from log_entry where kind like 'clock.%' and kind not like 'clock.event.%'").map((r) => `${r.campaign_id}@${r.t}`),
    )
    for (const s of acked.clock) if (!stepTimes.has(`${s.campaignId}@${s.time}`)) add('lost', `the clock step of campaign ${s.campaignId} to ${s.time} s`)
    const edits = new Set(all(db, "select json_extract(payload, '$.to.notes') as n from log_entry where kind = 'character.updated'").map((r) => r.n))
    for (const e of acked.edits) if (!edits.has(e.notes)) add('lost', `the edit “${e.notes}” of character ${e.characterId}`)
    for (const i of acked.imports) if (!one(db, 'select 1 from campaign where id = ?', i.campaignId)) add('lost', `imported campaign ${i.campaignId}`)

    // Nothing half-written.
    checkClockSteps(db, add)
    checkLedger(db, add)
    checkCharacters(db, add)
    if (tableExists(db, 'action')) checkActions(db, add)
    if (source) checkImports(db, source, add)
  } catch (err) {
    // A file SQLite cannot read through ("database disk image is malformed") fails here.
    add('integrity', `the library could not be read: ${err.message}`)
  } finally {
    db?.close()
  }
  return problems
}

/** Every clock step has its log entries and every step entry its step; the clock, its last step and the inventory agree. */
function checkClockSteps(db, add) {
  const orphans = all(
    db,
    `select s.id, s.action from clock_step s
     where not exists (select 1 from log_entry l where l.id = s.first_log_id and l.campaign_id = s.campaign_id)
        or not exists (select 1 from log_entry l where l.id = s.last_log_id and l.campaign_id = s.campaign_id)`,
  )
  for (const s of orphans) add('half', `clock step ${s.id} (${s.action}) without its log entries`)
  // One transaction's entries are consecutive: a step's are the ids from its first to its last.
  const covered = new Set()
  for (const s of all(db, 'select first_log_id as a, last_log_id as b from clock_step')) for (let id = s.a; id <= s.b; id++) covered.add(id)
  for (const l of all(db, "select id, kind from log_entry where kind like 'clock.%' and json_extract(payload, '$.to') is not null")) {
    if (!covered.has(l.id)) add('half', `log entry ${l.id} (${l.kind}) without its clock step`)
  }
  const lastSteps = all(
    db,
    `select c.campaign_id as campaign, json_extract(c.state, '$.time') as time, json_extract(l.payload, '$.to') as t
     from clock c
     join clock_step s on s.id = (select max(id) from clock_step where campaign_id = c.campaign_id and undone = 0)
     join log_entry l on l.id = s.first_log_id`,
  )
  for (const r of lastSteps) if (r.t !== null && r.time !== r.t) add('half', `campaign ${r.campaign}'s clock stands at ${r.time} s but its last step went to ${r.t} s`)
  // The inventory each step changed: one step's "after" is the next one's "before", and the last "after" is the row as it stands.
  const changes = all(
    db,
    `select s.id as step, j.value ->> '$.id' as item, j.value -> '$.before' ->> '$.quantity' as before, j.value -> '$.after' ->> '$.quantity' as after
     from clock_step s, json_each(s.rows) j
     where s.undone = 0 and j.value ->> '$.table' = 'inventory_item'
     order by s.id`,
  )
  const latest = new Map()
  for (const c of changes) {
    const prev = latest.get(c.item)
    if (prev && c.before !== null && prev.after !== null && prev.after !== c.before) add('half', `item ${c.item}: step ${c.step} found ${c.before} where step ${prev.step} left ${prev.after}`)
    latest.set(c.item, c)
  }
  const quantity = db.prepare('select quantity from inventory_item where id = ?').pluck()
  for (const [item, { step, after }] of latest) {
    const q = quantity.get(item) ?? null
    if (q !== after) add('half', `item ${item} holds ${q} but clock step ${step} left ${after}`)
  }
}

/** Every ledger entry has its log entry, and every ledger log entry its ledger entry. */
function checkLedger(db, add) {
  for (const e of all(db, 'select e.id, e.log_entry_id from ledger_entry e left join log_entry l on l.id = e.log_entry_id where e.log_entry_id is not null and l.id is null')) {
    add('half', `ledger entry ${e.id} without its log entry ${e.log_entry_id}`)
  }
  for (const l of all(db, "select l.id, l.kind from log_entry l where l.kind in ('ledger.earned', 'ledger.spent', 'ledger.corrected') and not exists (select 1 from ledger_entry e where e.log_entry_id = l.id)")) {
    add('half', `log entry ${l.id} (${l.kind}) without its ledger entry`)
  }
}

/** A character's notes are what its last logged edit of them says. */
function checkCharacters(db, add) {
  const logged = new Map(
    all(db, "select json_extract(payload, '$.id') as character, json_extract(payload, '$.to.notes') as notes from log_entry where kind = 'character.updated' and json_extract(payload, '$.to.notes') is not null order by log_entry.id").map((r) => [r.character, r.notes]),
  )
  const notes = db.prepare('select notes from character where id = ?').pluck()
  for (const [id, said] of logged) {
    const now = notes.get(id)
    if (now !== undefined && now !== said) add('half', `character ${id}'s notes are “${now}” but its last logged edit says “${said}”`)
  }
}

/** Each recorded action's log entries exist (the action journal, where the library has one). */
function checkActions(db, add) {
  const broken = all(
    db,
    'select a.id, a.method from action a where not exists (select 1 from log_entry l where l.id = a.first_log_id and l.campaign_id = a.campaign_id) or not exists (select 1 from log_entry l where l.id = a.last_log_id and l.campaign_id = a.campaign_id)',
  )
  for (const a of broken) add('half', `action ${a.id} (${a.method}) without its log entries`)
}

/** An imported campaign is all there: as many rows of each table as its file held. */
function checkImports(db, source, add) {
  const copies = all(db, 'select id from campaign where name like ?', `${source.name} (imported%`).map((r) => r.id)
  if (copies.length === 0) return
  const tables = all(db, "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .map((t) => t.name)
    .filter((t) => t !== 'campaign' && source.counts[t] !== undefined && all(db, `pragma table_info("${t}")`).some((col) => col.name === 'campaign_id'))
  const counted = tables.map((t) => [t, new Map(all(db, `select campaign_id as c, count(*) as n from "${t}" group by campaign_id`).map((r) => [r.c, r.n]))])
  counted.push(['inventory_item', new Map(all(db, 'select c.campaign_id as c, count(*) as n from inventory_item i join character c on c.id = i.character_id group by c.campaign_id').map((r) => [r.c, r.n]))])
  for (const id of copies) {
    for (const [t, byCampaign] of counted) {
      const n = byCampaign.get(id) ?? 0
      if (source.counts[t] !== undefined && n !== source.counts[t]) add('half', `imported campaign ${id} holds ${n} ${t} rows of the file's ${source.counts[t]}`)
    }
  }
}

/**
 * The crash test: `kills` times, start the server, write, SIGKILL it at a random moment, check the
 * file. One in ten kills comes while the server is still starting (opening, migrating, backing up).
 * @returns {{ kills, acknowledged, lost, integrityFailures, halfWritten, problems, seed, line }}
 */
export async function crashSoak({ kills = 500, seed = Date.now() >>> 0, serverJs = join(outDir(), 'main/server.js'), keep = false, log = () => {}, writeWindowMs = [50, 1500] } = {}) {
  const random = seededRandom(seed)
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-soak-'))
  if (!keep) scratch.add(dataDir)
  const file = join(dataDir, 'lantern.sqlite')
  const token = randomBytes(12).toString('hex')
  const acked = { notes: [], ledger: [], rolls: [], clock: [], edits: [], imports: [], refusals: [] }
  const problems = []
  let lib = null
  let startMs = 500
  let done = 0
  try {
    // The library is set up before the first kill; setting up is not part of what is counted.
    {
      const t0 = Date.now()
      const server = startServer({ serverJs, dataDir, token })
      const { url } = await server.ready
      startMs = Date.now() - t0
      const client = await Client.open(url, token)
      lib = await setUpLibrary(client, url, token)
      client.close()
      await server.kill()
    }
    while (done < kills) {
      // One kill in ten comes while the server is starting: opening, migrating, taking its lock.
      const duringStart = random() < 0.1
      const server = startServer({ serverJs, dataDir, token, ...(duringStart ? { killAfterMs: Math.floor(random() * startMs * 1.2) } : {}) })
      let url
      try {
        ;({ url } = await server.ready)
      } catch (err) {
        await server.kill()
        problems.push({ kind: 'integrity', text: `the server would not start on the library after kill ${done}: ${err.message}`, kill: done })
        break
      }
      if (url) {
        const client = await Client.open(url, token).catch(() => null)
        if (client) {
          const driving = drive(client, workers(lib, acked, random, url, token))
          await sleep(writeWindowMs[0] + random() * (writeWindowMs[1] - writeWindowMs[0]))
          await server.kill()
          client.fail()
          await driving
        }
      }
      await server.kill()
      done++
      for (const p of checkLibrary(file, acked, lib.source)) problems.push({ ...p, kill: done })
      for (const text of acked.refusals.splice(0)) problems.push({ kind: 'refused', text, kill: done })
      if (done % 25 === 0) log(`${done} kills, ${countAcked(acked)} acknowledged writes, ${problems.length} problems so far`)
    }
  } finally {
    if (!keep) rmSync(dataDir, { recursive: true, force: true })
    scratch.delete(dataDir)
  }
  const count = (kind) => problems.filter((p) => p.kind === kind).length
  const result = {
    kills: done,
    acknowledged: countAcked(acked),
    lost: count('lost'),
    integrityFailures: count('integrity'),
    halfWritten: count('half'),
    refused: count('refused'),
    problems,
    seed,
    dataDir: keep ? dataDir : null,
  }
  const kinds = `${acked.clock.length} clock steps, ${acked.rolls.length} rolls, ${acked.ledger.length} ledger entries, ${acked.edits.length} character edits, ${acked.notes.length} notes, ${acked.imports.length} imports`
  result.line = `Crash soak: ${result.kills} kills, ${result.acknowledged} acknowledged writes (${kinds}), ${result.lost} lost, ${result.integrityFailures} integrity failures, ${result.halfWritten} half-written, ${result.refused} refused (seed ${seed}).`
  return result
}

function countAcked({ refusals, ...writes }) {
  return Object.values(writes).reduce((n, list) => n + list.length, 0)
}

if (isMain(import.meta.url)) {
  await ensureRecentNode()
  const args = process.argv.slice(2)
  const [mode, count] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--seed'))
  if (mode !== 'crash') {
    console.error('Usage: npm run soak -- crash [kills, 500 unless told] [--seed N] [--keep]')
    process.exit(2)
  }
  const kills = count === undefined ? 500 : Number(count)
  if (!Number.isInteger(kills) || kills < 1) {
    console.error(`The number of kills must be a whole number of 1 or more; got "${count}".`)
    process.exit(2)
  }
  const seedArg = args[args.indexOf('--seed') + 1]
  const seed = args.includes('--seed') ? Number(seedArg) : undefined
  // Stopped by hand: no server is left running and no soak library left behind.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const proc of running) proc.kill('SIGKILL')
      for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
      process.exit(130)
    })
  }
  buildIfNeeded()
  const serverJs = join(outDir(), 'main/server.js')
  if (!existsSync(serverJs)) {
    console.error(`There is no built server at ${serverJs}; run \`npm run build\`.`)
    process.exit(1)
  }
  const result = await crashSoak({ kills, ...(seed === undefined ? {} : { seed }), serverJs, keep: args.includes('--keep'), log: (l) => console.log(l) })
  for (const p of result.problems.slice(0, 20)) console.log(`  after kill ${p.kill}: ${p.kind}: ${p.text}`)
  if (result.problems.length > 20) console.log(`  … and ${result.problems.length - 20} more`)
  if (result.dataDir) console.log(`The library is kept in ${result.dataDir}.`)
  console.log(result.line)
  process.exit(result.problems.length === 0 ? 0 : 1)
}
