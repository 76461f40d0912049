/**
 * The players' gate keeps what it read of a campaign (the foes met, what is revealed of them, the
 * party) under the campaign's version, which the library makes new at every change to those rows
 * (migration 0021). Whatever changes them — a foe met, renamed or forgotten, a name or its numbers
 * shown and hidden again, a character made, renamed, made a PC or an NPC, moved or deleted, a session
 * opened with its attendance and closed, a change rolled back after the gate read it — the gate
 * reads exactly what a fresh reading reads. Seeded and bounded; a real library, SQLite or PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { libraryEach, tempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { seededRandom as random } from '../../scripts/soak.mjs'
import { insert, run, value } from '../support/sql'
import { unitOfWork } from '../../src/main/services/core'
import { currentVisibility, metFoes, visibilityIn, visibilityOf, type Visibility } from '../../src/main/services/players/audience/visibility'

const t = libraryEach()

/** The changes made at random, meeting and revealing twice as often as the rest. */
const OPS = [
  'meet', 'meet', 'reveal', 'reveal', 'rename foe', 'forget foe',
  'character', 'rename character', 'kind', 'move character', 'delete character',
  'open session', 'close session', 'attend', 'attend', 'rolled back', 'rolled back inside',
] as const

const NAMES = ['Cave bear', 'Cave bear cub', 'Ghoul', 'Mira', 'Brother Anselm', 'Wolf', 'Wolfgang', 'Tai', 'Orb', 'Vey', 'Zombie lord']

/** What the gate reads of every name in play, for comparing two readings. */
function reading(v: Visibility) {
  return {
    anyHidden: v.anyHidden,
    names: NAMES.map((n) => [n, v.named(n), v.numbers(n), v.inParty(n)]),
    words: v.words(NAMES.join(', ')),
    ids: Array.from({ length: 60 }, (_, id) => v.inPartyId(id)),
  }
}

async function fresh(campaignId: number) {
  const known = await metFoes(t.core.deps.db, campaignId)
  return reading(visibilityOf(known.foes, known.party))
}

describe('the players’ gate kept between changes (migration 0021)', () => {
  it('reads what a fresh reading reads after every kind of change to the foes, the reveals and the party', async () => {
    const { id: campaignId } = await gm(t.core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
    const { id: other } = await gm(t.core, 'campaign.create', { name: 'Elsewhere', system: 'osr' })
    const rnd = random(21)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
    const done = new Map<string, number>()
    let foes = 0
    let npcsAttended = 0
    for (let step = 0; step < 300; step++) {
      const ids = async (table: string) => (await t.core.deps.db.selectFrom(table as 'character').select('id').where('campaign_id', '=', campaignId).execute()).map((r) => r.id)
      const op = pick(OPS)
      switch (op) {
        case 'meet':
          await insert(t.core, 'players_foe', { campaign_id: campaignId, key: `foe-${++foes}`, name: pick(NAMES), alias: `foe ${foes}`, created_at: 't' })
          break
        case 'reveal': {
          const keys = await t.core.deps.db.selectFrom('players_foe').select('key').where('campaign_id', '=', campaignId).execute()
          if (keys.length === 0) continue
          const key = pick(keys).key
          const kind = pick(['foe', 'foe-numbers'])
          const shown = await value(t.core, 'select count(*) from player_reveal where campaign_id = ? and kind = ? and ref = ?', campaignId, kind, key)
          if (Number(shown) > 0) await run(t.core, 'delete from player_reveal where campaign_id = ? and kind = ? and ref = ?', campaignId, kind, key)
          else await insert(t.core, 'player_reveal', { campaign_id: campaignId, kind, ref: key, text: '', created_at: 't' })
          break
        }
        case 'rename foe': {
          const all = await ids('players_foe')
          if (all.length === 0) continue
          await run(t.core, 'update players_foe set name = ? where id = ?', pick(NAMES), pick(all))
          break
        }
        case 'forget foe': {
          const all = await ids('players_foe')
          if (all.length === 0) continue
          await run(t.core, 'delete from players_foe where id = ?', pick(all))
          break
        }
        case 'character':
          await insert(t.core, 'character', { campaign_id: campaignId, kind: pick(['pc', 'npc']), name: pick(NAMES), created_at: 't', updated_at: 't' })
          break
        case 'rename character': {
          const all = await ids('character')
          if (all.length === 0) continue
          await run(t.core, 'update character set name = ? where id = ?', pick(NAMES), pick(all))
          break
        }
        case 'kind': {
          const all = await ids('character')
          if (all.length === 0) continue
          await run(t.core, "update character set kind = case when kind = 'pc' then 'npc' else 'pc' end where id = ?", pick(all))
          break
        }
        case 'move character': {
          const all = await ids('character')
          if (all.length === 0) continue
          // Away to the other campaign, or one of the other campaign's back.
          if (rnd() < 0.5) await run(t.core, 'update character set campaign_id = ? where id = ?', other, pick(all))
          else await run(t.core, 'update character set campaign_id = ? where campaign_id = ?', campaignId, other)
          break
        }
        case 'delete character': {
          const all = await ids('character')
          if (all.length === 0) continue
          await run(t.core, 'delete from character where id = ?', pick(all))
          break
        }
        case 'open session': {
          const open = await value(t.core, "select count(*) from session where campaign_id = ? and status = 'open'", campaignId)
          if (Number(open) > 0) continue
          const pcs = (await t.core.deps.db.selectFrom('character').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'pc').execute()).map((r) => r.id)
          await gm(t.core, 'play.start', { campaignId, attendance: pcs.filter(() => rnd() < 0.5) })
          break
        }
        case 'close session': {
          const id = await value(t.core, "select id from session where campaign_id = ? and status = 'open'", campaignId)
          if (id === undefined) continue
          await gm(t.core, 'play.close', { id: Number(id) })
          break
        }
        case 'attend': {
          const id = await value(t.core, "select id from session where campaign_id = ? and status = 'open'", campaignId)
          // Mostly an NPC: a player character is in the party anyway.
          const npcs = (await t.core.deps.db.selectFrom('character').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'npc').execute()).map((r) => r.id)
          const people = npcs.length > 0 && rnd() < 0.8 ? npcs : await ids('character')
          if (id === undefined || people.length === 0) continue
          const who = pick(people)
          if ((await value<string>(t.core, 'select kind from character where id = ?', who)) === 'npc') npcsAttended++
          const there = await value(t.core, 'select count(*) from session_attendance where session_id = ? and character_id = ?', Number(id), who)
          if (Number(there) > 0) await run(t.core, 'delete from session_attendance where session_id = ? and character_id = ?', Number(id), who)
          else await run(t.core, 'insert into session_attendance (session_id, character_id) values (?, ?)', Number(id), who)
          break
        }
        case 'rolled back':
        case 'rolled back inside':
          // A foe met in a change that fails: the gate may have read it inside, and must not keep it.
          await unitOfWork(t.core.deps, async (tx) => {
            await tx.trx.insertInto('players_foe').values({ campaign_id: campaignId, key: `lost-${step}`, name: 'Zombie lord', alias: 'a foe', log_entry_id: null, created_at: 't' }).execute()
            if (op === 'rolled back inside') expect((await visibilityIn(tx, campaignId)).named('Zombie lord')).toBe(false)
            throw new Error('the change fails')
          }).catch((err: Error) => expect(err.message).toBe('the change fails'))
          break
      }
      done.set(op, (done.get(op) ?? 0) + 1)
      // Read twice (the second from what the gate kept), and inside a unit of work: each as a fresh reading.
      const want = await fresh(campaignId)
      expect(reading(await currentVisibility(t.core.deps.db, campaignId)), `after ${op} (step ${step})`).toEqual(want)
      expect(reading(await currentVisibility(t.core.deps.db, campaignId)), `kept, after ${op} (step ${step})`).toEqual(want)
      expect(reading(await unitOfWork(t.core.deps, (tx) => visibilityIn(tx, campaignId))), `in a unit, after ${op} (step ${step})`).toEqual(want)
    }
    // Every kind of change was made.
    expect([...done.keys()].sort()).toEqual([...new Set(OPS)].sort())
    expect(npcsAttended).toBeGreaterThan(5)
  })

  it('a version is new at every change to what the gate reads, and the same while nothing it reads changes', async () => {
    const { id: campaignId } = await gm(t.core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
    const version = async () => String(await value(t.core, 'select version from players_version where campaign_id = ?', campaignId))
    const first = await version()
    expect(first).not.toBe('undefined')
    // Play that touches nothing the gate reads keeps the version: a note, a turn, a sheet's change.
    const glam = await insert(t.core, 'character', { campaign_id: campaignId, kind: 'pc', name: 'Glam', created_at: 't', updated_at: 't' })
    const made = await version()
    expect(made).not.toBe(first)
    await gm(t.core, 'log.note', { campaignId, text: 'The bridge is out.' })
    await gm(t.core, 'clock.advance', { campaignId, span: { turns: 1 } })
    await run(t.core, "update character set sheet = '{}', notes = 'tired' where id = ?", glam)
    expect(await version()).toBe(made)
    // A campaign deleted takes its version with it.
    await gm(t.core, 'campaign.delete', { id: campaignId, confirmName: 'The Sunken Keep' })
    expect(await value(t.core, 'select count(*) from players_version where campaign_id = ?', campaignId)).toBe(0)
  })

  it('two libraries open in one process, each with a campaign of the same id and as many changes: each gate reads its own', async () => {
    const second = tempLibrary()
    const other = await second.open()
    try {
      const met: [typeof t.core, string][] = [[t.core, 'Ghoul'], [other, 'Wolf']]
      const ids: number[] = []
      for (const [core, foe] of met) {
        const { id } = await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
        await insert(core, 'players_foe', { campaign_id: id, key: 'osr:1', name: foe, alias: 'a foe', created_at: 't' })
        ids.push(id)
      }
      expect(ids[0]).toBe(ids[1])
      for (let round = 0; round < 2; round++) {
        const here = await currentVisibility(t.core.deps.db, ids[0]!)
        const there = await currentVisibility(other.deps.db, ids[1]!)
        expect([here.named('Ghoul'), here.named('Wolf')]).toEqual([false, true])
        expect([there.named('Ghoul'), there.named('Wolf')]).toEqual([true, false])
      }
    } finally {
      await other.close()
      await second.cleanup()
    }
  })
})
