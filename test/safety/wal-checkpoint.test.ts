/**
 * The write-ahead log is copied into the library file after a change, in the background, not in the
 * change's own commit (wal-checkpoint.ts): a year of downtime answers with its frames still in the
 * log, they are all copied in once the background work after it has run, and a small change after it
 * leaves the log as it is (no checkpoint, no fsyncs of its own). A real SQLite file.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { backgroundIndexing } from '../../src/main/services/core/log-search-queue'
import { backgroundCheckpoint, CHECKPOINT_FRAMES, walFrames } from '../../src/main/services/core/wal-checkpoint'
import { WAL_AUTOCHECKPOINT_BACKSTOP } from '../../src/main/db/connection'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'

let lib: TempLibrary
afterEach(async () => {
  await lib.cleanup()
})

describe('the write-ahead log’s checkpoint', () => {
  it('runs after a long change has answered, not in its commit, and not after a small one', async () => {
    lib = tempLibrary()
    const core = await lib.open()
    expect(core.handle.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_AUTOCHECKPOINT_BACKSTOP)
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'timer.add', { campaignId, label: 'The bell tolls', after: { hours: 1 }, hiddenFromPlayers: false, repeat: true })
    const background = async () => {
      await backgroundIndexing(core.deps.db)
      await backgroundCheckpoint(core.deps.db)
    }
    await background()
    const db = core.deps.db

    // A year: 8,760 tolls. Its answer comes with every frame it wrote still in the log.
    await gm(core, 'clock.advance', { campaignId, span: { days: 365 } })
    const answered = walFrames(db)!
    expect(answered.log - answered.checkpointed).toBeGreaterThanOrEqual(CHECKPOINT_FRAMES)

    // Once the work after it has run (its search indexing, then the checkpoint), all are in the file.
    await background()
    const copied = walFrames(db)!
    expect(copied.log).toBeGreaterThan(0)
    expect(copied.checkpointed).toBe(copied.log)

    // A note writes a few frames: they stay in the log, for a later checkpoint to copy.
    await gm(core, 'log.note', { campaignId, text: 'The bell is quiet at last', gmOnly: false })
    await background()
    const small = walFrames(db)!
    expect(small.log - small.checkpointed).toBeGreaterThan(0)
    expect(small.log - small.checkpointed).toBeLessThan(CHECKPOINT_FRAMES)

    // Nothing was lost on the way: the library opened again holds the year and the note.
    const logged = Number(core.handle.sqlite.prepare("select count(*) from log_entry where kind = 'clock.event.timer'").pluck().get())
    expect(logged).toBe(365 * 24)
    await core.close()
    const again = await lib.open()
    expect(Number(again.handle.sqlite.prepare("select count(*) from log_entry where kind = 'clock.event.timer'").pluck().get())).toBe(logged)
    expect(Number(again.handle.sqlite.prepare("select count(*) from log_entry where kind = 'note'").pluck().get())).toBe(1)
    await again.close()
  })
})
