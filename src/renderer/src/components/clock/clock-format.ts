/** How the clock shows durations and lights. */

/** "45 min", "4 h 10 min", "30 s", "2 days 3 h". */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const d = Math.floor(seconds / 86400)
  const h = Math.floor((seconds % 86400) / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  if (d > 0) return `${d} day${d === 1 ? '' : 's'}${h > 0 ? ` ${h} h` : ''}${m > 0 ? ` ${m} min` : ''}`
  return h > 0 ? (m > 0 ? `${h} h ${m} min` : `${h} h`) : `${m} min`
}

/** A light's name as a GM says it: "Glam’s torch", "Glam’s lantern “Old brass”". */
export function lightLabel(l: { type: string; holderName: string; itemName?: string | null }): string {
  const called = l.itemName && l.itemName.trim().toLowerCase() !== l.type ? ` “${l.itemName}”` : ''
  return `${l.holderName}’s ${l.type}${called}`
}
