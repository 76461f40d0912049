import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { counts, tempLibrary, type TempLibrary } from '../support/temp-library'
import { failLogWrites } from '../support/records'
import { insert, onPostgres, run, value } from '../support/sql'
import { gm, logKinds, refused } from '../support/calls'
import { glam, inigo, taiGivar } from './sheets/fixtures'
import { blankSheet } from '../../src/shared/api/sheets'

let lib: TempLibrary
let core: Core
let campaignId: number

/** Row counts of what a character change writes. */
async function written(c: Core): Promise<Record<string, number>> {
  const n = async (t: string) => Number(await value(c, `select count(*) as n from ${t}`))
  return {
    ...(await counts(c)),
    characters: await n('character'),
    items: await n('inventory_item'),
    ledger: await n('ledger_entry'),
    dice: (await n('campaign')) && Number(await value(c, 'select sum(dice_counter) as n from campaign')),
  }
}

/** Makes every insert into the ledger fail inside the database; resolves to a function that stops it. */
async function failGoldWrites(c: Core): Promise<() => Promise<void>> {
  if (onPostgres()) {
    await run(c, "create function fail_gold() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$")
    await run(c, 'create trigger fail_gold before insert on ledger_entry for each row execute function fail_gold()')
    return async () => {
      await run(c, 'drop trigger fail_gold on ledger_entry')
      await run(c, 'drop function fail_gold()')
    }
  }
  await run(c, "create temp trigger fail_gold before insert on ledger_entry begin select raise(abort, 'disk full'); end")
  return async () => {
    await run(c, 'drop trigger temp.fail_gold')
  }
}

async function campaign(system: 'ladder' | 'osr' | 'lode' | 'challenge' | 'ranks', seed?: string): Promise<number> {
  return (await gm(core, 'campaign.create', { name: `A ${system} campaign`, system, ...(seed ? { seed } : {}) })).id
}

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = await campaign('osr', 'fixed-seed')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('character.list', () => {
  beforeEach(async () => {
    for (const [name, kind, status, tags, notes] of [
      ['zed the brigand', 'npc', 'active', ['brigand', 'Hills'], 'Hides in the hills.'],
      ['Anna', 'npc', 'dead', ['innkeeper'], 'Knew too much about the keep.'],
      ['brigand chief', 'npc', 'active', ['brigand'], ''],
      ['Mole', 'npc', 'missing', [], 'Last seen at the 100% honest market.'],
    ] as const) {
      await gm(core, 'character.create', { campaignId, kind, name, status, tags: [...tags], notes, draft: true })
    }
    await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', playerName: 'Ana', sheet: glam })
  })

  it('sorts by name ignoring case and counts every match', async () => {
    const all = await gm(core, 'character.list', { campaignId })
    expect(all.total).toBe(5)
    expect(all.items.map((c) => c.name)).toEqual(['Anna', 'brigand chief', 'Glam', 'Mole', 'zed the brigand'])
    expect(all.items[2]).toMatchObject({ kind: 'pc', playerName: 'Ana', status: 'active', tags: [], draft: false })
  })

  it('filters by kind, status, text (name, player, notes, tags) and whole tag', async () => {
    const names = async (q: object) => (await gm(core, 'character.list', { campaignId, ...q })).items.map((c) => c.name)
    expect(await names({ kind: 'pc' })).toEqual(['Glam'])
    expect(await names({ status: 'dead' })).toEqual(['Anna'])
    expect(await names({ text: 'BRIGAND' })).toEqual(['brigand chief', 'zed the brigand'])
    expect(await names({ text: 'ana' })).toEqual(['Glam']) // the player's name
    expect(await names({ text: 'keep' })).toEqual(['Anna']) // the notes
    expect(await names({ text: 'hills' })).toEqual(['zed the brigand'])
    expect(await names({ text: '100%' })).toEqual(['Mole']) // a % is a percent sign, not a wildcard
    expect(await names({ tag: 'hills' })).toEqual(['zed the brigand'])
    expect(await names({ tag: 'brig' })).toEqual([]) // a tag matches whole
    expect(await names({ kind: 'npc', status: 'active', text: 'chief' })).toEqual(['brigand chief'])
  })

  it('pages with offset and limit, keeping the total', async () => {
    const page = await gm(core, 'character.list', { campaignId, offset: 1, limit: 2 })
    expect(page).toMatchObject({ total: 5 })
    expect(page.items.map((c) => c.name)).toEqual(['brigand chief', 'Glam'])
  })

  it('refuses a limit out of range, naming the field', async () => {
    expect((await refused(core, 'character.list', { campaignId, limit: 501 })).details).toEqual([{ field: 'limit', problem: 'must be at most 500' }])
    expect((await refused(core, 'character.list', { campaignId: 999 })).code).toBe('not_found')
  })
})

describe('creating characters', () => {
  it('saves a complete PC in one transaction with its log entry, and announces it', async () => {
    const heard: EventMessage[] = []
    core.events.on((m) => m.event === 'record.changed' && heard.push(m))
    const before = await written(core)
    const pc = await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', playerName: 'Ana', sheet: glam, tags: ['thief', ' thief ', ''] })
    expect(pc).toMatchObject({ kind: 'pc', name: 'Glam', playerName: 'Ana', status: 'active', draft: false, problems: [], tags: ['thief'], system: 'osr' })
    expect(pc.sheet).toEqual(glam)
    expect(pc.facts).toContainEqual({ label: 'Resistance target', value: '13 on d20', rule: 'OSR-3' })
    expect(await written(core)).toEqual({ ...before, characters: before.characters! + 1, logs: before.logs! + 1 })
    expect((await logKinds(core, campaignId)).at(-1)).toBe('character.created')
    expect(heard).toEqual([{ event: 'record.changed', payload: { campaignId, kind: 'character', id: pc.id, change: 'created' } }])
  })

  it('refuses a PC whose sheet breaks the rules, listing every problem, and writes nothing', async () => {
    const before = await written(core)
    const err = await refused(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: { ...glam, B: 2, h: 6, options: ['deft touch', 'high tolerance', 'monstrous form'] } })
    expect(err.code).toBe('refused')
    expect(err.details.map((d) => d.problem)).toEqual([
      'B +2 is not a rolled modifier: B, M and S are −1, 0 or +1 (OSR-1).',
      'H 6 is above the maximum 4; current H never rises above it (OSR-2).',
      'The GM allowed 2 option(s) but 3 were chosen. (OSR-4)',
    ])
    expect(err.details.every((d) => d.field === 'sheet')).toBe(true)
    expect(err.message).toMatch(/^Glam's sheet breaks the rules: B \+2/)
    expect(err.message).toMatch(/A player character needs a complete sheet; nothing was saved\.$/)
    expect(await written(core)).toEqual(before)
  })

  it('always refuses a value that cannot be, naming the field, even for a draft NPC', async () => {
    const before = await written(core)
    const osr = await refused(core, 'character.create', { campaignId, kind: 'npc', name: 'Ghoul', draft: true, sheet: { ...glam, maxH: -1, level: 'two' } })
    expect(osr.code).toBe('invalid_input')
    expect(osr.details).toEqual([
      { field: 'sheet.level', problem: 'must be a number' },
      { field: 'sheet.maxH', problem: 'must be at least 0' },
    ])
    expect(osr.message).toBe('The sheet has values that cannot be: Level: must be a number. Maximum H: must be at least 0. Nothing was saved.')
    const ladderId = await campaign('ladder')
    const ladder = await refused(core, 'character.create', {
      campaignId: ladderId,
      kind: 'npc',
      name: 'Thug',
      draft: true,
      sheet: { ...taiGivar, assets: [{ name: 'Menace', rating: 'legendary' }] },
    })
    expect(ladder.details).toEqual([{ field: 'sheet.assets.0.rating', problem: 'must be one of poor, good, expert, superb, unprecedented (LAD-1)' }])
    expect(await written(core)).toEqual({ ...before, campaigns: before.campaigns! + 1, logs: before.logs! + 1 })
  })

  it('keeps an incomplete NPC as a draft with its problems listed, but only when asked', async () => {
    const ladderId = await campaign('ladder')
    const sheet = { concept: 'Dock boss', assets: [{ name: 'Intimidation', rating: 'expert' }] }
    const notDraft = await refused(core, 'character.create', { campaignId: ladderId, kind: 'npc', name: 'Big Sal', sheet })
    expect(notDraft.message).toMatch(/Fix them, or save the NPC as a draft; nothing was saved\.$/)
    const npc = await gm(core, 'character.create', { campaignId: ladderId, kind: 'npc', name: 'Big Sal', sheet, draft: true })
    expect(npc.draft).toBe(true)
    expect(npc.problems).toContain('A character has 6 assets (4 good, 2 expert); this one has 1.')
    expect(npc.problems).toContain('A character has exactly 3 identifying features, each written; this one has 0.')
    expect(npc.sheet).toMatchObject({ concept: 'Dock boss', super: false, flaws: [] }) // defaults filled in
  })

  it('refuses a PC as a draft', async () => {
    expect((await refused(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: glam, draft: true })).details).toEqual([
      { field: 'draft', problem: 'only an NPC can be a draft' },
    ])
  })

  it('checks ranks sheets against the campaign ability list, which the GM can change (RK-1)', async () => {
    const ranksId = await campaign('ranks')
    await gm(core, 'character.create', { campaignId: ranksId, kind: 'pc', name: 'Inigo', sheet: inigo })
    await gm(core, 'setting.set', { campaignId: ranksId, key: 'ranks.abilities', value: ['Courage', 'Daring', 'Ferocity', 'Wits'] })
    const err = await refused(core, 'character.create', { campaignId: ranksId, kind: 'pc', name: 'Fezzik', sheet: inigo })
    expect(err.details.map((d) => d.problem)).toEqual(['Every character has every ability (RK-1): rate Wits.'])
  })

  it('leaves nothing behind when the log cannot be written', async () => {
    const stop = await failLogWrites(core, 'character.created')
    const before = await written(core)
    const err = await refused(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: glam })
    expect(err.code).toBe('internal')
    expect(await written(core)).toEqual(before)
    await stop()
  })
})

describe('updating and deleting characters', () => {
  it('changes only the fields named, logs what changed, and logs nothing when nothing did', async () => {
    const pc = await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', playerName: 'Ana', sheet: glam, notes: 'Thief.' })
    await gm(core, 'character.update', { id: pc.id, name: 'Glam' })
    expect((await logKinds(core, campaignId)).at(-1)).toBe('character.created')
    const after = await gm(core, 'character.update', { id: pc.id, status: 'missing', sheet: { ...glam, h: 2 } })
    expect(after).toMatchObject({ name: 'Glam', playerName: 'Ana', notes: 'Thief.', status: 'missing' })
    expect(after.sheet.h).toBe(2)
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry?.kind).toBe('character.updated')
    expect(entry?.payload).toMatchObject({ id: pc.id, name: 'Glam', changed: ['status', 'sheet'], from: { status: 'active' }, to: { status: 'missing' } })
    expect((entry?.payload.from as { sheet: { h: number } }).sheet.h).toBe(4)
  })

  it('re-checks the sheet when an NPC would become a PC, and refuses a sheet with problems', async () => {
    const npc = await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Ghoul', draft: true, sheet: { ...glam, h: 9 } })
    const before = await written(core)
    const err = await refused(core, 'character.update', { id: npc.id, kind: 'pc', draft: false })
    expect(err.details).toEqual([{ field: 'sheet', problem: 'H 9 is above the maximum 4; current H never rises above it (OSR-2).' }])
    expect(await written(core)).toEqual(before)
    const pc = await gm(core, 'character.update', { id: npc.id, kind: 'pc', draft: false, sheet: glam, playerName: 'Bo' })
    expect(pc).toMatchObject({ kind: 'pc', draft: false, playerName: 'Bo', problems: [] })
  })

  it('an NPC keeps no player name', async () => {
    const pc = await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', playerName: 'Ana', sheet: glam })
    expect((await gm(core, 'character.update', { id: pc.id, kind: 'npc' })).playerName).toBeNull()
  })

  it('an update or a delete that cannot be logged changes nothing', async () => {
    const pc = await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: glam })
    for (const [kind, call] of [
      ['character.updated', () => refused(core, 'character.update', { id: pc.id, name: 'Glamdring', sheet: { ...glam, h: 1 } })],
      ['character.deleted', () => refused(core, 'character.delete', { id: pc.id })],
    ] as const) {
      const stop = await failLogWrites(core, kind)
      expect((await call()).code).toBe('internal')
      await stop()
    }
    expect(await gm(core, 'character.get', { id: pc.id })).toMatchObject({ name: 'Glam', sheet: glam })
  })

  it('deletes a character with its inventory, logging the whole record', async () => {
    const pc = await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: glam })
    await gm(core, 'inventory.add', { characterId: pc.id, name: 'Torch', kind: 'light', details: { type: 'torch' } })
    await gm(core, 'character.delete', { id: pc.id })
    expect(await written(core)).toMatchObject({ characters: 0, items: 0 })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry?.kind).toBe('character.deleted')
    expect((entry?.payload.record as { sheet: unknown }).sheet).toEqual(glam)
    expect((await refused(core, 'character.get', { id: pc.id })).code).toBe('not_found')
    expect((await refused(core, 'character.delete', { id: pc.id })).code).toBe('not_found')
  })
})

describe('character.check', () => {
  it('returns problems, impossible values and derived values without writing anything', async () => {
    const before = await written(core)
    const ok = await gm(core, 'character.check', { campaignId, kind: 'pc', sheet: glam })
    expect(ok.problems).toEqual([])
    expect(ok.fields).toEqual([])
    expect(ok.facts.map((f) => f.label)).toEqual(['Resistance target', 'Strike bonus', 'Hardiness'])
    const bad = await gm(core, 'character.check', { campaignId, kind: 'pc', sheet: { ...glam, maxH: -3 } })
    expect(bad.fields).toEqual([{ field: 'maxH', problem: 'must be at least 0' }])
    expect(bad.problems).toEqual(['Maximum H: must be at least 0.'])
    expect(await written(core)).toEqual(before)
  })
})

describe('character.generate (OSR-1 … OSR-5)', () => {
  it('rolls a level-1 character with the campaign dice, logs every face and puts the gold in the ledger', async () => {
    const pc = await gm(core, 'character.generate', { campaignId, name: 'Glam', playerName: 'Ana', optionsAllowed: 2, options: ['deft touch', 'high tolerance'] })
    const [gold, generated] = await gm(core, 'log.list', { campaignId, limit: 2 })
    expect(generated?.kind).toBe('character.generated')
    expect(gold?.kind).toBe('ledger.earned')
    const faces = generated!.dice!.map((d) => d.face)
    expect(generated!.dice!.map((d) => d.sides)).toEqual([6, 6, 6, 6, 6, 6, 6]) // B, M, S, H, 3d6 gold
    const mod = (f: number) => (f <= 2 ? -1 : f <= 4 ? 0 : 1)
    const [b, m, s, h, g1, g2, g3] = faces as [number, number, number, number, number, number, number]
    expect(pc.sheet).toMatchObject({ level: 1, B: mod(b), M: mod(m), S: mod(s), optionsAllowed: 2, options: ['deft touch', 'high tolerance'] })
    expect(pc.sheet.maxH).toBe(Math.max(1, h + mod(s)))
    expect(pc.sheet.h).toBe(pc.sheet.maxH)
    expect(pc.balances.gold).toBe((g1 + g2 + g3) * 5)
    expect(pc.problems).toEqual([])
    expect(pc.encumbrance.purseLbs).toBe(((g1 + g2 + g3) * 5) / 5)
  })

  it('rolls the option allowance on 1d3 when the GM has not set it (OSR-4)', async () => {
    const pc = await gm(core, 'character.generate', { campaignId, name: 'Vex' })
    const [, generated] = await gm(core, 'log.list', { campaignId, limit: 2 })
    const first = generated!.dice![0]!.face
    expect(pc.sheet.optionsAllowed).toBe(Math.ceil(first / 2)) // DICE-1: 1d3 on a d6
    expect(generated!.dice).toHaveLength(8)
  })

  it('rolls the same character again from the same seed', async () => {
    const again = await campaign('osr', 'fixed-seed')
    const a = await gm(core, 'character.generate', { campaignId, name: 'A', optionsAllowed: 1 })
    const b = await gm(core, 'character.generate', { campaignId: again, name: 'B', optionsAllowed: 1 })
    expect(b.sheet).toEqual(a.sheet)
  })

  it('leaves nothing behind, not even the dice counter, when the starting gold cannot be written', async () => {
    const stop = await failGoldWrites(core)
    const before = await written(core)
    expect((await refused(core, 'character.generate', { campaignId, name: 'Glam', optionsAllowed: 1 })).code).toBe('internal')
    expect(await written(core)).toEqual(before)
    await stop()
  })

  it('refuses choices the rules forbid before keeping any roll, and other systems', async () => {
    const before = await written(core)
    const err = await refused(core, 'character.generate', { campaignId, name: 'Saint', optionsAllowed: 1, options: ['divine audience'] })
    expect(err.details).toEqual([{ field: 'patron', problem: 'Divine audience needs a patron deity agreed with the GM.' }])
    const tooMany = await refused(core, 'character.generate', { campaignId, name: 'Saint', optionsAllowed: 1, options: ['deft touch', 'great vigour'] })
    expect(tooMany.details).toEqual([{ field: 'options', problem: 'The GM allowed 1 option(s) but 2 were chosen.' }])
    expect(await written(core)).toEqual(before) // not even the dice counter moved
    const ladderId = await campaign('ladder')
    const other = await refused(core, 'character.generate', { campaignId: ladderId, name: 'Tai' })
    expect(other.code).toBe('refused')
    expect(other.details[0]?.field).toBe('campaignId')
  })
})

describe('a character stored with a partial sheet (older or imported data)', () => {
  it('opens with every field of the system filled from its defaults, for each system', async () => {
    const lib = tempLibrary()
    const core = await lib.open()
    try {
      for (const system of ['ladder', 'osr', 'lode', 'challenge', 'ranks'] as const) {
        const campaignId = (await gm(core, 'campaign.create', { name: system, system })).id
        const id = await insert(core, 'character', { campaign_id: campaignId, kind: 'npc', name: 'Bare', sheet: '{}', created_at: 't', updated_at: 't' })
        const c = await gm(core, 'character.get', { id })
        expect(Object.keys(c.sheet).sort(), system).toEqual(Object.keys(blankSheet(system)).sort())
      }
    } finally {
      await core.close()
      lib.cleanup()
    }
  })
})
