/**
 * Character development (LAD-23, and a super's Vulnerability bought off, LAD-29): what each change costs, the
 * limits that keep a character in shape (the GM may override them), and the Plot Points paid, all in one step so
 * that a refused change moves neither the sheet nor the ledger.
 */
import type { Asset, Flaw } from './character'
import { recordPlotPoints } from './ledger'
import type { LedgerEntry, LedgerStamp, PlotPointLedger, PlotPointPool } from './ledger'

export type DevelopmentChange =
  /** A new `good` asset from a "good thing" the character worked for in play: 2 PP. */
  | { change: 'new asset'; name: string; earnedInPlay: boolean }
  /** `good` → `expert`: 4 PP more. */
  | { change: 'raise asset'; name: string }
  /** A flaw reversed into a `good` asset after good roleplaying: 1 PP. Never the Vulnerability. */
  | { change: 'flaw to asset'; flaw: string; asset: string; roleplayedWell: boolean }
  /** A super's Vulnerability bought off after good roleplaying: 2 PP (LAD-29). */
  | { change: 'buy off vulnerability'; roleplayedWell: boolean }
  /** The GM adds a flaw: free. */
  | { change: 'add flaw'; name: string }
  /** The GM retires an asset unused for five or six sessions: free. */
  | { change: 'retire asset'; name: string; sessionsUnused: number }

export interface DevelopingCharacter {
  assets: Asset[]
  flaws: Flaw[]
}

export interface DevelopmentOptions {
  /** Assets the character was created with: 6, or 7 for a super. */
  originalAssets?: number
  /** The GM lets the change through in spite of the limits (never in spite of cost or the rules). */
  gmOverride?: boolean
  /** Which pool pays: a super advances from the Background Pool (LAD-30). */
  pool?: PlotPointPool
}

export type DevelopmentResult =
  | { ok: true; character: DevelopingCharacter; ledger: LedgerEntry[]; cost: number; overridden: string[] }
  | { ok: false; problems: string[] }

/** The change applied to the sheet and its cost, or the rules it breaks (not overridable). */
function applyChange(c: DevelopingCharacter, change: DevelopmentChange): { character: DevelopingCharacter; cost: number; problems: string[] } {
  const has = (name: string) => c.assets.find((a) => a.name === name)
  const refuse = (problem: string) => ({ character: c, cost: 0, problems: [problem] })
  switch (change.change) {
    case 'new asset':
      if (!change.earnedInPlay) return refuse('A new asset must be a "good thing" the character worked for in play, not one handed over.')
      if (has(change.name)) return refuse(`The character already has an asset called "${change.name}".`)
      return { character: { ...c, assets: [...c.assets, { name: change.name, rating: 'good' }] }, cost: 2, problems: [] }
    case 'raise asset': {
      const asset = has(change.name)
      if (!asset) return refuse(`The character has no asset called "${change.name}".`)
      if (asset.rating !== 'good') return refuse(`Only a good asset can be raised to expert; "${change.name}" is ${asset.rating}.`)
      const assets = c.assets.map((a) => (a === asset ? { ...a, rating: 'expert' as const } : a))
      return { character: { ...c, assets }, cost: 4, problems: [] }
    }
    case 'flaw to asset': {
      const flaw = c.flaws.find((f) => f.name === change.flaw)
      if (!flaw) return refuse(`The character has no flaw called "${change.flaw}".`)
      if (flaw.vulnerability) return refuse('A Vulnerability can never be turned into an asset; it can only be bought off.')
      if (!change.roleplayedWell) return refuse('Turning a flaw into an asset needs the change roleplayed well first.')
      if (has(change.asset)) return refuse(`The character already has an asset called "${change.asset}".`)
      const character = { assets: [...c.assets, { name: change.asset, rating: 'good' as const }], flaws: c.flaws.filter((f) => f !== flaw) }
      return { character, cost: 1, problems: [] }
    }
    case 'buy off vulnerability': {
      if (!c.flaws.some((f) => f.vulnerability)) return refuse('There is no Vulnerability to buy off: only a super has one.')
      if (!change.roleplayedWell) return refuse('Buying off a Vulnerability needs good roleplaying first.')
      return { character: { ...c, flaws: c.flaws.filter((f) => !f.vulnerability) }, cost: 2, problems: [] }
    }
    case 'add flaw':
      if (change.name.trim() === '') return refuse('Name the new flaw.')
      return { character: { ...c, flaws: [...c.flaws, { name: change.name }] }, cost: 0, problems: [] }
    case 'retire asset':
      if (!has(change.name)) return refuse(`The character has no asset called "${change.name}".`)
      return { character: { ...c, assets: c.assets.filter((a) => a.name !== change.name) }, cost: 0, problems: [] }
  }
}

/** The limits of LAD-23 that the sheet after a change would break; the GM may override these. */
function limitProblems(after: DevelopingCharacter, change: DevelopmentChange, originalAssets: number): string[] {
  const problems: string[] = []
  const good = after.assets.filter((a) => a.rating === 'good').length
  const expert = after.assets.filter((a) => a.rating === 'expert').length
  if (good <= expert) problems.push(`Good assets must outnumber expert ones; this would leave ${good} good and ${expert} expert.`)
  if (after.assets.length > 2 * originalAssets) {
    problems.push(`No more than twice the original ${originalAssets} assets; this would make ${after.assets.length}.`)
  }
  if (after.flaws.length === 0) problems.push('At least one flaw must remain, or the character loses their personality.')
  if (change.change === 'retire asset' && change.sessionsUnused < 5) {
    problems.push(`An asset is retired after five or six sessions unused; "${change.name}" has gone ${change.sessionsUnused}.`)
  }
  return problems
}

/**
 * Develops a character (LAD-23): applies the change, checks the limits, and pays its cost from the ledger, all or
 * nothing. Every problem found is returned in plain words.
 * @example developCharacter(ledger, stamp, tai, { change: 'raise asset', name: 'Driving' }) // costs 4 PP
 */
export function developCharacter(
  ledger: PlotPointLedger,
  stamp: LedgerStamp,
  character: DevelopingCharacter,
  change: DevelopmentChange,
  options: DevelopmentOptions = {},
): DevelopmentResult {
  const applied = applyChange(character, change)
  if (applied.problems.length > 0) return { ok: false, problems: applied.problems }
  const limits = limitProblems(applied.character, change, options.originalAssets ?? 6)
  const problems = options.gmOverride ? [] : [...limits]
  let next: LedgerEntry[] = [...ledger]
  if (applied.cost > 0) {
    const paid = recordPlotPoints(ledger, {
      ...stamp,
      amount: -applied.cost,
      reason: `development: ${change.change}`,
      pool: options.pool ?? 'plot points',
      use: 'development',
    })
    if (paid.ok) next = paid.ledger
    else problems.push(paid.reason)
  }
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, character: applied.character, ledger: next, cost: applied.cost, overridden: options.gmOverride ? limits : [] }
}
