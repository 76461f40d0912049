/** How the clock shows durations and lights. */

/** "45 min", "4 h 10 min", "30 s". */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  return h > 0 ? (m > 0 ? `${h} h ${m} min` : `${h} h`) : `${m} min`
}

/** A light's name as a GM says it: "Glam’s torch". */
export function lightLabel(l: { type: string; holderName: string }): string {
  return `${l.holderName}’s ${l.type}`
}
