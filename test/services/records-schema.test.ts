import { afterEach, describe, expect, it } from 'vitest'
import BetterSqlite3 from 'better-sqlite3'
import { existsSync } from 'node:fs'
import { openDatabase } from '../../src/main/db/connection'
import { migrateToLatest } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
afterEach(() => lib?.cleanup())

describe('migration 0002 (campaign records) on a library from the foundation', () => {
  it('keeps every campaign, setting and log entry, and backs the old file up first', async () => {
    lib = tempLibrary()
    // A library as the foundation left it: only 0001 applied, with a campaign in it.
    const old = openDatabase(lib.file)
    await migrateToLatest(old, { getMigrations: async () => ({ '0001-initial': migrations['0001-initial']! }) })
    old.sqlite.exec(`
      insert into campaign (name, system, dice_seed, created_at, updated_at) values ('The Sunken Keep', 'osr', 's', '2026-01-01', '2026-01-01');
      insert into setting (campaign_id, key, value) values (1, 'lode.web', '7');
      insert into log_entry (campaign_id, real_time, kind, payload) values (1, '2026-01-01', 'note', '{"text":"The bridge is out."}');
    `)
    await old.close()

    const core = await lib.open()
    expect(core.migration.applied).toEqual(Object.keys(migrations).sort().filter((m) => m !== '0001-initial'))
    expect(core.migration.backup).toBe(`${lib.file}.bak-1`)
    expect(existsSync(`${lib.file}.bak-1`)).toBe(true)
    const s = core.handle.sqlite
    expect(s.prepare('select name, system from campaign').all()).toEqual([{ name: 'The Sunken Keep', system: 'osr' }])
    expect(s.prepare('select key, value from setting').all()).toEqual([{ key: 'lode.web', value: '7' }])
    expect(s.prepare('select kind, payload from log_entry').all()).toEqual([{ kind: 'note', payload: '{"text":"The bridge is out."}' }])
    await core.close()
  })
})

describe('search index kept in step by triggers, in the same transaction', () => {
  function search(s: BetterSqlite3.Database, q: string): { kind: string; ref_id: number; title: string }[] {
    return s
      .prepare('select kind, ref_id, title from search_index where search_index match ? and campaign_id = 1 order by rank')
      .all(q) as { kind: string; ref_id: number; title: string }[]
  }

  it('indexes characters, locations, tables, rows, adventures and sessions; updates and deletes follow', async () => {
    lib = tempLibrary()
    const core = await lib.open()
    const s = core.handle.sqlite
    s.exec(`
      insert into campaign (name, system, dice_seed, created_at, updated_at) values ('Keep', 'osr', 's', 't', 't');
      insert into character (campaign_id, kind, name, notes, created_at, updated_at) values (1, 'npc', 'Brigand Chief', 'Wears chainmail; hates Glam.', 't', 't');
      insert into location (campaign_id, name, description, created_at, updated_at) values (1, 'Flooded Junction', 'Knee-deep black water.', 't', 't');
      insert into encounter_table (campaign_id, name, dice, created_at, updated_at) values (1, 'Sewer Denizens', '1d6', 't', 't');
      insert into encounter_row (table_id, min, max, text) values (1, 1, 2, 'A swarm of rats');
      insert into adventure (campaign_id, title, summary, position, created_at, updated_at) values (1, 'Into the Keep', 'Find the alembic.', 1, 't', 't');
      insert into session (campaign_id, number, title, gm_notes, created_at, updated_at) values (1, 3, 'Rats!', 'The chief escaped.', 't', 't');
    `)
    expect(search(s, 'chainmail')).toEqual([{ kind: 'character', ref_id: 1, title: 'Brigand Chief' }])
    expect(search(s, 'water')).toEqual([{ kind: 'location', ref_id: 1, title: 'Flooded Junction' }])
    expect(search(s, 'rats').map((r) => r.kind).sort()).toEqual(['encounter_row', 'session'])
    expect(search(s, 'alembic')).toEqual([{ kind: 'adventure', ref_id: 1, title: 'Into the Keep' }])
    // Accents fold: "junction" finds "Júnction" too.
    s.exec("update location set name = 'Flooded Júnction' where id = 1")
    expect(search(s, 'junction')).toHaveLength(1)

    s.exec("update character set notes = 'Wears leather now.' where id = 1")
    expect(search(s, 'chainmail')).toEqual([])
    expect(search(s, 'leather')).toHaveLength(1)

    // A failed transaction leaves the index as it was.
    expect(() =>
      s.transaction(() => {
        s.exec("update character set notes = 'Polished plate.' where id = 1")
        throw new Error('abort')
      })(),
    ).toThrow('abort')
    expect(search(s, 'plate')).toEqual([])
    expect(search(s, 'leather')).toHaveLength(1)

    // Deleting the campaign cascades to its records, and their triggers empty the index.
    s.exec('delete from campaign where id = 1')
    expect((s.prepare('select count(*) as n from search_index').get() as { n: number }).n).toBe(0)
    await core.close()
  })
})
