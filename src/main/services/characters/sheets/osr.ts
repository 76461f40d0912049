/**
 * The old-school sheet's rules: modifiers as rolled (OSR-1), hardiness never above its maximum
 * (OSR-2), options within the GM's allowance (OSR-4) with a patron for divine audience (OSR-24),
 * and spells within capacity and level (OSR-21). Resistance, strike bonus and capacity are derived.
 */
import { OsrSheet } from '../../../../shared/api/sheets/osr'
import {
  creationProblems,
  hardinessStatus,
  learningProblems,
  levelReached,
  resistanceTarget,
  seesInTheDark,
  spellCapacity,
  strikeBonus,
  timesTaken,
  type KnownSpell,
  type OptionName,
} from '../../../engines/osr'
import type { DerivedFact } from '../../../../shared/contract'
import type { SheetContext, SheetRules } from './types'

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')

function modifierProblems(sheet: OsrSheet): string[] {
  return (['B', 'M', 'S'] as const)
    .filter((m) => sheet[m] < -1 || sheet[m] > 1)
    .map((m) => `${m} ${signed(sheet[m])} is not a rolled modifier: B, M and S are −1, 0 or +1 (OSR-1).`)
}

function optionAndPatronProblems(sheet: OsrSheet): string[] {
  // The engine's creation check covers the allowance, repeats and the patron; the name is checked elsewhere.
  return creationProblems({ name: 'x', allowance: sheet.optionsAllowed, options: sheet.options, patron: sheet.patron }).map((p) =>
    p.startsWith('The GM allowed') ? `${p} (OSR-4)` : p,
  )
}

function spellProblems(sheet: OsrSheet): string[] {
  const problems: string[] = []
  const learnt: KnownSpell[] = []
  const caster = { level: sheet.level, options: sheet.options as OptionName[] }
  for (const spell of sheet.spells) {
    // OSR-21: learn them one by one, as the character did; a spell on the sheet was found and read or taught.
    const issues = learningProblems({ ...caster, spells: learnt }, spell, { from: 'master' })
    problems.push(...issues.map((p) => `${p} (OSR-21)`))
    if (issues.length === 0) learnt.push(spell)
  }
  const known = new Set(sheet.spells.map((s) => s.id))
  for (const id of new Set(sheet.prepared)) {
    if (!known.has(id)) problems.push(`"${id}" is prepared but is not one of the spells this character knows (OSR-22).`)
  }
  return problems
}

function osrProblems(sheet: OsrSheet, context: SheetContext): string[] {
  const problems = [...modifierProblems(sheet)]
  if (sheet.maxH === 0 && context.status === 'active') {
    problems.push('Maximum H is 0, which means dead (OSR-19): enter the hardiness rolled, one d6 per level plus S, each at least 1 (OSR-2), or mark the character dead.')
  }
  if (sheet.h > sheet.maxH) problems.push(`H ${sheet.h} is above the maximum ${sheet.maxH}; current H never rises above it (OSR-2).`)
  return [...problems, ...optionAndPatronProblems(sheet), ...spellProblems(sheet)]
}

function osrFacts(sheet: OsrSheet, balances: Readonly<Record<string, number>>, thresholds?: readonly number[]): DerivedFact[] {
  const options = sheet.options as OptionName[]
  const highTolerance = Math.min(2, timesTaken(options, 'high tolerance'))
  // An H above its maximum is a problem listed elsewhere; the engine refuses to read it.
  const state = sheet.h <= sheet.maxH ? hardinessStatus({ h: sheet.h, maxH: sheet.maxH }) : { dead: false, incapacitated: false }
  const facts: DerivedFact[] = [
    { label: 'Resistance target', value: `${resistanceTarget({ level: sheet.level, highTolerance })} on d20`, rule: 'OSR-3' },
    { label: 'Strike bonus', value: signed(strikeBonus(sheet.level)), rule: 'OSR-15' },
    { label: 'Hardiness', value: state.dead ? 'dead (maximum H 0)' : state.incapacitated ? `${sheet.h} of ${sheet.maxH}: incapacitated` : `${sheet.h} of ${sheet.maxH}`, rule: 'OSR-19' },
  ]
  const arcane = spellCapacity({ level: sheet.level, options }, 'arcane')
  const divine = spellCapacity({ level: sheet.level, options }, 'divine')
  if (arcane > 0) facts.push({ label: 'Spells', value: `${sheet.spells.filter((s) => s.art === 'arcane').length} of ${arcane}`, rule: 'OSR-21' })
  if (divine > 0) facts.push({ label: 'Invocations', value: `${sheet.spells.filter((s) => s.art === 'divine').length} of ${divine}`, rule: 'OSR-21' })
  if (seesInTheDark(options)) facts.push({ label: 'Darkness', value: 'sees in the dark: no −5', rule: 'OSR-4, OSR-8' })
  if ('xp' in balances) {
    const xp = balances.xp ?? 0
    const reached = levelReached(xp, thresholds)
    facts.push({ label: 'Experience', value: reached > sheet.level ? `${xp}: reaches level ${reached}, ready to gain a level` : String(xp), rule: 'OSR-6' })
  }
  if ('gold' in balances) facts.push({ label: 'Gold', value: `${balances.gold} GP`, rule: 'OSR-5' })
  return facts
}

export const osrSheet: SheetRules<OsrSheet> = {
  shape: OsrSheet,
  problems: (sheet, context) => osrProblems(sheet, context),
  facts: (sheet, context) => osrFacts(sheet, context.balances, context.levelThresholds),
}
