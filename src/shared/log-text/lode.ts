/** One line of plain words for each kind of LODE log entry (log-text.ts hands `lode.*` here). */
import type { LogEntry } from '../contract'
import { LODE_LABEL_WORDS as LABEL_WORDS, dice, entryWords, successes } from './words'
import type { LodeLabel } from '../contract'

/** A side as its entry keeps it; the players' copy of a foe's side has no pool and no `what` (its numbers, LODE-1). */
interface SidePayload {
  name: string
  what?: string
  pool?: number
  successes: number
  label: LodeLabel
  fumble: boolean
  halfmagic: number
}

/** "3 successes — Solid", with a fumble or Halfmagic said outright. */
function outcome(s: SidePayload): string {
  if (typeof s.pool === 'number' && s.pool <= 0) return 'no dice to roll — failure'
  const said = `${successes(s.successes)} — ${LABEL_WORDS[s.label] ?? s.label}`
  if (s.fumble) return `${said}, a fumble`
  if (s.halfmagic > 0) return `${said}, Halfmagic level ${s.halfmagic}`
  return said
}

const whatOf = (s: SidePayload): string => (s.what ? ` ${s.what}` : '')
const withWhat = (s: SidePayload): string => (s.what ? ` with ${s.what}` : '')

export function describeLodeEntry(e: LogEntry): string {
  const p = e.payload as Record<string, unknown> & SidePayload
  switch (e.kind) {
    case 'lode.roll':
      return p.mode === 'fluke'
        ? `${p.name} rolled the Fluke Die: ${outcome(p)}.`
        : `${p.name} rolled${whatOf(p)}${typeof p.pool === 'number' ? ` (${dice(Math.max(p.pool, 0))})` : ''}: ${outcome(p)}.`
    case 'lode.reroll':
      return `${p.name} spent a Destiny point to re-roll${whatOf(p)}: ${outcome(p)}.`
    case 'lode.opposed': {
      const a = p.a as SidePayload
      const b = p.b as SidePayload
      const standing = p.winner === 'tie' ? 'a tie' : `${(p.winner === 'a' ? a : b).name} wins by ${String(p.margin)}`
      return `${a.name} against ${b.name}: ${a.successes} to ${b.successes}, ${standing}.`
    }
    case 'lode.halfmagic.givenUp':
      return `${p.name} gave up Halfmagic (level ${String(p.level)}) for ${successes(p.successes)}; ${p.kept ? `${p.name} keeps` : `${String(p.toName)} gains`} a Destiny point.`
    case 'lode.deliberate':
      return `${p.name} tried for Halfmagic${withWhat(p)} (1 Destiny): ${outcome(p)}${p.status === 'succeeded' ? ' — it works' : ''}.`
    case 'lode.deliberate.reroll':
      return `${p.name} tried again for Halfmagic${p.prepaid ? '' : ' (1 Destiny)'}: ${outcome(p)}${p.status === 'succeeded' ? ' — it works' : ''}.`
    case 'lode.deliberate.stop':
      return `${p.name} stopped trying for Halfmagic${withWhat(p)}: it fails.`
    case 'lode.scene':
      return `Scene ${String(p.number)} begins.`
    default:
      return entryWords(e.kind, e.payload)
  }
}
