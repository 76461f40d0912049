/**
 * Search and the Characters list at size, through the real router on a real SQLite file:
 * - search among 100,000 log entries and 10,000 NPCs (median per query, over 20 queries);
 * - the Characters list at 100,000 NPCs: the last page, and a text filter;
 * - FTS search at 100,000 NPCs for a word one NPC in ten has.
 * Baselines run in the same process: the old query shapes (FTS5 `unicode61` ranked over every
 * match; the list ordered through the index in the default collation with a LIKE filter), and a
 * bare indexed select.
 *   npm run bench -- search
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore } from '../src/main/app'
import { BenchGroup } from './harness'

const WORDS = ['brigand', 'merchant', 'witch', 'guard', 'priest', 'smuggler', 'knight', 'beggar', 'sailor', 'scholar']
const PLACES = ['harbour', 'keep', 'market', 'hills', 'abbey', 'sewers', 'forest', 'bridge', 'tavern', 'tower']
const DAY = 86400

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  const core = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false })
  const sqlite = core.handle.sqlite
  const call = async (method: string, input: unknown) => {
    const r = await core.router.call(method, input, { scope: 'gm' })
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }
  const addNpcs = (campaignId: number, n: number) => {
    const add = sqlite.prepare("insert into character (campaign_id, kind, name, notes, tags, draft, created_at, updated_at) values (?, 'npc', ?, ?, ?, 1, 't', 't')")
    sqlite.transaction(() => {
      for (let i = 0; i < n; i++) {
        const w = WORDS[i % WORDS.length]!
        const p = PLACES[Math.floor(i / 10) % PLACES.length]!
        // Names in no order, so the list really sorts.
        const k = (i * 7919) % n
        add.run(campaignId, `Citizen ${String(k).padStart(6, '0')}`, `A ${w} seen near the ${p}; owes ${i % 97} GP to the guild. Remembers the party from session ${i % 40}.`, JSON.stringify([w, p]))
      }
    })()
  }
  try {
    // ── A campaign with 10,000 NPCs and 100,000 log entries over 100 days ──────────────────────
    const { id: logCampaign } = (await call('campaign.create', { name: 'Long campaign', system: 'osr' })) as { id: number }
    let t0 = performance.now()
    addNpcs(logCampaign, 10_000)
    const addLog = sqlite.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, ?, 't', 'note', ?)")
    sqlite.transaction(() => {
      for (let i = 0; i < 100_000; i++) {
        const w = WORDS[(i * 3) % WORDS.length]!
        const p = PLACES[(i * 7) % PLACES.length]!
        addLog.run(logCampaign, Math.floor(i * 86.4), JSON.stringify({ text: `Turn ${i}: the ${w} by the ${p} asks about lantern oil ${i % 251}.` }))
      }
    })()
    console.log(`Library: 10,000 NPCs and 100,000 log entries written and indexed in ${(performance.now() - t0).toFixed(0)} ms.`)

    // The old index shape, for the baseline: unicode61 words over the same rows.
    t0 = performance.now()
    sqlite.exec(`create virtual table old_search using fts5(campaign_id unindexed, kind unindexed, ref_id unindexed, title, body, tokenize = 'unicode61 remove_diacritics 2');
      insert into old_search (rowid, campaign_id, kind, ref_id, title, body) select rowid, campaign_id, kind, ref_id, title, body || ' ' || extra from search_index;`)
    console.log(`(old-shape unicode61 index for the baselines built in ${(performance.now() - t0).toFixed(0)} ms)`)
    const oldSearch = sqlite.prepare(`select s.kind, s.ref_id, s.title, snippet(old_search, -1, '[', ']', '…', 12) as snippet from old_search s
      where old_search match ? and s.campaign_id = ? order by rank limit 50`)
    const toOld = (text: string) => text.split(' ').map((w) => `"${w}"*`).join(' ')

    const queries = [...WORDS.map((w) => `${w} lantern`), ...PLACES.map((p) => `${p} guild`)]
    let q = 0
    const g1 = new BenchGroup('search among 100,000 log entries and 10,000 NPCs (median per query, 20 queries, 50 hits)')
    await g1.add('old shape: unicode61 FTS, bm25 over every match', () => oldSearch.all(toOld(queries[q++ % queries.length]!), logCampaign), { baseline: true, minMs: 800 })
    await g1.add('router: search.query', () => call('search.query', { campaignId: logCampaign, text: queries[q++ % queries.length]!, limit: 50 }), { minMs: 800 })
    await g1.add('router: search.query, log entries of day 3 only', () => call('search.query', { campaignId: logCampaign, text: queries[q++ % queries.length]!, kinds: ['log_entry'], from: 2 * DAY, to: 3 * DAY, limit: 50 }), { minMs: 800 })
    await g1.add('router: search.query, no words, day 3 (first 50)', () => call('search.query', { campaignId: logCampaign, text: '', from: 2 * DAY, to: 3 * DAY, limit: 50 }), { minMs: 800 })
    await g1.add('router: search.query, one emoji (LIKE over the index)', () => call('search.query', { campaignId: logCampaign, text: '🌙', limit: 50 }), { minMs: 800 })
    g1.print()

    // ── A campaign with 100,000 NPCs ───────────────────────────────────────────────────────────
    const { id: big } = (await call('campaign.create', { name: 'Big city', system: 'osr' })) as { id: number }
    t0 = performance.now()
    addNpcs(big, 100_000)
    sqlite.exec(`insert into old_search (rowid, campaign_id, kind, ref_id, title, body) select rowid, campaign_id, kind, ref_id, title, body || ' ' || extra from search_index where campaign_id = ${big}`)
    sqlite.exec('analyze')
    console.log(`\nLibrary: 100,000 more NPCs in a second campaign, written and indexed in ${(performance.now() - t0).toFixed(0)} ms.`)

    const PAGE = 200
    const lastOffset = 100_000 - PAGE
    const g2 = new BenchGroup('the Characters list at 100,000 NPCs: the last page (200 rows and the total)')
    // The old shape: the index in the default collation (a sort of every NPC) and a separate count.
    const oldCount = sqlite.prepare("select count(*) as n from character indexed by character_campaign where campaign_id = ? and kind = 'npc'")
    const oldPage = sqlite.prepare("select id, campaign_id, kind, name, player_name, status, tags, draft, updated_at from character indexed by character_campaign where campaign_id = ? and kind = 'npc' order by name collate nocase, id limit ? offset ?")
    await g2.add('old shape: default-collation index, sort + count', () => {
      oldCount.get(big)
      oldPage.all(big, PAGE, lastOffset)
    }, { baseline: true, minMs: 800 })
    const barePage = sqlite.prepare("select id, name from character where campaign_id = ? and kind = 'npc' order by name collate nocase, id limit ?")
    await g2.add('bare indexed select of the first page', () => barePage.all(big, PAGE), { minMs: 800 })
    // The bound under the last page: OFFSET walks every row before it, in the nocase index.
    const bareLast = sqlite.prepare("select id, campaign_id, kind, name, player_name, status, tags, draft, updated_at from character where campaign_id = ? and kind = 'npc' order by name collate nocase, id limit ? offset ?")
    const bareCount = sqlite.prepare("select count(*) from character where campaign_id = ? and kind = 'npc'")
    await g2.add('bound: bare SQL of the last page (the index walked to offset 99,800) and the count', () => {
      bareCount.get(big)
      bareLast.all(big, PAGE, lastOffset)
    }, { minMs: 800 })
    await g2.add('router: character.list, NPCs, last page', () => call('character.list', { campaignId: big, kind: 'npc', offset: lastOffset, limit: PAGE }), { minMs: 800 })
    await g2.add('router: character.list, everyone, last page', () => call('character.list', { campaignId: big, offset: lastOffset, limit: PAGE }), { minMs: 800 })
    g2.print()

    const g3 = new BenchGroup('the Characters list at 100,000 NPCs: a text filter (first page of 200 and the total)')
    const oldFilterCount = sqlite.prepare(`select count(*) as n from character indexed by character_campaign where campaign_id = ? and (name like ? escape '\\' or coalesce(player_name, '') like ? escape '\\' or notes like ? escape '\\' or tags like ? escape '\\')`)
    const oldFilterPage = sqlite.prepare(`select id, name from character indexed by character_campaign where campaign_id = ? and (name like ? escape '\\' or coalesce(player_name, '') like ? escape '\\' or notes like ? escape '\\' or tags like ? escape '\\') order by name collate nocase, id limit 200`)
    let n = 0
    const names = Array.from({ length: 50 }, (_, i) => `Citizen ${String((i * 1999) % 100_000).padStart(6, '0')}`)
    await g3.add('old shape: LIKE over four columns, a name', () => {
      const p = `%${names[n++ % names.length]!}%`
      oldFilterCount.get(big, p, p, p, p)
      oldFilterPage.all(big, p, p, p, p)
    }, { baseline: true, minMs: 800 })
    await g3.add('router: character.list, a name', () => call('character.list', { campaignId: big, text: names[n++ % names.length]!, limit: PAGE }), { minMs: 800 })
    await g3.add('old shape: LIKE over four columns, "smuggler" (10,000 match)', () => {
      oldFilterCount.get(big, '%smuggler%', '%smuggler%', '%smuggler%', '%smuggler%')
      oldFilterPage.all(big, '%smuggler%', '%smuggler%', '%smuggler%', '%smuggler%')
    }, { minMs: 800 })
    // The bound under a common word: every match found in the index, then sorted by name for the page.
    const bareWord = sqlite.prepare(`select id, campaign_id, kind, name, player_name, status, tags, draft, updated_at, count(*) over () as total from character
      where +campaign_id = ? and id in (select (rowid - 1) / 16 from search_index where search_index match ? and rowid % 16 = 1)
      order by name collate nocase, id limit ?`)
    await g3.add('bound: bare SQL of the same (10,000 matches from FTS5, sorted, first 200 and the total)', () => bareWord.all(big, '{title body} : ("smuggler")', PAGE), { minMs: 800 })
    await g3.add('router: character.list, "smuggler" (10,000 match)', () => call('character.list', { campaignId: big, text: 'smuggler', limit: PAGE }), { minMs: 800 })
    g3.print()

    const g4 = new BenchGroup('FTS search at 100,000 NPCs, a common word (one NPC in ten), 50 best')
    await g4.add('old shape: unicode61 FTS, bm25 over every match', () => oldSearch.all('"smuggler"*', big), { baseline: true, minMs: 800 })
    await g4.add('router: search.query "smuggler"', () => call('search.query', { campaignId: big, text: 'smuggler', limit: 50 }), { minMs: 800 })
    await g4.add('router: search.query "smuggler harbour"', () => call('search.query', { campaignId: big, text: 'smuggler harbour', limit: 50 }), { minMs: 800 })
    await g4.add('router: search.query "guild" (every NPC)', () => call('search.query', { campaignId: big, text: 'guild', limit: 50 }), { minMs: 800 })
    g4.print()
  } finally {
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
