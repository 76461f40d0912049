/**
 * A character's sheet and its shape at creation (LAD-24): concept, 6 assets (2 expert, 4 good), 3 flaws,
 * 3 identifying features, up to 3 allies, optional location, equipment and up to 3 episodes.
 */
import type { MagicSchool } from './schools'
import { RUNGS } from './rungs'
import type { Rung } from './rungs'

export interface Asset {
  name: string
  rating: Rung
  /** Set for a magical asset (LAD-25): its colour school, hedge magic, or another school the GM allows. */
  school?: MagicSchool
}

export interface Flaw {
  name: string
  /** A super's Vulnerability (LAD-29). */
  vulnerability?: boolean
}

export interface Ally {
  name: string
  concept: string
  howMet: string
}

export interface CharacterSheet {
  concept: string
  assets: Asset[]
  flaws: Flaw[]
  features: string[]
  allies: Ally[]
  location?: string
  equipment: string[]
  episodes: string[]
}

export type Validation = { ok: true } | { ok: false; problems: string[] }

const blank = (s: string | undefined): boolean => (s ?? '').trim() === ''
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * What every sheet needs, character or super: the parts LAD-24 and LAD-29 share. The count of
 * episodes is a creation rule: a character who survives adventures writes more (LAD-21).
 * @example sheetProblems({ ...tai, concept: '' }, 'character') // ['The concept is missing: …']
 */
export function sheetProblems(sheet: CharacterSheet, who: string, atCreation = true): string[] {
  const problems: string[] = []
  if (blank(sheet.concept)) problems.push(`The concept is missing: in a few words, who is this ${who}?`)
  const names = sheet.assets.map((a) => a.name.trim())
  if (names.some((n) => n === '')) problems.push('Every asset needs a name (what the character is good at).')
  const twice = [...new Set(names.filter((n, i) => n !== '' && names.indexOf(n) !== i))]
  if (twice.length > 0) problems.push(`Assets named twice: ${twice.join(', ')}.`)
  if (sheet.flaws.some((f) => blank(f.name))) problems.push('Every flaw needs a name.')
  if (sheet.features.length !== 3 || sheet.features.some(blank)) {
    problems.push(`A ${who} has exactly 3 identifying features, each written; this one has ${sheet.features.filter((f) => !blank(f)).length}.`)
  }
  if (sheet.allies.length > 3) problems.push(`A ${who} has up to 3 allies; this one has ${sheet.allies.length}.`)
  sheet.allies.forEach((ally, i) => {
    const missing = (['name', 'concept', 'howMet'] as const).filter((k) => blank(ally[k])).map((k) => (k === 'howMet' ? 'how they met' : k))
    if (missing.length > 0) problems.push(`Ally ${i + 1} needs a ${missing.join(', ')}.`)
  })
  if (atCreation && sheet.episodes.length > 3) problems.push(`Up to 3 episodes of the past count at creation; this sheet has ${sheet.episodes.length}.`)
  if (sheet.episodes.some(blank)) problems.push('An episode is listed but not written.')
  if (sheet.equipment.some(blank)) problems.push('An equipment line is blank.')
  return problems
}

/**
 * Problems with how many assets are rated each way: `wanted` lists the exact count for each rung used.
 * @example ratingProblems(assets, { expert: 2, good: 4 }, 'character')
 */
export function ratingProblems(assets: readonly Asset[], wanted: Partial<Record<Rung, number>>, who: string): string[] {
  const total = Object.values(wanted).reduce((s, n) => s + (n ?? 0), 0)
  const spec = RUNGS.filter((r) => wanted[r]).map((r) => `${wanted[r]} ${r}`).join(', ')
  const problems: string[] = []
  if (assets.length !== total) problems.push(`A ${who} has ${total} assets (${spec}); this one has ${assets.length}.`)
  for (const rung of RUNGS) {
    const count = assets.filter((a) => a.rating === rung).length
    const want = wanted[rung] ?? 0
    if (count !== want) {
      problems.push(want === 0
        ? `No asset of a ${who} is rated ${rung} at creation; ${plural(count, 'asset')} ${count === 1 ? 'is' : 'are'}.`
        : `A ${who} has exactly ${want} ${rung} assets; this one has ${count}.`)
    }
  }
  return problems
}

/**
 * Checks a new character's sheet (LAD-24) and returns every problem found, in plain words.
 * @example validateCharacter(taiGivar) // { ok: true }
 */
export function validateCharacter(sheet: CharacterSheet): Validation {
  const problems = [...sheetProblems(sheet, 'character'), ...ratingProblems(sheet.assets, { expert: 2, good: 4 }, 'character')]
  if (sheet.flaws.length !== 3) problems.push(`A character has exactly 3 flaws; this one has ${sheet.flaws.length}.`)
  if (sheet.flaws.some((f) => f.vulnerability)) problems.push('Only a super has a Vulnerability; mark it as an ordinary flaw.')
  return problems.length === 0 ? { ok: true } : { ok: false, problems }
}
