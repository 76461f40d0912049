/** A campaign that touches every kind of row an export must carry, written straight into SQLite. */
import { Writable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import type { Core } from '../../src/main/app'
import { gm } from '../support/calls'

export async function seedCampaign(core: Core, name = 'The Sunken Keep'): Promise<number> {
  const campaignId = (await gm(core, 'campaign.create', { name, system: 'lode', seed: 'keep' })).id
  const s = core.handle.sqlite
  const t = '2025-03-01T12:00:00.000Z'
  const run = (q: string, ...a: unknown[]) => Number(s.prepare(q).run(...a).lastInsertRowid)
  s.pragma('defer_foreign_keys = ON')
  s.transaction(() => {
    run(`insert into setting (campaign_id, key, value) values (?, 'lode.web', '8')`, campaignId)
    const adv = run(`insert into adventure (campaign_id, title, status, summary, position, created_at, updated_at) values (?, 'Below the Keep', 'active', 'Stairs *down*', 0, ?, ?)`, campaignId, t, t)
    const mara = run(`insert into character (campaign_id, kind, name, player_name, notes, tags, sheet, created_at, updated_at) values (?, 'pc', 'Mara | the _Bold_', 'Ann', 'likes [links](x)', '["scout"]', '{"destiny":2}', ?, ?)`, campaignId, t, t)
    const gob = run(`insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'npc', 'Grik the goblin', ?, ?)`, campaignId, t, t)
    const session = run(`insert into session (campaign_id, number, title, real_date, adventure_id, game_time_start, status, gm_notes, created_at, updated_at) values (?, 1, 'Into the dark', '2025-03-01', ?, 0, 'open', 'secret door', ?, ?)`, campaignId, adv, t, t)
    run(`insert into session_attendance (session_id, character_id) values (?, ?)`, session, mara)
    const torch = run(`insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, 'Torch', 'light', 3, '{"light":"torch","lit":true}', ?, ?)`, mara, t, t)
    // A child location written before its parent: the file must carry forward links.
    const cell = run(`insert into location (campaign_id, name, description, created_at, updated_at) values (?, 'Cell', 'damp', ?, ?)`, campaignId, t, t)
    const keep = run(`insert into location (campaign_id, name, kind, created_at, updated_at) values (?, 'Keep', 'enclosed', ?, ?)`, campaignId, t, t)
    s.prepare('update location set parent_id = ? where id = ?').run(keep, cell)
    const table = run(`insert into encounter_table (campaign_id, location_id, name, dice, created_at, updated_at) values (?, ?, 'Keep halls', '1d6', ?, ?)`, campaignId, keep, t, t)
    run(`insert into encounter_row (table_id, min, max, text, npc_id, position) values (?, 1, 3, 'Goblins', ?, 0)`, table, gob)
    const log = run(`insert into log_entry (campaign_id, session_id, game_time, real_time, kind, payload, dice, gm_only) values (?, ?, 600, ?, 'lode.pool', ?, '[{"sides":6,"face":5}]', 1)`, campaignId, session, t, JSON.stringify({ characterId: mara, characterIds: [mara, gob], text: 'Mara *rolls*' }))
    run(`insert into ledger_entry (campaign_id, character_id, currency, amount, reason, session_id, game_time, log_entry_id, created_at) values (?, ?, 'destiny', 1, 'bold', ?, 600, ?, ?)`, campaignId, mara, session, log, t)
    const injury = run(`insert into injury (campaign_id, character_id, system, kind, description, details, taken_at, created_at, updated_at) values (?, ?, 'lode', 'lode.harm', 'bruised', '{}', 600, ?, ?)`, campaignId, mara, t, t)
    run(`insert into clock (campaign_id, state, updated_at) values (?, '{"now":600,"partyLocationId":${keep}}', ?)`, campaignId, t)
    run(`insert into clock_step (campaign_id, action, summary, clock_before, rows, first_log_id, last_log_id, created_at) values (?, 'advance', 'ten minutes', '{"now":0}', ?, ?, ?, ?)`, campaignId,
      JSON.stringify([{ table: 'inventory_item', id: torch, before: { id: torch, character_id: mara, quantity: 4 }, after: { id: torch, character_id: mara, quantity: 3 } }, { table: 'injury', id: injury, before: null, after: { id: injury, character_id: mara } }]), log, log, t)
    const roll = run(`insert into lode_roll (campaign_id, kind, state, history, log_entry_id, created_at, updated_at) values (?, 'pool', ?, '[]', ?, ?, ?)`, campaignId, JSON.stringify({ rollerId: mara, sessionId: session }), log, t, t)
    run(`insert into lode_scene (campaign_id, session_id, number, kept_by, updated_at) values (?, ?, 1, ?, ?)`, campaignId, session, JSON.stringify([mara]), t)
    const ch = run(`insert into challenge (campaign_id, session_id, title, status, state, started_at, created_at, updated_at) values (?, ?, 'Bridge', 'running', '{}', 600, ?, ?)`, campaignId, session, t, t)
    run(`insert into challenge_step (campaign_id, challenge_id, action, summary, rows, first_log_id, last_log_id, created_at) values (?, ?, 'start', 'begun', '[]', ?, ?, ?)`, campaignId, ch, log, log, t)
    void roll
  })()
  await gm(core, 'log.note', { campaignId, text: 'They found the `well`', gmOnly: false })
  return campaignId
}

/** The lines of a campaign file, header first. */
export function fileLines(data: Buffer): unknown[] {
  return gunzipSync(data).toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown)
}

/**
 * A file's sink that keeps what it is given and, at the first chunk, makes `change` and waits for
 * it: a change in the middle of an export.
 */
export function sinkChangingOnce(parts: Buffer[], change: () => Promise<unknown>): Writable {
  let changed = false
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      parts.push(chunk)
      if (changed) return done()
      changed = true
      change().then(() => done(), done)
    },
  })
}
