/** One line of plain words for each kind of log entry; later kinds add their own line here. */
import type { LogEntry } from '../../shared/contract'
import { SETTING_META, type SettingMetaKey } from '../../shared/settings-meta'

export function settingLabel(key: string): string {
  return key in SETTING_META ? SETTING_META[key as SettingMetaKey].label : key
}

export function describeLogEntry(e: LogEntry): string {
  const p = e.payload
  switch (e.kind) {
    case 'campaign.created':
      return `Campaign “${String(p.name)}” begun, playing ${String(p.systemName)}.`
    case 'campaign.renamed':
      return `Campaign renamed from “${String(p.from)}” to “${String(p.to)}”.`
    case 'setting.changed':
      return `${settingLabel(String(p.key))} set to ${JSON.stringify(p.value)}.`
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
    default:
      return e.kind
  }
}
