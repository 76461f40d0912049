/**
 * The API fuzzed as properties: every method of the contract, with inputs generated from its own
 * Zod schema — valid, one step off, and hostile — against a library with two campaigns of each of
 * the five systems, through the real router as the screens call it. Properties: no internal error;
 * a refusal leaves every table as it was; a refusal says in words why; another campaign's record
 * is refused, never acted on. Then the WebSocket: malformed, binary, oversized and flooding
 * connections, and one that never reads, each cost only themselves. Fixed seed, bounded runs.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import type { z } from 'zod'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { createCore, type Core } from '../../src/main/app'
import { indexQueuedLog } from '../../src/main/services/core/log-search-queue'
import { contract, SETTING_SCHEMAS, type ApiError, type SettingKey, type SystemId } from '../../src/shared/contract'
import { CURRENCY_IDS, SYSTEM_CURRENCIES } from '../../src/shared/currencies'
import type { MethodName } from '../../src/shared/methods'
import { MAX_MESSAGE_BYTES, MAX_UNREAD_BYTES, startServer, type RunningServer } from '../../src/main/server'
import { recordsOf, seedFuzzLibrary, snapshot, SYSTEMS, type FuzzLibrary } from './fuzz-library'
import { CURSOR_KEYS, idHook, idTable, LIST_KEYS, type Records } from './fuzz-ids'
import { hostileOf, hostileValue, nearValidOf, unwrap, validOf, type FieldHook } from './zod-arbitrary'
import { openLine, within, type Line } from './ws-client'

const SEED = 20_251_125
/** Calls per method and property: valid, near-valid and hostile inputs mixed. */
const RUNS = 24
const FOREIGN_RUNS = 12

const METHODS = Object.keys(contract) as MethodName[]

let dir: string
let template: string
let fuzz: FuzzLibrary
let records: Record<number, Records>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lantern-fuzz-'))
  template = join(dir, 'template.sqlite')
  const core = await createCore({ dataFile: template, mode: 'browser', version: 'fuzz', autoBackup: false })
  fuzz = await seedFuzzLibrary(core)
  records = {}
  for (const id of [...Object.values(fuzz.own), ...Object.values(fuzz.twin)]) records[id] = recordsOf(core.handle.sqlite, id)
  await core.close()
  // The router reports what it catches on the console; the properties below judge it instead.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  // Building the library takes seconds alone and much longer on a loaded machine.
}, 120_000)

afterAll(() => {
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

/** A fresh copy of the seeded library, with a second connection that sees every commit. */
async function openCopy(name: string): Promise<{ core: Core; watcher: BetterSqlite3.Database; close(): Promise<void> }> {
  const folder = mkdtempSync(join(dir, `${name.replace(/[^\w.-]/g, '_')}-`))
  const file = join(folder, 'lantern.sqlite')
  copyFileSync(template, file)
  const core = await createCore({ dataFile: file, mode: 'browser', version: 'fuzz', autoBackup: false })
  const watcher = new BetterSqlite3(file, { readonly: true })
  return {
    core,
    watcher,
    async close() {
      watcher.close()
      await core.close()
    },
  }
}

/** The system a method belongs to by its name, if any (`osr.roll` → osr). */
function systemOf(method: string): SystemId | undefined {
  return SYSTEMS.find((s) => method.startsWith(`${s}.`))
}

/** Field values for a call in `system`'s campaign: its records' ids, mostly its own currencies. */
function fieldsFor(method: MethodName, system: SystemId, ownOnly = false): FieldHook {
  const ids = idHook(method, records[fuzz.own[system]]!, records[fuzz.twin[system]]!, ownOnly)
  return (key, schema) => {
    if (key === 'currency') return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...SYSTEM_CURRENCIES[system]) }, { weight: 1, arbitrary: fc.constantFrom(...CURRENCY_IDS) })
    return ids(key, schema)
  }
}

/** Valid inputs, with what one field's schema cannot say alone: a setting's value follows its key. */
function validFor(method: MethodName, system: SystemId, ownOnly = false): fc.Arbitrary<unknown> {
  const hook = fieldsFor(method, system, ownOnly)
  if (method !== 'setting.set') return validOf(contract[method].input, hook)
  return fc.constantFrom(...(Object.keys(SETTING_SCHEMAS) as SettingKey[])).chain((key) => validOf(SETTING_SCHEMAS[key], hook).map((value) => ({ campaignId: fuzz.own[system], key, value })))
}

/** Inputs for a method, made in one campaign of a system that suits it. */
function inputs(method: MethodName): fc.Arbitrary<unknown> {
  const schema = contract[method].input
  const systems = systemOf(method) ? [systemOf(method)!] : SYSTEMS
  return fc.constantFrom(...systems).chain((system) => {
    const hook = fieldsFor(method, system)
    return fc.oneof(
      { weight: 4, arbitrary: validFor(method, system) },
      { weight: 4, arbitrary: nearValidOf(schema, hook) },
      { weight: 2, arbitrary: hostileOf(schema, hook) },
    )
  })
}

/** Keys the schema defines anywhere in the input: none may reach the GM as it is spelt in code. */
function schemaKeys(schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  const def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def
  if (depth > 12) return out
  if (def.shape) for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
    out.add(k)
    schemaKeys(v, out, depth + 1)
  }
  for (const inner of ['innerType', 'element', 'in', 'valueType'] as const) if (def[inner]) schemaKeys(def[inner], out, depth + 1)
  if (Array.isArray(def.options)) for (const o of def.options) schemaKeys(o, out, depth + 1)
  return out
}

/** The keys of the input that hold record ids (a number, or a list of them for who attends or fights). */
function recordKeys(method: MethodName, schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  const def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def
  if (depth > 12) return out
  if (def.shape) for (const [k, v] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
    if (idTable(method, k) && unwrap(v)._zod.def.type === (LIST_KEYS.has(k) ? 'array' : 'number')) out.add(k)
    recordKeys(method, v, out, depth + 1)
  }
  for (const inner of ['innerType', 'element', 'in', 'valueType'] as const) if (def[inner]) recordKeys(method, def[inner], out, depth + 1)
  if (Array.isArray(def.options)) for (const o of def.options) recordKeys(method, o, out, depth + 1)
  return out
}

const CODES = new Set<ApiError['code']>(['invalid_input', 'unknown_method', 'forbidden', 'not_found', 'conflict', 'refused', 'internal'])
const INTERNAL = /SQLITE_|TypeError|ReferenceError|RangeError|SyntaxError|\bundefined\b|\[object |\bNaN\b|\.(?:js|ts):\d|Cannot read prop|is not a function|Unexpected token|Invalid input|expected \w+, received/

/** Why a refusal's message fails the GM, or null when it says in words what is wrong. */
function wordsProblem(error: ApiError, keys: Set<string>): string | null {
  const m = error.message
  if (!CODES.has(error.code)) return `an unknown code: ${String(error.code)}`
  if (typeof m !== 'string' || (m.match(/\p{L}{2,}/gu) ?? []).length < 3) return `no sentence: ${JSON.stringify(m)}`
  if (INTERNAL.test(m)) return `internal words: ${m}`
  // A field's key as code spells it (campaignId, log_entry_id) instead of its label.
  const leaked = [...keys].find((k) => /^[a-z]+[A-Z_]/.test(k) && new RegExp(`\\b${k}\\b`).test(m))
  if (leaked) return `names the field by its key ${leaked}: ${m}`
  if (!Array.isArray(error.details) || error.details.some((d) => typeof d.problem !== 'string' || d.problem.trim() === '')) return `details without a problem: ${JSON.stringify(error.details)}`
  return null
}

/**
 * What the library holds, to tell whether a call wrote anything: every table's digest, taken again
 * only when SQLite's data_version says another connection (the core's) has committed since.
 */
class Watch {
  private version: unknown
  private digests: Record<string, string>
  constructor(private readonly db: BetterSqlite3.Database) {
    this.version = db.pragma('data_version', { simple: true })
    this.digests = snapshot(db)
  }

  /**
   * Indexes the log entries an earlier call queued (they go into the search index after their
   * change commits, in the background) and looks again: what changes after this is the next call's.
   */
  async settle(core: Core): Promise<void> {
    await indexQueuedLog(core.deps.db)
    this.changed()
  }

  /** The tables whose rows changed since the last look (none when nothing was committed). */
  changed(): string[] {
    const version = this.db.pragma('data_version', { simple: true })
    if (version === this.version) return []
    const now = snapshot(this.db)
    const changed = Object.keys(now).filter((t) => now[t] !== this.digests[t])
    this.version = version
    this.digests = now
    return changed
  }
}

const call = (core: Core, method: MethodName, input: unknown) => core.router.call(method, input, { scope: 'gm' })

/** A value as a failure shows it: huge strings and deep nests cut short. */
function shown(v: unknown): string {
  const text = JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' && x.length > 80 ? `${x.slice(0, 20)}…(${x.length} chars)` : typeof x === 'number' && !Number.isFinite(x) ? String(x) : x))
  return text === undefined ? String(v) : text.length > 600 ? `${text.slice(0, 600)}…` : text
}

/** Inputs each method accepted: the bases a foreign id is put into. */
const accepted = new Map<MethodName, unknown[]>()


describe.each(METHODS)('%s', (method) => {
  const schema = contract[method].input
  const keys = schemaKeys(schema)
  let lib: Awaited<ReturnType<typeof openCopy>>
  beforeAll(async () => {
    lib = await openCopy(method)
  })
  afterAll(async () => {
    await lib.close()
  })

  it('never answers with an internal error', async () => {
    await fc.assert(
      fc.asyncProperty(inputs(method), async (input) => {
        const r = await call(lib.core, method, input)
        if (r.ok) (accepted.get(method) ?? accepted.set(method, []).get(method)!).push(structuredClone(input))
        if (!r.ok && r.error.code === 'internal') throw new Error(`internal error for ${shown(input)}: ${r.error.message}`)
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
  })

  it('a refusal leaves every table as it was', async () => {
    const watch = new Watch(lib.watcher)
    await fc.assert(
      fc.asyncProperty(inputs(method), async (input) => {
        await watch.settle(lib.core)
        const r = await call(lib.core, method, input)
        const changed = watch.changed()
        if (!r.ok && changed.length > 0) throw new Error(`refused (${r.error.message}) yet changed ${changed.join(', ')} for ${shown(input)}`)
      }),
      { seed: SEED + 1, numRuns: RUNS, endOnFailure: true },
    )
  })

  it('a refusal names its field or says in words why', async () => {
    await fc.assert(
      fc.asyncProperty(inputs(method), async (input) => {
        const r = await call(lib.core, method, input)
        if (r.ok) return
        const problem = wordsProblem(r.error, keys)
        if (problem) throw new Error(`${problem} — for ${shown(input)}`)
      }),
      { seed: SEED + 2, numRuns: RUNS, endOnFailure: true },
    )
  })

  const anchored = keys.has('campaignId') || keys.has('id')
  const foreignKeys = [...recordKeys(method, schema)].filter((k) => k !== 'campaignId' && !CURSOR_KEYS.has(k) && !(k === 'id' && !keys.has('campaignId')))
  if (anchored && foreignKeys.length > 0) {
    it(`refuses another campaign's ${foreignKeys.join(', ')} and writes nothing`, async () => {
      const watch = new Watch(lib.watcher)
      await fc.assert(
        fc.asyncProperty(foreignInputs(method), async (swapped) => {
          // An input with no record field filled in (all optional and left out) has nothing to swap.
          fc.pre(swapped !== null)
          const { input, key, foreign } = swapped!
          await watch.settle(lib.core)
          const r = await call(lib.core, method, input)
          const changed = watch.changed()
          if (r.ok && !answersProblemWith(r.value, key)) throw new Error(`accepted another campaign's ${key} ${foreign}: ${shown(input)}`)
          if (changed.length > 0) throw new Error(`refused another campaign's ${key} yet changed ${changed.join(', ')}`)
        }),
        { seed: SEED + 3, numRuns: FOREIGN_RUNS, endOnFailure: true },
      )
    })
  }
})

it('reaches past the schemas: most methods took some of the generated inputs and acted on them', () => {
  const took = METHODS.filter((m) => (accepted.get(m)?.length ?? 0) > 0)
  // Many of the rest need a state first (a combat, a roll to spend on, a file dialog): refusals all.
  expect(took.length).toBeGreaterThan(METHODS.length * 0.6)
})

it('no input with a `__proto__` or `constructor` key reached the prototype every object shares', () => {
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  expect(Object.prototype).not.toHaveProperty('polluted')
})

/**
 * An input the method would take in its own campaign (one it accepted above, or a valid one made
 * with the campaign's own ids), with one id field set to the same kind of record of the other
 * campaign of the same system.
 */
function foreignInputs(method: MethodName): fc.Arbitrary<{ input: unknown; key: string; foreign: number } | null> {
  const systems = systemOf(method) ? [systemOf(method)!] : SYSTEMS
  const seen = accepted.get(method) ?? []
  return fc
    .tuple(fc.constantFrom(...systems), fc.nat())
    .chain(([system, pick]) => {
      const twin = records[fuzz.twin[system]]!
      const fromOwn = seen.filter((i) => mentionsCampaign(i, fuzz.own[system]))
      const base = fromOwn.length > 0 ? fc.oneof(fc.constantFrom(...fromOwn), validFor(method, system, true)) : validFor(method, system, true)
      return base.map((input) => swapOne(method, structuredClone(input), twin, pick))
    })
}

/**
 * Odds previews answer a set-up they cannot use with its problems, by field, instead of refusing
 * (the screen shows them beside the fields): that names the foreign id too, and acts on nothing.
 */
function answersProblemWith(value: unknown, key: string): boolean {
  const problems = (value as { problems?: unknown } | null)?.problems
  return Array.isArray(problems) && problems.some((p) => typeof (p as { field?: unknown }).field === 'string' && (p as { field: string }).field.split('.').includes(key))
}

function mentionsCampaign(input: unknown, campaignId: number): boolean {
  return typeof input === 'object' && input !== null && (input as { campaignId?: unknown }).campaignId === campaignId
}

/** Sets one id field (chosen by `pick`) anywhere in the input to a record of `twin`; null when there is none to set. */
function swapOne(method: MethodName, input: unknown, twin: Records, pick: number): { input: unknown; key: string; foreign: number } | null {
  const spots: { holder: Record<string, unknown> | unknown[]; at: string | number; key: string; table: string }[] = []
  const walk = (v: unknown, top: boolean) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, false))
    if (typeof v !== 'object' || v === null) return
    const o = v as Record<string, unknown>
    for (const [k, x] of Object.entries(o)) {
      const table = idTable(method, k)
      const isAnchor = top && (k === 'campaignId' || (k === 'id' && !('campaignId' in o)))
      if (table && !isAnchor && !CURSOR_KEYS.has(k) && (twin[table]?.length ?? 0) > 0) {
        // The same key may name something else deeper in an input (a surprise roll's `party`).
        if (typeof x === 'number' && !LIST_KEYS.has(k)) spots.push({ holder: o, at: k, key: k, table })
        else if (Array.isArray(x) && LIST_KEYS.has(k)) x.forEach((y, i) => typeof y === 'number' && spots.push({ holder: x, at: i, key: k, table }))
      }
      walk(x, false)
    }
  }
  walk(input, true)
  if (spots.length === 0) return null
  const spot = spots[pick % spots.length]!
  const choices = twin[spot.table]!
  const foreign = choices[pick % choices.length]!
  ;(spot.holder as Record<string | number, unknown>)[spot.at] = foreign
  return { input, key: spot.key, foreign }
}

// Generous: the waits inside are guards against a hang on a loaded machine, not measurements.
describe('over the WebSocket, each bad connection costs only itself', { timeout: 120_000 }, () => {
  let lib: Awaited<ReturnType<typeof openCopy>>
  let server: RunningServer
  /** A connection that behaves, kept open through every test: it must go on being answered. */
  let good: Line
  const campaignId = () => fuzz.own.osr

  beforeAll(async () => {
    lib = await openCopy('websocket')
    const rendererDir = join(dir, 'renderer')
    mkdirSync(rendererDir, { recursive: true })
    server = await startServer({ core: lib.core, rendererDir, port: 0 })
    good = await openLine(server.port, server.gmToken)
  })
  afterAll(async () => {
    good.ws.close()
    await server.close()
    await lib.close()
  })

  /**
   * The well-behaved connection still gets a read and a write through. The wait is only a guard
   * against a hang (a starved connection never answers); what is asserted is that it is answered.
   */
  async function goodStillServed(ms = 30_000): Promise<void> {
    const ping = await within(ms, 'a ping on another connection', good.call('app.ping', {}))
    expect(ping).toMatchObject({ ok: true })
    const note = await within(ms, 'a note on another connection', good.call('log.note', { campaignId: campaignId(), text: 'still here' }))
    expect(note).toMatchObject({ ok: true })
  }

  it('a frame that is not JSON, or a binary one, closes that connection and writes nothing', async () => {
    const watch = new Watch(lib.watcher)
    await watch.settle(lib.core)
    for (const frame of ['not json', '{"id": 1, "method": "log.note"', Buffer.from([0, 1, 2, 255])]) {
      const bad = await openLine(server.port, server.gmToken)
      bad.ws.send(frame)
      expect(await within(20_000, 'the close', bad.closed)).toBe(1007)
    }
    expect(watch.changed()).toEqual([])
    await goodStillServed()
  })

  it('a frame over 256 KiB closes that connection (1009) and writes nothing', async () => {
    const watch = new Watch(lib.watcher)
    await watch.settle(lib.core)
    const bad = await openLine(server.port, server.gmToken)
    bad.ws.send(JSON.stringify({ id: 1, method: 'log.note', input: { campaignId: campaignId(), text: 'x'.repeat(MAX_MESSAGE_BYTES) } }))
    expect(await within(20_000, 'the close', bad.closed)).toBe(1009)
    expect(watch.changed()).toEqual([])
    await goodStillServed()
  })

  it('any frame at all — random text, JSON of any shape, calls with any id, method and input — is answered or closes its connection, never with an internal error', async () => {
    const call = fc.record({
      id: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
      method: fc.oneof(fc.constantFrom(...METHODS), fc.string()),
      input: fc.oneof(fc.anything(), hostileValue),
    })
    // Nested past what JSON.stringify can write: such frames are spelt out by hand.
    const deep = fc.tuple(fc.constantFrom(1_000, 20_000, 120_000), fc.constantFrom(...METHODS)).map(([n, method]) => `{"id":1,"method":"${method}","input":{"campaignId":${campaignId()},"value":${'['.repeat(n)}1${']'.repeat(n)}}}`)
    const text = (v: unknown) => {
      try {
        return JSON.stringify(v) ?? 'null'
      } catch {
        return '[[[[[[[[[[[[[[[[[[[['
      }
    }
    const frame = fc.oneof(fc.string(), fc.jsonValue().map(text), call.map(text), deep)
    await fc.assert(
      fc.asyncProperty(frame, async (text) => {
        const line = await openLine(server.port, server.gmToken)
        line.ws.send(text)
        const outcome = await within(20_000, 'an answer or a close', Promise.race([line.closed.then((code) => ({ code })), new Promise<{ answer: unknown }>((ok) => line.ws.once('message', (d) => ok({ answer: JSON.parse(d.toString()) as unknown })))]))
        line.ws.terminate()
        if ('code' in outcome) expect([1007, 1008, 1009]).toContain(outcome.code)
        else expect((outcome.answer as { result: { ok: boolean; error?: { code: string } } }).result.error?.code).not.toBe('internal')
      }),
      { seed: SEED + 4, numRuns: 60 },
    )
    await goodStillServed()
  })

  it('a flood of 5,000 calls on one connection: another connection is answered before the flood is, and the flood gets every answer in the end', async () => {
    // Reads, so that what is seen is the server's turn-taking, not the disk's time to sync a write.
    const flood = await openLine(server.port, server.gmToken)
    let floodAnswered = 0
    const asked = Array.from({ length: 5_000 }, (_, i) => (i % 2 ? flood.call('app.ping', {}) : flood.call('log.list', { campaignId: campaignId(), limit: 5 })).then((a) => (floodAnswered++, a)))
    await goodStillServed()
    // Turn-taking, not a time: the other connection did not wait behind the whole flood.
    expect(floodAnswered).toBeLessThan(5_000)
    const answers = await within(60_000, 'the flood’s answers', Promise.all(asked))
    expect(answers.every((a) => a.ok)).toBe(true)
    flood.ws.close()
  })

  it('a client that never reads its answers is cut off once it leaves more than 16 MiB unread; another connection is served throughout', async () => {
    // A library with a long log, so each answer is large.
    for (let i = 0; i < 200; i++) await lib.core.router.call('log.note', { campaignId: campaignId(), text: `${i} ${'long note '.repeat(500)}` }, { scope: 'gm' })
    const deaf = await openLine(server.port, server.gmToken)
    deaf.ws.pause()
    for (let i = 0; i < 400; i++) deaf.ws.send(JSON.stringify({ id: 100_000 + i, method: 'log.list', input: { campaignId: campaignId(), limit: 200 } }))
    await goodStillServed()
    await new Promise((r) => setTimeout(r, 1_500))
    await goodStillServed()
    // Reading at last, it finds what the server had sent before it gave up, then the end of the line.
    deaf.ws.resume()
    expect(await within(30_000, 'the cut-off', deaf.closed)).toBe(1006)
    // What it got is what fits in the 16 MiB, plus what the sockets themselves had taken in.
    const size = JSON.stringify(await good.call('log.list', { campaignId: campaignId(), limit: 200 })).length
    expect(deaf.answers.size).toBeGreaterThan(0)
    expect(deaf.answers.size * size).toBeLessThan(MAX_UNREAD_BYTES + 16 * 1024 * 1024)
  })
})
