/**
 * Session recaps: the story of one session as Markdown, for the GM's notes, the players, or an
 * Obsidian vault. Reading only: a recap changes nothing in the library.
 */
import { dialectOf } from '../../db/connection'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LogEntry } from '../../../shared/contract'
import { SYSTEMS } from '../../../shared/systems'
import type { RecapVariant } from '../../../shared/recap/markdown'
import { notFound, toLogEntry } from '../core'
import { PLAYERS_AUDIENCES, PLAYERS_COLUMNS, playersEntries, type PlayersEntry } from '../players'
import { buildRecap, topicOf, type Named, type RecapInput, type RecapOptions } from './build'
import { openForm, rawForm, splitWords, stringsOf, trimmedForm, type Run } from './names'
import { betweenSessions } from './between'
import { foldReasons } from './reasons'

export { buildRecap, folderFilenameFor, notesFor, recapTree, topicOf, writeMarkdown, type RecapInput } from './build'
export { writeRecapToFolder } from './folder'

/** The longest name, in words, that the log could name (names longer than this are not looked for). */
const MAX_NAME_WORDS = 12

/** The first characters the campaign's NPC and location names start with. */
async function firstCharacters(db: Kysely<Database>, campaignId: number) {
  if (dialectOf(db) === 'postgres') {
    return sql<{ c: string }>`select left(name, 1) as c from character where campaign_id = ${campaignId} and kind = 'npc'
      union select left(name, 1) from location where campaign_id = ${campaignId}`.execute(db)
  }
  // One index seek each (a skip-scan), no name read.
  return sql<{ c: string }>`
    with recursive
      npc(c) as (
        select (select substr(name, 1, 1) from character where campaign_id = ${campaignId} and kind = 'npc' order by name limit 1)
        union all
        select (select substr(name, 1, 1) from character where campaign_id = ${campaignId} and kind = 'npc' and name >= npc.c || char(1114111) order by name limit 1)
        from npc where npc.c is not null
      ),
      place(c) as (
        select (select substr(name, 1, 1) from location where campaign_id = ${campaignId} order by name limit 1)
        union all
        select (select substr(name, 1, 1) from location where campaign_id = ${campaignId} and name >= place.c || char(1114111) order by name limit 1)
        from place where place.c is not null
      )
    select c from npc where c is not null union select c from place where c is not null`.execute(db)
}

/**
 * For each form: whether an NPC or a location of the campaign has exactly that name, and whether
 * one has a longer name starting with it (1 or 0).
 */
async function formsNamed(db: Kysely<Database>, campaignId: number, forms: string[]) {
  type Answer = { v: string; npc: number; location: number; longer: number }
  if (dialectOf(db) === 'postgres') {
    return sql<Answer>`
      with form(v) as materialized (select jsonb_array_elements_text(${JSON.stringify(forms)}::jsonb))
      select v,
        exists (select 1 from character where campaign_id = ${campaignId} and kind = 'npc' and name = v)::int as npc,
        exists (select 1 from location where campaign_id = ${campaignId} and name = v)::int as location,
        (exists (select 1 from character where campaign_id = ${campaignId} and kind = 'npc' and starts_with(name, v) and name <> v)
          or exists (select 1 from location where campaign_id = ${campaignId} and starts_with(name, v) and name <> v))::int as longer
      from form`.execute(db)
  }
  return sql<Answer>`
    with form(v) as materialized (select value from json_each(${JSON.stringify(forms)}))
    select v,
      exists (select 1 from character where campaign_id = ${campaignId} and kind = 'npc' and name = v) as npc,
      exists (select 1 from location where campaign_id = ${campaignId} and name = v) as location,
      exists (select 1 from character where campaign_id = ${campaignId} and kind = 'npc' and name > v and name < v || char(1114111))
        or exists (select 1 from location where campaign_id = ${campaignId} and name > v and name < v || char(1114111)) as longer
    from form`.execute(db)
}

/**
 * The campaign's NPCs and locations the entries name, each with the entries naming it, found
 * without reading every name or comparing every entry with every name: the name indexes of
 * `character` and `location` are asked, a word at a time, which runs of the log's words start a
 * name, and a run grows only while some name still starts with it.
 */
async function namedIn(db: Kysely<Database>, campaignId: number, entries: LogEntry[]): Promise<{ npcs: Named[]; locations: Named[] }> {
  const firsts = await firstCharacters(db, campaignId)
  const startChars = [...new Set(firsts.rows.map((r) => r.c))]
  if (startChars.length === 0) return { npcs: [], locations: [] }
  // Compared as code points: no string is made for each word's first character.
  const starts = new Set(startChars.map((c) => c.codePointAt(0)!))
  const startsHere = (w: string | undefined): boolean => w !== undefined && starts.has(w.codePointAt(0) ?? -1)
  // Each distinct string of the entries' payloads is cut into words once; a run starts at each
  // word that starts with one of those characters.
  const stringsByEntry: [number, string[]][] = []
  let runs: Run[] = []
  const seen = new Set<string>()
  for (const e of entries) {
    if (topicOf(e.kind) === null) continue
    const strings: string[] = []
    stringsOf(e.payload, strings)
    stringsByEntry.push([e.id, strings])
    for (const text of strings) {
      if (seen.has(text)) continue
      seen.add(text)
      // A text holding none of the characters a name starts with names nobody: not cut into words.
      if (!startChars.some((c) => text.includes(c))) continue
      const words = splitWords(text)
      for (let i = 0; i < words.raw.length; i++) {
        if (startsHere(words.raw[i]) || startsHere(words.left[i])) runs.push({ text, words, i, n: 1 })
      }
    }
  }
  const kinds = new Map<string, { npc: boolean; location: boolean }>()
  const namesIn = new Map<string, Set<string>>()
  for (let n = 1; runs.length > 0 && n <= MAX_NAME_WORDS; n++) {
    const forms = new Set<string>()
    for (const r of runs) forms.add(rawForm(r)).add(trimmedForm(r)).add(`${rawForm(r)} `).add(`${openForm(r)} `)
    const found = await formsNamed(db, campaignId, [...forms])
    const answer = new Map(found.rows.map((r) => [r.v, r]))
    const next: Run[] = []
    for (const r of runs) {
      for (const form of [rawForm(r), trimmedForm(r)]) {
        const a = answer.get(form)
        if (!a || !(a.npc || a.location) || form.trim() === '') continue
        kinds.set(form, { npc: kinds.get(form)?.npc || a.npc === 1, location: kinds.get(form)?.location || a.location === 1 })
        const hits = namesIn.get(r.text) ?? new Set<string>()
        namesIn.set(r.text, hits.add(form))
      }
      const goesOn = answer.get(`${rawForm(r)} `)?.longer === 1 || answer.get(`${openForm(r)} `)?.longer === 1
      if (goesOn && r.i + r.n < r.words.raw.length) next.push({ ...r, n: r.n + 1 })
    }
    runs = next
  }
  // Which entries name each name found (the players' recap lists only names their entries give).
  const entryIds = new Map<string, number[]>()
  for (const [id, strings] of stringsByEntry) {
    for (const s of strings) {
      for (const name of namesIn.get(s) ?? []) {
        const ids = entryIds.get(name)
        if (ids === undefined) entryIds.set(name, [id])
        else if (ids.at(-1) !== id) ids.push(id)
      }
    }
  }
  const named = (kind: 'npc' | 'location'): Named[] =>
    [...kinds]
      .filter(([, k]) => k[kind])
      .map(([name]) => ({ name, entryIds: entryIds.get(name) ?? [] }))
      .sort((a, b) => a.name.localeCompare(b.name))
  return { npcs: named('npc'), locations: named('location') }
}

/** Everything a recap is built from, read in one snapshot: the GM's entries, or the players' through their gate. */
export async function loadRecapInput(db: Kysely<Database>, sessionId: number, variant: 'players'): Promise<RecapInput<PlayersEntry>>
export async function loadRecapInput(db: Kysely<Database>, sessionId: number, variant: 'gm'): Promise<RecapInput>
export async function loadRecapInput(db: Kysely<Database>, sessionId: number, variant: RecapVariant): Promise<RecapInput> {
  return db.transaction().execute(async (trx) => {
    const session = await trx.selectFrom('session').selectAll().where('id', '=', sessionId).executeTakeFirst()
    if (!session) throw notFound('session', sessionId)
    const campaign = await trx.selectFrom('campaign').select(['name', 'system']).where('id', '=', session.campaign_id).executeTakeFirstOrThrow()
    const adventure =
      session.adventure_id === null ? undefined : await trx.selectFrom('adventure').select('title').where('id', '=', session.adventure_id).executeTakeFirst()
    const party = await trx
      .selectFrom('session_attendance')
      .innerJoin('character', 'character.id', 'session_attendance.character_id')
      .select('character.name')
      .where('session_attendance.session_id', '=', sessionId)
      .orderBy('character.name')
      .execute()
    // The story: what stands, neither undone nor undo's own bookkeeping; the players' as their gate gives it.
    let rows = trx.selectFrom('log_entry').select(PLAYERS_COLUMNS).where('session_id', '=', sessionId).where('undone', '=', 0)
    rows = variant === 'players' ? rows.where('audience', 'in', PLAYERS_AUDIENCES) : rows.where('audience', '!=', 'book')
    const read = await rows.orderBy('game_time').orderBy('id').execute()
    // The recap's sentences never need the dice, so they are not parsed.
    // A reason given after a change reads as the change's own (reasons.ts).
    const entries: LogEntry[] = foldReasons(
      variant === 'players' ? await playersEntries(trx, session.campaign_id, read) : read.map((r) => toLogEntry({ ...r, dice: null, undone: 0 })),
    )
    return {
      campaign: { name: campaign.name, systemName: SYSTEMS[campaign.system].name },
      session: {
        number: session.number,
        title: session.title,
        realDate: session.real_date,
        gameTimeStart: session.game_time_start,
        gameTimeEnd: session.game_time_end,
        status: session.status,
        gmNotes: session.gm_notes,
        adventure: adventure?.title ?? null,
      },
      party: party.map((p) => p.name),
      entries,
      named: await namedIn(trx, session.campaign_id, entries),
      between: await betweenSessions(trx, session, variant),
    }
  })
}

/**
 * A session's recap as Markdown: GM (everything) or players (what happened to them: no GM-only
 * entries, hidden timers or GM's numbers, only the "Recap" section of the GM's notes).
 * @example const { markdown, filename } = await sessionRecap(db, { sessionId: 3, variant: 'players' })
 */
export async function sessionRecap(
  db: Kysely<Database>,
  input: { sessionId: number; variant: RecapVariant; obsidian?: boolean | undefined },
): Promise<{ markdown: string; filename: string; folderFilename: string; entries: number }> {
  const options: RecapOptions = { obsidian: input.obsidian ?? false }
  if (input.variant === 'players') {
    const data = await loadRecapInput(db, input.sessionId, 'players')
    return { ...buildRecap(data, 'players', options), entries: data.entries.length }
  }
  const data = await loadRecapInput(db, input.sessionId, 'gm')
  return { ...buildRecap(data, 'gm', options), entries: data.entries.length }
}
