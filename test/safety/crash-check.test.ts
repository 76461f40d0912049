/**
 * The crash test's checker (scripts/soak.mjs) finds what it is there to find: a library it passes
 * after real writes, and one with each kind of damage planted in it, which it must name.
 * The crash test itself (kills of the built server) is test/e2e/crash-safety.spec.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closeSync, copyFileSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { checkLibrary, Client, seededRandom, setUpLibrary, workers, type Acknowledged, type SoakLibrary } from '../../scripts/soak.mjs'
import type { Core } from '../../src/main/app'
import { startServer, type RunningServer } from '../../src/main/server'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
let core: Core
let server: RunningServer
let soak: SoakLibrary
let acked: Acknowledged
/** Each test's own copy of the library as the writes left it. */
let file: string
let copies = 0

beforeAll(async () => {
  lib = tempLibrary()
  core = await lib.open()
  const rendererDir = join(lib.dir, 'renderer')
  mkdirSync(rendererDir)
  server = await startServer({ core, rendererDir, port: 0 })
  const client = await Client.open(server.url, server.gmToken)
  soak = await setUpLibrary(client, server.url, server.gmToken)
  acked = { notes: [], ledger: [], rolls: [], clock: [], edits: [], imports: [], refusals: [] }
  // Every kind of write, each worker as fast as its replies come, until it has made a few.
  const list = workers(soak, acked, seededRandom(7), server.url, server.gmToken)
  const enough = () => acked.clock.length >= 6 && acked.imports.length >= 1 && acked.ledger.length >= 4 && acked.edits.length >= 2
  await Promise.all(list.map(async (step) => {
    while (!enough()) await step(client)
  }))
  client.close()
  await server.close()
  await core.close()
})

beforeEach(() => {
  file = join(lib.dir, `copy-${++copies}.sqlite`)
  copyFileSync(lib.file, file)
})

afterAll(() => lib.cleanup())

/** Runs SQL on the library file as it was left, to plant damage the app itself never makes. */
function plant(sql: string, ...args: unknown[]): void {
  const db = new BetterSqlite3(file)
  db.pragma('foreign_keys = OFF')
  db.prepare(sql).run(...args)
  db.close()
}

const kinds = (problems: { kind: string }[]) => [...new Set(problems.map((p) => p.kind))]

describe('the crash test checker', () => {
  it('passes a library after real writes of every kind, each acknowledged write found', () => {
    expect(acked.refusals).toEqual([])
    expect(checkLibrary(file, acked, soak.source)).toEqual([])
  })

  it('names an acknowledged note, ledger entry, roll, clock step, edit or import that is missing as lost', () => {
    plant('delete from log_entry where id = ?', acked.notes[0]!.id)
    plant('update log_entry set dice = null where id = ?', acked.rolls[0]!.logEntryId)
    plant("update character set notes = 'x' where id = ?", acked.edits.at(-1)!.characterId)
    plant("delete from log_entry where kind = 'character.updated' and json_extract(payload, '$.to.notes') = ?", acked.edits.at(-1)!.notes)
    plant('delete from campaign where id = ?', acked.imports[0]!.campaignId)
    plant('delete from ledger_entry where id = ?', acked.ledger[0]!.id)
    const step = acked.clock[0]!
    plant("delete from log_entry where campaign_id = ? and kind like 'clock.%' and json_extract(payload, '$.to') = ?", step.campaignId, step.time)
    const lost = checkLibrary(file, acked, soak.source).filter((p) => p.kind === 'lost').map((p) => p.text)
    expect(lost).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`the note “${acked.notes[0]!.text}”`),
        expect.stringContaining(`the roll logged as entry ${acked.rolls[0]!.logEntryId}`),
        expect.stringContaining(`the edit “${acked.edits.at(-1)!.notes}”`),
        expect.stringContaining(`imported campaign ${acked.imports[0]!.campaignId}`),
        expect.stringContaining(`ledger entry ${acked.ledger[0]!.id}`),
        `the clock step of campaign ${step.campaignId} to ${step.time} s`,
      ]),
    )
  })

  it('names a ledger entry without its log entry, and a log entry without its ledger entry, as half-written', () => {
    const [a, b] = acked.ledger
    plant('delete from log_entry where id = ?', a!.logEntryId)
    plant('delete from ledger_entry where id = ?', b!.id)
    const half = checkLibrary(file, acked, soak.source).filter((p) => p.kind === 'half').map((p) => p.text)
    expect(half).toEqual(
      expect.arrayContaining([
        `ledger entry ${a!.id} without its log entry ${a!.logEntryId}`,
        expect.stringMatching(new RegExp(`^log entry ${b!.logEntryId} \\(ledger\\.(earned|spent)\\) without its ledger entry$`)),
      ]),
    )
  })

  it('names a clock step without its log, a clock ahead of its last step, and packs that disagree with the step that ate from them (CLK-5)', () => {
    const db = new BetterSqlite3(file, { readonly: true })
    const step = db.prepare("select id, first_log_id, rows from clock_step where rows like '%inventory_item%' order by id desc limit 1").get() as { id: number; first_log_id: number; rows: string }
    const osrClock = db.prepare('select state from clock where campaign_id = ?').pluck().get(soak.campaigns.osr) as string
    db.close()
    const item = (JSON.parse(step.rows) as { table: string; id: number }[]).find((r) => r.table === 'inventory_item')!
    plant('update inventory_item set quantity = quantity + 5 where id = ?', item.id)
    plant('update clock set state = ? where campaign_id = ?', JSON.stringify({ ...JSON.parse(osrClock), time: 1 }), soak.campaigns.osr)
    const first = (new BetterSqlite3(file, { readonly: true }).prepare('select id, first_log_id from clock_step order by id limit 1').get()) as { id: number; first_log_id: number }
    plant('delete from log_entry where id = ?', first.first_log_id)
    const half = checkLibrary(file, acked, soak.source).filter((p) => p.kind === 'half').map((p) => p.text)
    expect(half).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^item ${item.id} holds \\d+ but clock step \\d+ left \\d+$`)),
        expect.stringMatching(new RegExp(`^campaign ${soak.campaigns.osr}'s clock stands at 1 s but its last step went to \\d+ s$`)),
        expect.stringMatching(new RegExp(`^clock step ${first.id} \\(\\w+\\) without its log entries$`)),
      ]),
    )
  })

  it('names an imported campaign that is missing rows, and a character whose notes are not what its log says, as half-written', () => {
    const copy = acked.imports[0]!.campaignId
    plant('delete from log_entry where id = (select max(id) from log_entry where campaign_id = ?)', copy)
    const edit = acked.edits.at(-1)!
    plant("update character set notes = 'changed behind the log' where id = ?", edit.characterId)
    const half = checkLibrary(file, acked, soak.source).filter((p) => p.kind === 'half').map((p) => p.text)
    expect(half).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^imported campaign ${copy} holds \\d+ log_entry rows of the file's \\d+$`)),
        `character ${edit.characterId}'s notes are “changed behind the log” but its last logged edit says “${edit.notes}”`,
      ]),
    )
  })

  it('names a file whose pages are damaged as an integrity failure', () => {
    // Overwrite the log's root page with noise, as a disk that lost a write would.
    const db = new BetterSqlite3(file, { readonly: true })
    const page = db.prepare("select rootpage from sqlite_master where name = 'log_entry'").pluck().get() as number
    const pageSize = db.pragma('page_size', { simple: true }) as number
    db.close()
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize)
    closeSync(fd)
    expect(kinds(checkLibrary(file, acked, soak.source))).toContain('integrity')
  })
})
