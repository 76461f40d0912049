/**
 * The Superhero (LAD-29): 7 assets (2 superb, 2 expert, 3 good) behind one concept, 4 flaws of which exactly one
 * is the Vulnerability, 3 identifying features plus 3 for the heroic identity (one the costume), on the extended
 * ladder.
 */
import { ratingProblems, sheetProblems } from './character'
import type { CharacterSheet, Validation } from './character'
import type { TaskInput } from './task'

export interface SuperheroSheet extends CharacterSheet {
  heroicFeatures: { text: string; costume?: boolean }[]
}

/**
 * Checks a super's sheet (LAD-29) and returns every problem found, in plain words.
 * @example validateSuperhero(blackWidow) // { ok: true }
 */
export function validateSuperhero(sheet: SuperheroSheet): Validation {
  const problems = [...sheetProblems(sheet, 'super'), ...ratingProblems(sheet.assets, { superb: 2, expert: 2, good: 3 }, 'super')]
  if (sheet.flaws.length !== 4) problems.push(`A super has exactly 4 flaws, one of them the Vulnerability; this one has ${sheet.flaws.length}.`)
  const vulnerabilities = sheet.flaws.filter((f) => f.vulnerability).length
  if (vulnerabilities !== 1) problems.push(`Exactly one flaw is the Vulnerability; ${vulnerabilities} are marked.`)
  const heroic = sheet.heroicFeatures
  if (heroic.length !== 3 || heroic.some((f) => f.text.trim() === '')) {
    problems.push(`The heroic identity has exactly 3 identifying features, each written; this one has ${heroic.filter((f) => f.text.trim() !== '').length}.`)
  }
  const costumes = heroic.filter((f) => f.costume).length
  if (costumes !== 1) problems.push(`Exactly one heroic feature describes the costume; ${costumes} are marked.`)
  return problems.length === 0 ? { ok: true } : { ok: false, problems }
}

/**
 * A roll where the Vulnerability comes into play is always under a bad wonky ladder, on the extended ladder
 * (LAD-29), whatever else was declared.
 * @example underVulnerability({ asset: 'superb' }) // { asset: 'superb', wonky: 'bad', extended: true }
 */
export function underVulnerability(task: TaskInput): TaskInput {
  return { ...task, wonky: 'bad', extended: true }
}
