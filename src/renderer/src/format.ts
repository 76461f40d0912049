/** Small formatters shared by the views. */

/** "just now", "5 minutes ago", "3 days ago", or a date for anything older than a month. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso)
  const s = Math.round((now.getTime() - then.getTime()) / 1000)
  if (s < 45) return 'just now'
  const units: [number, string][] = [
    [60, 'minute'],
    [3600, 'hour'],
    [86400, 'day'],
  ]
  if (s < 30 * 86400) {
    const [size, name] = s < 3600 ? units[0]! : s < 86400 ? units[1]! : units[2]!
    const n = Math.max(1, Math.round(s / size))
    return `${n} ${name}${n === 1 ? '' : 's'} ago`
  }
  return then.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
}

/** Game time as "Day 3 · 14:35" (one definition, shared with the main process's recaps). */
export { gameTime } from '../../shared/log-text/words'
