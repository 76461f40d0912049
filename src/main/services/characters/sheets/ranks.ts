/**
 * Resolution and Ranks' sheet rules: every character has every one of the campaign's abilities,
 * rated Poor to Spectacular (RK-1); aspects are named once (RK-4); the Harm track (RK-8) and the
 * chapter moves used (RK-9) are kept as the engine keeps them.
 */
import { RanksSheet } from '../../../../shared/api/sheets/ranks'
import type { DerivedFact } from '../../../../shared/contract'
import { HARM_BOXES, CHAPTER_MOVES } from '../../../engines/ranks'
import { namedTwice, type SheetRules } from './types'

const key = (s: string): string => s.trim().toLowerCase()
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

function abilityProblems(sheet: RanksSheet, campaignAbilities: readonly string[]): string[] {
  const problems: string[] = []
  const rated = new Set(sheet.abilities.map((a) => key(a.name)))
  const known = new Set(campaignAbilities.map(key))
  const missing = campaignAbilities.filter((a) => !rated.has(key(a)))
  if (missing.length) problems.push(`Every character has every ability (RK-1): rate ${missing.join(', ')}.`)
  const extra = sheet.abilities.filter((a) => a.name.trim() && !known.has(key(a.name)))
  if (extra.length) problems.push(`${extra.map((a) => a.name.trim()).join(', ')} ${extra.length === 1 ? 'is' : 'are'} not among the campaign's abilities (${campaignAbilities.join(', ') || 'none yet'}); change the list in Settings or remove ${extra.length === 1 ? 'it' : 'them'}.`)
  if (sheet.abilities.some((a) => a.name.trim() === '')) problems.push('Every ability needs a name.')
  const twice = namedTwice(sheet.abilities.map((a) => a.name))
  if (twice.length) problems.push(`Abilities rated twice: ${twice.join(', ')}.`)
  return problems
}

function aspectProblems(sheet: RanksSheet): string[] {
  const problems: string[] = []
  if (sheet.aspects.some((a) => a.name.trim() === '')) problems.push('Every aspect needs a name.')
  const twice = namedTwice(sheet.aspects.map((a) => a.name))
  if (twice.length) problems.push(`Aspects named twice: ${twice.join(', ')}.`)
  const moves = sheet.chapterMoves.filter((m, i) => sheet.chapterMoves.indexOf(m) !== i)
  if (moves.length) problems.push(`${capital(moves[0]!)} is marked used twice; each move is used once per chapter (RK-9).`)
  return problems
}

function ranksFacts(sheet: RanksSheet, balances: Readonly<Record<string, number>>): DerivedFact[] {
  const marked = HARM_BOXES.filter((b) => sheet.harm[b])
  const free = sheet.aspects.filter((a) => !a.used).length
  const next = HARM_BOXES.find((b) => !sheet.harm[b])
  const left = CHAPTER_MOVES.filter((m) => !sheet.chapterMoves.includes(m))
  const facts: DerivedFact[] = [
    { label: 'Harm', value: marked.length ? marked.map(capital).join(', ') : 'none', rule: 'RK-8' },
    { label: 'Next Harm', value: next ? `marks ${capital(next)}` : 'beyond Doomed: out of the scene, roll Courage', rule: 'RK-8' },
    { label: 'Aspects available', value: `${free} of ${sheet.aspects.length}`, rule: 'RK-4' },
    { label: 'Chapter moves left', value: left.length ? left.map(capital).join(', ') : 'none this chapter', rule: 'RK-9' },
  ]
  if ('xp' in balances) facts.push({ label: 'Experience', value: String(balances.xp), rule: 'RK-6' })
  return facts
}

export const ranksSheet: SheetRules<RanksSheet> = {
  shape: RanksSheet,
  problems: (sheet, context) => [...abilityProblems(sheet, context.abilities), ...aspectProblems(sheet)],
  facts: (sheet, context) => ranksFacts(sheet, context.balances),
}
