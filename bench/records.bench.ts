/**
 * Campaign records at size (issue 7), through the real router on a real SQLite file:
 * - search among 10,000 NPCs with notes (median per query, over 20 different queries);
 * - opening a character with 500 ledger entries: everything the character page loads
 *   (the character with its sheet check and derived values, balances, the newest 50 ledger
 *   entries, inventory with load, injuries);
 * - the Characters list: the first page of 10,000 NPCs, and filtered by a word of the notes.
 * Baselines are the bare better-sqlite3 queries closest to each (a LIKE scan for search).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore } from '../src/main/app'
import { BenchGroup } from './harness'

const NPCS = 10_000
const WORDS = ['brigand', 'merchant', 'witch', 'guard', 'priest', 'smuggler', 'knight', 'beggar', 'sailor', 'scholar']
const PLACES = ['harbour', 'keep', 'market', 'hills', 'abbey', 'sewers', 'forest', 'bridge', 'tavern', 'tower']

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  const core = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false })
  const sqlite = core.handle.sqlite
  const call = async (method: string, input: unknown) => {
    const r = await core.router.call(method, input, { scope: 'gm' })
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }
  try {
    const { id: campaignId } = (await call('campaign.create', { name: 'Bench', system: 'osr' })) as { id: number }
    const addNpc = sqlite.prepare(
      "insert into character (campaign_id, kind, name, notes, tags, draft, created_at, updated_at) values (?, 'npc', ?, ?, ?, 1, 't', 't')",
    )
    const t0 = performance.now()
    sqlite.transaction(() => {
      for (let i = 0; i < NPCS; i++) {
        const w = WORDS[i % WORDS.length]!
        const p = PLACES[Math.floor(i / 10) % PLACES.length]!
        addNpc.run(campaignId, `Citizen ${String(i).padStart(5, '0')}`, `A ${w} seen near the ${p}; owes ${i % 97} GP to the guild. Remembers the party from session ${i % 40}.`, JSON.stringify([w, p]))
      }
    })()
    const loadMs = performance.now() - t0
    // A PC with a valid sheet, a full pack and 500 ledger entries.
    const pc = (await call('character.create', {
      campaignId,
      kind: 'pc',
      name: 'Glam',
      playerName: 'Sam',
      sheet: { level: 1, body: -1, mind: 0, spirit: 1, h: 4, maxH: 4, options: ['deft touch'], spellsKnown: [], spellsPrepared: [] },
    }).catch(() => null)) as { id: number } | null
    const pcId = pc?.id ?? Number(sqlite.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', 'Glam', 't', 't')").run(campaignId).lastInsertRowid)
    const addLedger = sqlite.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (?, ?, ?, ?, ?, 't')")
    const addItem = sqlite.prepare("insert into inventory_item (character_id, name, kind, quantity, weight_lbs, details, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 't', 't')")
    sqlite.transaction(() => {
      for (let i = 0; i < 500; i++) addLedger.run(campaignId, pcId, i % 3 === 0 ? 'xp' : 'gold', i % 4 === 3 ? -1 : 2, `entry ${i}`)
      for (let i = 0; i < 30; i++) addItem.run(pcId, `Item ${i}`, 'other', 1 + (i % 3), 1 + (i % 5), '{}')
    })()
    console.log(`Library: ${NPCS.toLocaleString('en')} NPCs with notes (written and indexed in ${loadMs.toFixed(0)} ms), a PC with 500 ledger entries and 30 items.`)

    const queries = [...WORDS, ...PLACES.map((p) => `${p} guild`)]
    let q = 0
    const g1 = new BenchGroup(`search among ${NPCS.toLocaleString('en')} NPCs with notes (median per query, ${queries.length} queries, 50 hits max)`)
    const like = sqlite.prepare("select id, name from character where campaign_id = ? and (name like ? or notes like ?) limit 50")
    await g1.add('bare LIKE scan of names and notes', () => {
      const w = `%${queries[q++ % queries.length]!.split(' ')[0]}%`
      like.all(campaignId, w, w)
    }, { baseline: true, minMs: 600 })
    await g1.add('router: search.query (FTS5, ranked, snippets)', () => call('search.query', { campaignId, text: queries[q++ % queries.length]!, limit: 50 }), {
      minMs: 600,
    })
    await g1.add('router: character.list text filter', () => call('character.list', { campaignId, text: queries[q++ % queries.length]!.split(' ')[0], limit: 50 }), {
      minMs: 600,
    })
    g1.print()

    const g2 = new BenchGroup('opening a character with 500 ledger entries (everything the character page loads)')
    const rawChar = sqlite.prepare('select * from character where id = ?')
    const rawSums = sqlite.prepare('select currency, sum(amount) as s from ledger_entry where campaign_id = ? and character_id = ? group by currency')
    const rawPage = sqlite.prepare('select * from ledger_entry where character_id = ? order by id desc limit 50')
    const rawItems = sqlite.prepare('select * from inventory_item where character_id = ?')
    const rawInjuries = sqlite.prepare('select * from injury where character_id = ?')
    await g2.add('bare better-sqlite3 selects', () => {
      rawChar.get(pcId)
      rawSums.all(campaignId, pcId)
      rawPage.all(pcId)
      rawItems.all(pcId)
      rawInjuries.all(pcId)
    }, { baseline: true, minMs: 600 })
    await g2.add('router: character.get + ledger.balances + ledger.list + inventory.list + injury.list', async () => {
      await Promise.all([
        call('character.get', { id: pcId }),
        call('ledger.balances', { campaignId, characterId: pcId }),
        call('ledger.list', { campaignId, characterId: pcId, limit: 50 }),
        call('inventory.list', { characterId: pcId }),
        call('injury.list', { campaignId, characterId: pcId }),
      ])
    }, { minMs: 600 })
    g2.print()

    const g3 = new BenchGroup(`the Characters list: first page of ${NPCS.toLocaleString('en')} NPCs`)
    const rawList = sqlite.prepare("select id, name from character where campaign_id = ? and kind = 'npc' order by name collate nocase limit 100")
    await g3.add('bare better-sqlite3 select', () => rawList.all(campaignId), { baseline: true, minMs: 600 })
    await g3.add('router: character.list (100 rows and the total)', () => call('character.list', { campaignId, kind: 'npc', limit: 100 }), { minMs: 600 })
    g3.print()
  } finally {
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
