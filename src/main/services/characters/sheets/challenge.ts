/**
 * The Challenge System's sheet rules: abilities rated on one scale with bonus, reserves and
 * resistance (CH-1), and the reductions lost challenges left (CH-10): a point of reduction removes
 * 1 rating, 2 bonus, 3 reserves or half a resistance point, from one ability or from every one.
 */
import { ChallengeSheet, type ChallengeAbility, type ChallengeReduction } from '../../../../shared/api/sheets/challenge'
import type { DerivedFact } from '../../../../shared/contract'
import { POINT_REMOVES, sideProblems } from '../../../engines/challenge'
import { namedTwice, type SheetRules } from './types'

type Quantity = keyof typeof POINT_REMOVES

/**
 * The ability's numbers after every reduction that applies to it (CH-10).
 * @example reducedAbility({ name: 'Sorcery', rating: 7, bonus: 3, reserves: 2, resistance: 0 }, [{ scope: 'ability', ability: 'Sorcery', from: 'rating', points: 2, note: '' }]).rating // 5
 */
export function reducedAbility(ability: ChallengeAbility, reductions: readonly ChallengeReduction[]): Record<Quantity, number> {
  const now: Record<Quantity, number> = { rating: ability.rating, bonus: ability.bonus, reserves: ability.reserves, resistance: ability.resistance }
  for (const r of reductions) {
    const applies = r.scope === 'overall' || (r.ability.trim() !== '' && r.ability.trim().toLowerCase() === ability.name.trim().toLowerCase())
    if (applies) now[r.from] -= r.points * POINT_REMOVES[r.from]
  }
  return now
}

function reductionProblems(sheet: ChallengeSheet): string[] {
  const problems: string[] = []
  const names = new Set(sheet.abilities.map((a) => a.name.trim().toLowerCase()))
  sheet.reductions.forEach((r, i) => {
    const label = `Reduction ${i + 1}`
    if (r.scope === 'ability' && r.ability.trim() === '') problems.push(`${label} reduces one ability: name it (CH-10).`)
    else if (r.scope === 'ability' && !names.has(r.ability.trim().toLowerCase())) problems.push(`${label} names "${r.ability.trim()}", which is not one of this character's abilities.`)
    if (r.scope === 'overall' && r.ability.trim() !== '') problems.push(`${label} is overall, so it reduces every ability; clear the ability "${r.ability.trim()}" or make it an ability reduction.`)
    // CH-10: a point removes half a resistance point, so resistance takes points in pairs.
    if (r.from === 'resistance' && r.points % 2 !== 0) problems.push(`${label}: a point removes half a resistance point, so resistance takes points in pairs; ${r.points} is odd (CH-10).`)
  })
  for (const ability of sheet.abilities) {
    const now = reducedAbility(ability, sheet.reductions)
    for (const q of Object.keys(now) as Quantity[]) {
      if (now[q] < 0) problems.push(`${ability.name.trim() || 'An unnamed ability'} has ${q} ${ability[q]}; its reductions would take ${ability[q] - now[q]} (CH-10).`)
    }
  }
  return problems
}

function challengeProblems(sheet: ChallengeSheet): string[] {
  const problems: string[] = []
  if (sheet.abilities.some((a) => a.name.trim() === '')) problems.push('Every ability needs a name.')
  const twice = namedTwice(sheet.abilities.map((a) => a.name))
  if (twice.length) problems.push(`Abilities named twice: ${twice.join(', ')}.`)
  for (const a of sheet.abilities) problems.push(...sideProblems(a, a.name.trim() || 'An unnamed ability'))
  return [...problems, ...reductionProblems(sheet)]
}

function describe(numbers: Record<Quantity, number>): string {
  const extras = (['bonus', 'reserves', 'resistance'] as const).filter((q) => numbers[q] !== 0).map((q) => `${q} ${numbers[q]}`)
  return [String(numbers.rating), ...extras].join(' · ')
}

function challengeFacts(sheet: ChallengeSheet): DerivedFact[] {
  return sheet.abilities
    .filter((a) => a.name.trim())
    .map((a) => {
      const now = reducedAbility(a, sheet.reductions)
      const reduced = (Object.keys(now) as Quantity[]).some((q) => now[q] !== a[q])
      return { label: a.name.trim(), value: reduced ? `${describe(now)} (reduced from ${describe(a)})` : describe(a), rule: reduced ? 'CH-10' : 'CH-1' }
    })
}

export const challengeSheet: SheetRules<ChallengeSheet> = {
  shape: ChallengeSheet,
  problems: (sheet) => challengeProblems(sheet),
  facts: (sheet) => challengeFacts(sheet),
}
