/**
 * A library from before audiences were kept (migration 0018): what undo and redo wrote becomes
 * bookkeeping, GM-only entries the GM's, and every other entry is decided when read by the rule for
 * old entries: a table's entries (which names were foes, which numbers were shown, was never written
 * down) are the GM's, the rest the players' with the foes met since unnamed.
 */
import BetterSqlite3 from 'better-sqlite3'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { gm } from '../support/calls'

const dirs: string[] = []
const cores: Core[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('upgrading to audiences (migration 0018)', () => {
  it('sorts undo’s bookkeeping and GM-only entries, and keeps old table entries from the players’ recap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-audiences-'))
    dirs.push(dir)
    const file = join(dir, 'lantern.sqlite')
    copyFileSync(join(__dirname, '../fixtures/libraries/0017-action-by.sqlite'), file)
    const old = new BetterSqlite3(file)
    const add = old.prepare("insert into log_entry (campaign_id, session_id, game_time, real_time, kind, payload, gm_only) values (1, 1, 600, 't', ?, ?, ?)")
    const entries: [string, object, number][] = [
      ['ladder.roll', { text: 'Iron warden rolled Hand-to-hand (Expert) against Good: 6, 5 → Expert — success.' }, 0],
      ['ledger.spent', { name: 'Mira 🌙', characterId: 1, currency: 'pp', amount: -1, reason: 'a lucky dodge', balance: 1 }, 0],
      ['ledger.corrected', { name: 'Mira 🌙', characterId: 1, currency: 'pp', amount: 1, reason: 'Undone: a lucky dodge', balance: 2 }, 0],
      ['injury.deleted', { name: 'Mira 🌙', label: 'Wounded · arm', undo: true }, 0],
      ['play.undone', { what: 'Mira spent 1 Plot Point' }, 0],
      ['note', { text: 'The bridge holds.' }, 0],
      ['note', { text: 'The warden is the abbot’s brother.' }, 1],
    ]
    for (const [kind, payload, gmOnly] of entries) add.run(kind, JSON.stringify(payload), gmOnly)
    old.close()

    const core = await createCore({ dataFile: file, mode: 'browser', version: 'test', autoBackup: false })
    cores.push(core)
    const audiences = core.handle.sqlite!.prepare('select kind, audience from log_entry where campaign_id = 1 and game_time = 600 order by id').all()
    expect(audiences).toEqual([
      { kind: 'ladder.roll', audience: 'old' },
      { kind: 'ledger.spent', audience: 'old' },
      { kind: 'ledger.corrected', audience: 'book' },
      { kind: 'injury.deleted', audience: 'book' },
      { kind: 'play.undone', audience: 'book' },
      { kind: 'note', audience: 'old' },
      { kind: 'note', audience: 'gm' },
    ])
    const players = (await gm(core, 'recap.session', { sessionId: 1, variant: 'players' })).markdown
    expect(players).toContain('The bridge holds.')
    expect(players).toContain('Mira 🌙 spent 1 Plot Point: a lucky dodge')
    expect(players).not.toMatch(/Iron warden|Undone|deleted|abbot/)
    const gmRecap = (await gm(core, 'recap.session', { sessionId: 1, variant: 'gm' })).markdown
    expect(gmRecap).toContain('Iron warden')
    expect(gmRecap).not.toContain('Undone')
  })
})
