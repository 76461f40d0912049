/** A recap's at-a-glance lines: what a GM looks for first. */
import type { LogEntry } from '../../../shared/contract'
import { CURRENCIES, type CurrencyId } from '../../../shared/currencies'
import type { RecapVariant } from '../../../shared/recap/markdown'
import { lineText } from './lines'

/** The at-a-glance lines: what a GM looks for first (one pass over the entries). */
export function glance(entries: LogEntry[], variant: RecapVariant): string[] {
  // Checks that found nothing are in the clock step's entry; each encounter has its own.
  let checks = 0
  let encounters = 0
  const taken: string[] = []
  const healed: string[] = []
  const lightsOut: string[] = []
  const short: string[] = []
  const loot: string[] = []
  // CLK-14: the journey's legs, camps and what was met where.
  const road = { legs: 0, camps: 0, met: [] as number[], arrived: '' }
  // Gained and spent, per holder and currency, from the ledger's own entries.
  const sums = new Map<string, { gained: number; spent: number }>()
  for (const e of entries) {
    const k = e.kind
    if (k.startsWith('clock.')) {
      if (Array.isArray(e.payload.checks)) checks += e.payload.checks.length
      if (k === 'clock.event.journey-leg-done') road.legs++
      else if (k === 'clock.event.journey-camp') road.camps++
      else if (k === 'clock.event.journey-met') road.met.push(e.gameTime)
      else if (k === 'clock.event.journey-arrived') road.arrived = lineText(e).replace(/^the party /, '')
      if (k === 'clock.event.encounter-check') encounters++
      else if (k === 'clock.event.natural-healing') healed.push(lineText(e).replace(/\.$/, ''))
      else if (k === 'clock.event.light-out') lightsOut.push(lineText(e))
      else if (k === 'clock.event.rations') {
        const line = lineText(e)
        if (/running low|ran out|last/.test(line)) short.push(line)
      }
    } else if (k === 'injury.recorded') taken.push(`${String(e.payload.name)} (${String(e.payload.label)})`)
    else if (k === 'injury.updated' && (e.payload.to as Record<string, unknown> | undefined)?.healed === true) healed.push(lineText(e).replace(/\.$/, ''))
    else if (k === 'inventory.added') loot.push(lineText(e).replace(/\.$/, ''))
    else if (k === 'ledger.earned' || k === 'ledger.spent' || k === 'ledger.corrected') {
      const key = `${String(e.payload.name)}\u0000${String(e.payload.currency)}`
      const s = sums.get(key) ?? { gained: 0, spent: 0 }
      const amount = Number(e.payload.amount)
      if (amount >= 0) s.gained += amount
      else s.spent -= amount
      sums.set(key, s)
    }
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const lines: string[] = []
  if (variant === 'gm' && checks > 0) lines.push(`Encounter checks: ${plural(checks, 'check')}, ${plural(encounters, 'encounter')}`)
  else if (encounters > 0) lines.push(`Encounters: ${encounters}`)
  if (road.legs + road.camps + road.met.length > 0 || road.arrived) {
    // Where each was met is told in the recap's Journey section.
    const met = road.met.length ? `, ${road.met.length} met on the way` : ''
    lines.push(`Journey: ${plural(road.legs, 'leg')} done, ${plural(road.camps, 'camp')}${met}${road.arrived ? `; ${road.arrived}` : ''}`)
  }
  if (taken.length) lines.push(`Injuries taken: ${taken.join(', ')}`)
  if (healed.length) lines.push(`Healed: ${healed.join('; ')}`)
  if (lightsOut.length) lines.push(`Lights gone out: ${lightsOut.join('; ')}`)
  if (short.length) lines.push(`Rations and water: ${short.join('; ')}`)
  for (const [key, s] of sums) {
    const [name, currency] = key.split('\u0000') as [string, CurrencyId]
    const label = CURRENCIES[currency]?.label ?? currency
    const parts = [s.gained ? `gained ${s.gained}` : '', s.spent ? `spent ${s.spent}` : ''].filter(Boolean)
    lines.push(`${label}, ${name}: ${parts.join(', ') || 'no change'}`)
  }
  if (loot.length) lines.push(`Loot: ${loot.join('; ')}`)
  return lines
}
