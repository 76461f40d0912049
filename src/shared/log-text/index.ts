/** One line of plain words for each kind of log entry; later kinds add their own line here. */
import type { LogEntry } from '../contract'
import { SETTING_META, type SettingMetaKey } from '../settings-meta'
import { CURRENCIES, amountOf, type CurrencyId } from '../currencies'
import { describeOsrEntry } from './osr'
import { describeLodeEntry } from './lode'
import { describeRanksEntry } from './ranks'
import { challengeLogText } from './challenge'
import { entryWords, keyWords } from './words'
import { bareTitle } from '../session-name'

export function settingLabel(key: string): string {
  if (key in SETTING_META) return SETTING_META[key as SettingMetaKey].label
  const words = keyWords(key)
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}

/** A value a GM typed anywhere, in words: never as JSON. */
function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing'
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  if (typeof value === 'string') return `“${value}”`
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'string' ? v : valueWords(v))).join(', ') : 'none'
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${keyWords(k)} ${valueWords(v)}`)
    .join(', ')
}

/**
 * A setting's change as the Settings page words it: "The campaign starts set to Day 3 · 06:00.",
 * "Heal between adventures turned on.", "Combat round length set to 20 seconds."
 */
export function settingChangeText(key: string, value: unknown): string {
  const label = settingLabel(key)
  const input = key in SETTING_META ? SETTING_META[key as SettingMetaKey].input : null
  if (typeof value === 'boolean') return `${label} turned ${value ? 'on' : 'off'}.`
  if (input?.kind === 'day and time' && value && typeof value === 'object') {
    const v = value as { day?: unknown; time?: unknown }
    return `${label} set to Day ${String(v.day)} · ${String(v.time)}.`
  }
  if (input?.kind === 'number' && typeof value === 'number') {
    const unit = 'unit' in input && input.unit ? (input.unit === 's' ? (value === 1 ? ' second' : ' seconds') : ` ${input.unit}`) : ''
    return `${label} set to ${value}${unit}.`
  }
  if (input?.kind === 'list' && Array.isArray(value)) return `${label} set to ${valueWords(value)}.`
  return `${label} set to ${valueWords(value)}.`
}

/** What an injury update did, in a word or two: the toggles a GM flips most. */
function injuryChangeWord(to: Record<string, unknown>): string {
  if (to.healed !== undefined) return to.healed ? 'healed' : 'no longer healed'
  if (to.treated !== undefined) return to.treated ? 'treated' : 'no longer treated'
  return 'changed'
}

/** The words a GM uses for the fields an update names. */
const FIELD_WORDS: Record<string, string> = {
  number: 'number',
  title: 'title',
  realDate: 'date',
  adventureId: 'adventure',
  gameTimeStart: 'start time',
  gameTimeEnd: 'end time',
  status: 'status',
  gmNotes: 'notes',
  name: 'name',
  kind: 'kind',
  description: 'description',
  dice: 'dice',
  locationId: 'location',
}

/** "title, notes changed", from an update's `to` (fields listed in `skip` are told apart). */
function changedText(p: Record<string, unknown>, skip: string[] = []): string[] {
  const keys = Object.keys((p.to ?? {}) as Record<string, unknown>).filter((k) => !skip.includes(k))
  return keys.length ? [`${keys.map((k) => FIELD_WORDS[k] ?? keyWords(k)).join(', ')} changed`] : []
}

/** What a session update did: fields changed, who came, who was not there after all. */
function sessionChangeText(p: Record<string, unknown>): string {
  const came = (p.came as string[] | undefined) ?? []
  const left = (p.left as string[] | undefined) ?? []
  const parts = [...changedText(p), ...(came.length ? [`${came.join(', ')} came`] : []), ...(left.length ? [`${left.join(', ')} not there`] : [])]
  return parts.join('; ') || 'changed'
}

/** "Session 12 “The Crypt”": the session a record of it names, its title quoted unless it only repeats the number. */
function sessionQuoted(p: Record<string, unknown>): string {
  const title = bareTitle(Number(p.number), typeof p.title === 'string' ? p.title : '')
  return `Session ${String(p.number)}${title ? ` “${title}”` : ''}`
}

/** What a location update did; a move names where the place went. */
function locationChangeText(p: Record<string, unknown>): string {
  const moved = p.to && 'parentId' in (p.to as object) ? [p.movedInto ? `moved into “${String(p.movedInto)}”` : 'moved to the top level'] : []
  return [...changedText(p, ['parentId']), ...moved].join('; ') || 'changed'
}

/** Where a deleted location's places went. */
function movedText(p: Record<string, unknown>): string {
  const moved = (p.movedChildren as string[] | undefined) ?? []
  if (moved.length === 0) return ''
  return ` ${moved.join(', ')} moved ${p.movedTo ? `into “${String(p.movedTo)}”` : 'to the top level'}.`
}

/** The row an encounter roll landed on: its NPC and text, or a plain word for a gap. */
function encounterText(p: Record<string, unknown>): string {
  if (p.range === null || p.range === undefined) return 'no row covers it'
  const what = [p.npc, p.text].filter((x) => typeof x === 'string' && x !== '').join(' — ')
  return what || `row ${String(p.range)}, which is empty`
}

/** A modifier as the sheet writes it: +1, 0, −1. */
function signed(n: unknown): string {
  const v = Number(n)
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0'
}

/** The fields of a character, as a change line names them. */
const CHARACTER_FIELD_WORDS: Record<string, string> = {
  kind: 'kind',
  name: 'name',
  playerName: 'player',
  status: 'status',
  notes: 'notes',
  tags: 'tags',
  sheet: 'sheet',
  draft: 'draft',
}

/**
 * The entry in one line of plain words. An entry whose payload lacks what its sentence needs (a
 * damaged or hand-written row) reads its own words rather than breaking the log.
 * @example describeLogEntry({ kind: 'setting.changed', payload: { key: 'clock.start', value: { day: 3, time: '06:00' } }, … }) // 'The campaign starts set to Day 3 · 06:00.'
 */
export function describeLogEntry(e: LogEntry): string {
  try {
    return sentenceOf(e)
  } catch {
    return entryWords(e.kind, e.payload)
  }
}

function sentenceOf(e: LogEntry): string {
  const p = e.payload
  // The clock writes its own sentence into each entry (services/clock/lines.ts).
  if (e.kind.startsWith('clock.event.')) return String(p.text)
  if (e.kind === 'clock.undone') return `Undone: ${String(p.summary)}.`
  if (e.kind.startsWith('clock.')) return `${String(p.summary)}.`
  // The LODE, Ranks and Challenge combat entries write their own sentence (services/table-scene).
  if (/^(lode|ranks|challenge)\.combat\./.test(e.kind) && typeof p.text === 'string') return p.text
  if (e.kind.startsWith('osr.')) return describeOsrEntry(e)
  if (e.kind.startsWith('ranks.')) return describeRanksEntry(e)
  if (e.kind.startsWith('lode.')) return describeLodeEntry(e)
  if (e.kind.startsWith('challenge.')) return challengeLogText(e)
  // The Ladder's table writes its own sentence into each entry (services/table-ladder/lines.ts).
  if (e.kind.startsWith('ladder.') && typeof p.text === 'string') return p.text
  // Growth between sessions writes its own sentence (services/growth).
  if (e.kind.startsWith('growth.') && typeof p.text === 'string') return p.text
  // What the GM showed the players writes its own sentence too (services/players/reveals.ts).
  if (e.kind.startsWith('players.') && typeof p.text === 'string') return p.text
  switch (e.kind) {
    case 'session.closed': {
      const topUps = (p.topUps as { name: string; amount: number }[] | undefined) ?? []
      const extra = [
        ...topUps.map((t) => `${t.name}’s pool topped up by ${t.amount} (LAD-30)`),
        ...(Number(p.threatLeft) > 0 ? [`${String(p.threatLeft)} Threat left unspent (RK-7)`] : []),
      ]
      return `Session ${String(p.number)} closed.${extra.length ? ` ${extra.join('; ')}.` : ''}`
    }
    case 'play.undone':
      return `Undone: ${String(p.what)}.`
    case 'play.redone':
      return `Redone: ${String(p.what)}.`
    case 'encounter.reaction':
      return `Reaction${p.who ? ` (closest: ${String(p.who)})` : ''}: ${p.face === undefined ? '' : `d6 = ${String(p.face)} → `}${String(p.reaction)}.`
    case 'campaign.created':
      return `Campaign “${String(p.name)}” begun, playing ${String(p.systemName)}.`
    case 'campaign.renamed':
      return `Campaign renamed from “${String(p.from)}” to “${String(p.to)}”.`
    case 'setting.changed':
      return settingChangeText(String(p.key), p.value)
    case 'note':
      return String(p.text)
    case 'adventure.created':
      return `Adventure “${String(p.title)}” added.`
    case 'adventure.updated':
      return `Adventure “${String(p.title)}” changed.`
    case 'adventure.moved':
      return `Adventure “${String(p.title)}” moved from place ${String(p.from)} to ${String(p.to)}.`
    case 'adventure.deleted':
      return `Adventure “${String(p.title)}” deleted.`
    case 'ledger.earned':
      return `${String(p.name)} gained ${amountOf(p.currency as CurrencyId, Number(p.amount))}: ${String(p.reason)} (now ${String(p.balance)}).`
    case 'ledger.spent':
      return `${String(p.name)} spent ${amountOf(p.currency as CurrencyId, -Number(p.amount))}: ${String(p.reason)} (now ${String(p.balance)}).`
    case 'ledger.corrected':
      return `${String(p.name)}: ${String(p.reason)}; ${CURRENCIES[p.currency as CurrencyId]?.label ?? String(p.currency)} now ${String(p.balance)}.`
    case 'ledger.reasoned':
      return `${String(p.name)}’s ${Number(p.amount) < 0 ? '−' : '+'}${amountOf(p.currency as CurrencyId, Math.abs(Number(p.amount)))}: ${String(p.to)} (the reason was “${String(p.from)}”).`
    case 'injury.recorded':
      return `${String(p.name)}: ${String(p.label)} recorded.`
    case 'injury.updated':
      return `${String(p.name)}’s injury (${String(p.label)}) ${injuryChangeWord((p.to ?? {}) as Record<string, unknown>)}.`
    case 'injury.steppedDown':
      return `${String(p.name)}’s ${String(p.from)} stepped down to a Wound for 1 Plot Point.`
    case 'injury.deleted':
      return `${String(p.name)}’s injury (${String(p.label)}) deleted.`
    case 'session.created':
      return `${sessionQuoted(p)} recorded.`
    case 'session.updated':
      return `Session ${String(p.number)}: ${sessionChangeText(p)}.`
    case 'session.deleted':
      return `${sessionQuoted(p)} deleted.`
    case 'location.created':
      return `Location “${String(p.name)}” added${p.parent ? ` inside “${String(p.parent)}”` : ''}.`
    case 'location.updated':
      return `Location “${String(p.name)}”: ${locationChangeText(p)}.`
    case 'location.deleted':
      return `Location “${String(p.name)}” deleted.${movedText(p)}`
    case 'encounterTable.created':
      return `Encounter table “${String(p.name)}” (${String(p.dice)}) added.`
    case 'encounterTable.updated':
      return `Encounter table “${String(p.name)}”: ${[...changedText(p), ...(p.rows ? ['rows changed'] : [])].join('; ') || 'changed'}.`
    case 'encounterTable.deleted':
      return `Encounter table “${String(p.name)}” deleted.`
    case 'encounter.rolled':
      return `Rolled ${String(p.total)} on “${String(p.table)}” (${String(p.dice)}): ${encounterText(p)}.`
    case 'character.created':
      return `${p.kind === 'pc' ? 'Player character' : 'NPC'} “${String(p.name)}” added${p.draft ? ' as a draft' : ''}.`
    case 'character.generated':
      return `Rolled a new character, “${String(p.name)}”: B ${signed(p.B)}, M ${signed(p.M)}, S ${signed(p.S)}, ${String(p.maxH)} H, ${String(p.gold)} GP.`
    case 'character.updated':
      return `“${String(p.name)}” changed: ${((p.changed as string[] | undefined) ?? []).map((f) => CHARACTER_FIELD_WORDS[f] ?? keyWords(f)).join(', ')}.`
    case 'character.deleted':
      return `${p.kind === 'pc' ? 'Player character' : 'NPC'} “${String(p.name)}” deleted.`
    case 'inventory.added':
      return `${String(p.character)} took ${Number(p.quantity) === 1 ? '' : `${String(p.quantity)} × `}${String(p.name)}.`
    case 'inventory.updated':
      return `${String(p.character)}’s ${String(p.name)} changed.`
    case 'inventory.removed':
      return `${String(p.character)} no longer carries ${String(p.name)}.`
    default:
      return entryWords(e.kind, p)
  }
}
