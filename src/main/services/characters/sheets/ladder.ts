/**
 * The Ladder's sheet rules: the creation shape of a character (LAD-24) or a super (LAD-29) through
 * the engine's validators, the development limits once a character has grown in play (LAD-23),
 * and rotes that must name the caster's magical assets (LAD-25 … LAD-27).
 */
import { LadderSheet } from '../../../../shared/api/sheets/ladder'
import {
  prepareSpell,
  sheetProblems,
  spellFromRote,
  validateCharacter,
  validateSuperhero,
  RUNG_LABELS,
  type Asset,
  type CharacterSheet,
  type SuperheroSheet,
} from '../../../engines/ladder'
import type { SheetRules } from './types'

/** The engine's view of a stored sheet. */
function engineSheet(sheet: LadderSheet): SuperheroSheet {
  const assets: Asset[] = sheet.assets.map((a) => (a.school ? { name: a.name, rating: a.rating, school: a.school } : { name: a.name, rating: a.rating }))
  const base: CharacterSheet = {
    concept: sheet.concept,
    assets,
    flaws: sheet.flaws.map((f) => ({ name: f.name, vulnerability: f.vulnerability })),
    features: sheet.features,
    allies: sheet.allies,
    equipment: sheet.equipment,
    episodes: sheet.episodes,
    ...(sheet.location ? { location: sheet.location } : {}),
  }
  return { ...base, heroicFeatures: sheet.heroicFeatures }
}

/** LAD-23: the limits a developed character keeps instead of the creation counts, but those the GM overrode. */
function developmentProblems(sheet: LadderSheet): string[] {
  const problems: string[] = []
  const overridden = new Set(sheet.overrides)
  const original = sheet.super ? 7 : 6
  const good = sheet.assets.filter((a) => a.rating === 'good').length
  const expert = sheet.assets.filter((a) => a.rating === 'expert').length
  if (good <= expert && !overridden.has('outnumber')) problems.push(`Good assets must outnumber expert ones (LAD-23); this sheet has ${good} good and ${expert} expert.`)
  if (sheet.assets.length > 2 * original && !overridden.has('twice')) problems.push(`No more than twice the original ${original} assets (LAD-23); this sheet has ${sheet.assets.length}.`)
  if (sheet.flaws.length === 0 && !overridden.has('flaw')) problems.push('At least one flaw must remain (LAD-23).')
  return problems
}

function shapeProblems(sheet: LadderSheet): string[] {
  const engine = engineSheet(sheet)
  if (!sheet.developed) {
    const v = sheet.super ? validateSuperhero(engine) : validateCharacter(engine)
    return v.ok ? [] : v.problems
  }
  const who = sheet.super ? 'super' : 'character'
  const problems = [...sheetProblems(engine, who, false), ...developmentProblems(sheet)]
  if (!sheet.super) {
    // LAD-1: superb and unprecedented assets are for supers (the extended ladder).
    const high = sheet.assets.filter((a) => a.rating === 'superb' || a.rating === 'unprecedented')
    if (high.length > 0) problems.push(`Only a super has assets above expert; ${high.map((a) => a.name || 'an unnamed asset').join(', ')} ${high.length === 1 ? 'is' : 'are'} rated higher.`)
    if (sheet.flaws.some((f) => f.vulnerability)) problems.push('Only a super has a Vulnerability; mark it as an ordinary flaw.')
  } else {
    const vulnerabilities = sheet.flaws.filter((f) => f.vulnerability).length
    // LAD-29: the Vulnerability is never turned into an asset, but it can be bought off (so 0 or 1).
    if (vulnerabilities > 1) problems.push(`A super has at most one Vulnerability; ${vulnerabilities} are marked.`)
  }
  return problems
}

/** LAD-25 … LAD-27: each rote must be castable from the character's magical assets. */
function roteProblems(sheet: LadderSheet): string[] {
  const assets = engineSheet(sheet).assets
  return sheet.rotes.flatMap((rote, i) => {
    const label = rote.effect.trim() ? `Rote "${rote.effect.trim()}"` : `Rote ${i + 1}`
    const check = prepareSpell({ assets }, spellFromRote(rote))
    return check.ok ? [] : check.problems.map((p) => `${label}: ${p}`)
  })
}

export const ladderSheet: SheetRules<LadderSheet> = {
  shape: LadderSheet,
  problems: (sheet) => [...shapeProblems(sheet), ...roteProblems(sheet)],
  facts(sheet, context) {
    const magical = sheet.assets.filter((a) => a.school)
    const facts = [
      { label: 'Ladder', value: sheet.super ? 'Extended (up to Improbable!)' : 'Standard (up to Superb!)', rule: 'LAD-1' },
      { label: 'Magical assets', value: magical.length ? magical.map((a) => `${a.name} (${a.school}, ${RUNG_LABELS[a.rating]})`).join(', ') : 'none: cannot cast', rule: 'LAD-25' },
      { label: 'Starting Plot Points', value: String(Math.min(3, sheet.episodes.filter((e) => e.trim()).length)), rule: 'LAD-21' },
    ]
    if ('pp' in context.balances) facts.push({ label: 'Plot Points now', value: String(context.balances.pp), rule: 'LAD-22' })
    if (sheet.super && 'background' in context.balances) facts.push({ label: 'Background Pool', value: String(context.balances.background), rule: 'LAD-30' })
    return facts
  },
}
