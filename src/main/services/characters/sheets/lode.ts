/**
 * LODE's sheet rules: attributes and skills are advantages (extra dice) or disadvantages (dice
 * taken away) against an average person (LODE-1), each named once; Destiny and Energy are ledger
 * balances (LODE-9), with Energy held against the character's supply.
 */
import { LodeSheet, type LodeTrait } from '../../../../shared/api/sheets/lode'
import type { DerivedFact } from '../../../../shared/contract'
import { energyReading } from '../../../../shared/lode-energy'
import { namedTwice, type SheetRules } from './types'

const dice = (n: number): string => (n > 0 ? `+${n}` : String(n))

function traitProblems(traits: readonly LodeTrait[], what: 'attribute' | 'skill'): string[] {
  const problems: string[] = []
  if (traits.some((t) => t.name.trim() === '')) problems.push(`Every ${what} needs a name.`)
  const twice = namedTwice(traits.map((t) => t.name))
  if (twice.length) problems.push(`${what === 'attribute' ? 'Attributes' : 'Skills'} named twice: ${twice.join(', ')}.`)
  for (const t of traits) {
    // LODE-1: a trait is an advantage or a disadvantage against the average; 0 is the average itself.
    if (t.dice === 0 && t.name.trim()) problems.push(`${t.name.trim()} gives neither an advantage nor a disadvantage (0 dice): rate it or remove it (LODE-1).`)
  }
  return problems
}

function lodeFacts(sheet: LodeSheet, balances: Readonly<Record<string, number>>): DerivedFact[] {
  const all = [...sheet.attributes, ...sheet.skills]
  const advantages = all.filter((t) => t.dice > 0).reduce((s, t) => s + t.dice, 0)
  const disadvantages = all.filter((t) => t.dice < 0).reduce((s, t) => s - t.dice, 0)
  const best = (list: readonly LodeTrait[]) => list.reduce<LodeTrait | null>((b, t) => (b === null || t.dice > b.dice ? t : b), null)
  const bestAttribute = best(sheet.attributes)
  const bestSkill = best(sheet.skills)
  const facts: DerivedFact[] = [
    { label: 'Advantages', value: `${advantages} in all`, rule: 'LODE-1' },
    { label: 'Disadvantages', value: `${disadvantages} in all`, rule: 'LODE-1' },
  ]
  if (bestAttribute && bestSkill) {
    const pool = bestAttribute.dice + bestSkill.dice
    facts.push({ label: 'Best pool at BD 2', value: `${Math.max(0, 2 + pool)} dice (${bestAttribute.name} ${dice(bestAttribute.dice)}, ${bestSkill.name} ${dice(bestSkill.dice)})`, rule: 'LODE-1' })
  }
  if ('destiny' in balances) facts.push({ label: 'Destiny', value: String(balances.destiny), rule: 'LODE-9' })
  // LODE-9: "2 of 3" within the supply, "5 (3 over the supply of 2)" over it (the GM's choice), the balance alone with none set.
  if ('energy' in balances) facts.push({ label: 'Energy', value: energyReading(balances.energy ?? 0, sheet.energySupply).text, rule: 'LODE-9' })
  else facts.push({ label: 'Energy supply', value: String(sheet.energySupply), rule: 'LODE-9' })
  return facts
}

export const lodeSheet: SheetRules<LodeSheet> = {
  shape: LodeSheet,
  problems: (sheet) => [...traitProblems(sheet.attributes, 'attribute'), ...traitProblems(sheet.skills, 'skill')],
  facts: (sheet, context) => lodeFacts(sheet, context.balances),
}
