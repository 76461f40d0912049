/**
 * A session's recap as Markdown, from what the session holds: pure, so it is tested and benched
 * without a database. The recap is built as a Markdown syntax tree (mdast) and written by
 * `mdast-util-to-markdown`, which escapes data text (names, items, log lines) only where it would
 * otherwise change the Markdown; the GM's notes are parsed and embedded as their own tree, so their
 * Markdown stays as written. The front matter is written by a YAML library.
 *
 * The GM variant tells everything; the players' variant tells what happened to them, from the
 * entries as the players' gate gives them (services/players/audience: no GM-only entries, hidden
 * timers, unrevealed foes' names, foes' numbers not shown, encounter checks' dice and thresholds,
 * the Threat pool), and only the "Recap" section of the GM's notes.
 */
import type { Heading, List, ListItem, PhrasingContent, Root, RootContent } from 'mdast'
import { stringify } from 'yaml'
import type { LogEntry } from '../../../shared/contract'
import { gameTime } from '../../../shared/log-text/words'
import type { PlayersEntry } from '../players/audience/read'
import type { RecapVariant } from '../../../shared/recap/markdown'
import { filenameFor, folderFilenameFor } from './files'
import { bareTitle, sessionName } from '../../../shared/session-name'
import { glance } from './glance'
import { journeyHeadline, journeyLines, journeysOf } from './journey'
import { hhmm, lineFor, timeline } from './lines'
import { oneLine, wikiLink, writeMarkdown } from './markdown'
import { notesFor, shiftHeadings, type Thread } from './notes'

export { folderFilenameFor } from './files'
export { lineFor, topicOf } from './lines'
export { wikiLink, writeMarkdown, type TextLines, type WikiLink } from './markdown'
export { notesFor } from './notes'

/** What a recap is built from: the GM's entries for the GM's recap, the players' (`PlayersEntry`) for theirs. */
export interface RecapInput<E extends LogEntry = LogEntry> {
  campaign: { name: string; systemName: string }
  session: {
    number: number
    title: string
    realDate: string | null
    gameTimeStart: number | null
    gameTimeEnd: number | null
    status: 'open' | 'closed'
    gmNotes: string
    /** The adventure the session belongs to, by title. */
    adventure: string | null
  }
  /** Who was there, by name. */
  party: string[]
  /** The session's log entries that stand (not undone, not undo's bookkeeping), oldest first. */
  entries: E[]
  /** What changed since the session before (growth, and the ledger outside any session), oldest first (recap/between.ts). */
  between?: E[]
  /**
   * The campaign's NPCs and locations named in the session's log, each with the entries naming it
   * (a players' recap lists only those the players' entries name).
   */
  named: { npcs: Named[]; locations: Named[] }
}

export interface Named {
  name: string
  /** Ids of the entries that name it. */
  entryIds: number[]
}

export interface RecapOptions {
  /** Names of characters, locations and adventures as Obsidian `[[wikilinks]]`. */
  obsidian?: boolean
}

const text = (value: string): PhrasingContent => ({ type: 'text', value })
const heading = (depth: Heading['depth'], value: string): Heading => ({ type: 'heading', depth, children: [text(value)] })
const para = (children: PhrasingContent[]): RootContent => ({ type: 'paragraph', children })
const item = (children: PhrasingContent[], checked: boolean | null = null): ListItem => ({ type: 'listItem', spread: false, checked, children: [{ type: 'paragraph', children }] })
const list = (items: ListItem[]): List => ({ type: 'list', ordered: false, spread: false, children: items })

/** A name as text, or as a wikilink in an Obsidian recap. */
function nameNode(name: string, options: RecapOptions): PhrasingContent {
  return options.obsidian ? wikiLink(name) : text(name)
}

/** Names joined by ", " as text or links. */
function names(list: string[], options: RecapOptions): PhrasingContent[] {
  return list.flatMap((n, i) => (i === 0 ? [nameNode(n, options)] : [text(', '), nameNode(n, options)]))
}

/**
 * The session's heading: "Session 3: The Crypt", or the title alone when it already says which
 * session it is ("Session 3 – The Crypt").
 */
export function sessionHeading(number: number, title: string): string {
  const t = title.trim()
  // A title that begins with its own number (`bareTitle` takes it off) is kept as the GM wrote it.
  return bareTitle(number, t) === t ? sessionName(number, t) : t
}


function frontMatter(input: RecapInput, variant: RecapVariant, options: RecapOptions): string {
  const { campaign, session } = input
  const link = (name: string) => (options.obsidian ? `[[${wikiLink(name).target}]]` : name)
  const data: Record<string, unknown> = {
    campaign: campaign.name,
    system: campaign.systemName,
    session: session.number,
    title: session.title,
    // A date as YAML writes one (unquoted): Obsidian reads it as a date property.
    date: session.realDate,
    adventure: session.adventure === null ? null : link(session.adventure),
    game_time_from: session.gameTimeStart === null ? null : gameTime(session.gameTimeStart),
    game_time_to: session.gameTimeEnd === null ? null : gameTime(session.gameTimeEnd),
    status: session.status,
    recap_for: variant === 'gm' ? 'GM' : 'players',
    party: input.party.map(link),
    tags: ['session-recap', variant === 'gm' ? 'gm-recap' : 'players-recap'],
  }
  return `---\n${stringify(data, { lineWidth: 0 })}---\n`
}

/** The names a variant may see: those named by an entry it reads. */
function namedFor(named: Named[], entries: LogEntry[], variant: RecapVariant): string[] {
  if (variant === 'gm') return named.map((n) => n.name)
  const ids = new Set(entries.map((e) => e.id))
  return named.filter((n) => n.entryIds.some((id) => ids.has(id))).map((n) => n.name)
}

function threadItem(t: Thread): ListItem {
  if ('inline' in t) return item(t.inline, false)
  return { type: 'listItem', spread: false, checked: false, children: t.blocks as ListItem['children'] }
}

/** The recap as a Markdown syntax tree (no front matter): the players' only from the players' entries. */
export function recapTree(input: RecapInput<PlayersEntry>, variant: 'players', options?: RecapOptions): Root
export function recapTree(input: RecapInput, variant: 'gm', options?: RecapOptions): Root
export function recapTree(input: RecapInput, variant: RecapVariant, options: RecapOptions = {}): Root {
  const { campaign, session, entries } = input
  const notes = notesFor(session.gmNotes, variant)
  const out: RootContent[] = []

  out.push(heading(1, sessionHeading(session.number, session.title)))
  const when = [
    session.realDate ? `Played ${session.realDate}` : '',
    session.gameTimeStart !== null ? `${gameTime(session.gameTimeStart)} → ${session.gameTimeEnd === null ? 'still open' : gameTime(session.gameTimeEnd)}` : '',
  ].filter(Boolean)
  out.push(para([text(`${campaign.name} · ${campaign.systemName}${when.length ? ` · ${when.join(' · ')}` : ''}`)]))
  if (session.adventure !== null) out.push(para([text('Adventure: '), nameNode(session.adventure, options)]))
  if (input.party.length) out.push(para([text('Party: '), ...names(input.party, options)]))

  const between = (input.between ?? []).map((e) => lineFor(e, variant)).filter((l): l is string => l !== null)
  if (between.length) {
    out.push(heading(2, 'Since the last session'))
    out.push(list(between.map((l) => item([text(oneLine(l))]))))
  }

  out.push(heading(2, 'Summary'))
  if (notes.blocks.length) out.push(...shiftHeadings(notes.blocks, 3))
  else out.push(para([text('No summary written.')]))

  const glanceLines = glance(entries, variant)
  out.push(heading(2, 'At a glance'))
  out.push(glanceLines.length ? list(glanceLines.map((l) => item([text(l)]))) : para([text('Nothing of note recorded.')]))

  // CLK-14: each journey of the session told leg by leg.
  const journeys = journeysOf(entries, variant)
  if (journeys.length) {
    out.push(heading(2, 'Journey'))
    for (const j of journeys) {
      out.push(heading(3, j.name), para([text(journeyHeadline(j))]), list(journeyLines(j).map((l) => item([text(l)]))))
    }
  }

  out.push(heading(2, 'Timeline'))
  let day = -1
  let hour = -1
  let items: string[] = []
  const flush = () => {
    if (items.length) out.push({ type: 'textLines', lines: items })
    items = []
  }
  const lines = timeline(entries, variant)
  for (const line of lines) {
    const d = Math.floor(line.at / 86400)
    const h = Math.floor((line.at % 86400) / 3600)
    if (d !== day) {
      flush()
      out.push(heading(3, `Day ${d + 1}`))
      day = d
      hour = -1
    }
    if (h !== hour) {
      flush()
      out.push(heading(4, `${String(h).padStart(2, '0')}:00`))
      hour = h
    }
    items.push(oneLine(`${hhmm(line.at)} · ${line.topic} — ${line.text}`))
  }
  flush()
  if (lines.length === 0) out.push(para([text('Nothing happened at the table in this session yet.')]))

  const npcs = namedFor(input.named.npcs, entries, variant)
  out.push(heading(2, 'NPCs met'))
  out.push(npcs.length ? list(npcs.map((n) => item([nameNode(n, options)]))) : para([text('None named.')]))

  const places = namedFor(input.named.locations, entries, variant)
  if (places.length) {
    out.push(heading(2, 'Places'))
    out.push(list(places.map((n) => item([nameNode(n, options)]))))
  }

  out.push(heading(2, 'Open threads'))
  out.push(notes.threads.length ? list(notes.threads.map(threadItem)) : para([text('None noted.')]))
  return { type: 'root', children: out }
}

export interface BuiltRecap {
  markdown: string
  filename: string
  folderFilename: string
}

/**
 * The recap's Markdown, a file name for it, and the name it takes in a folder (a vault).
 * @example buildRecap(input, 'players').markdown.startsWith('---\ncampaign: ') // true
 */
export function buildRecap(input: RecapInput<PlayersEntry>, variant: 'players', options?: RecapOptions): BuiltRecap
export function buildRecap(input: RecapInput, variant: 'gm', options?: RecapOptions): BuiltRecap
export function buildRecap(input: RecapInput, variant: RecapVariant, options: RecapOptions = {}): BuiltRecap {
  const tree = variant === 'players' ? recapTree(input as RecapInput<PlayersEntry>, 'players', options) : recapTree(input, 'gm', options)
  const markdown = `${frontMatter(input, variant, options)}\n${writeMarkdown(tree)}`
  return { markdown, filename: filenameFor(input, variant), folderFilename: folderFilenameFor(input) }
}
