/**
 * Developing a Ladder character between sessions (LAD-23, LAD-29), by the engine's rules: a new
 * Good asset earned in play (2 PP), Good raised to Expert (4 PP), a flaw turned into an asset after
 * good roleplaying (1 PP), a super's Vulnerability bought off after good roleplaying (2 PP), a flaw
 * the GM adds, an asset the GM retires after five or six sessions unused. A super pays from the
 * Background Pool, anyone else in Plot Points (LAD-30). A limit broken (Good assets outnumber Expert
 * ones, at most twice the original assets, at least one flaw, an asset retired too soon) is refused
 * in its sentence unless the GM overrides it; the log entry then says which limit was overridden,
 * and the sheet remembers it so it can still be saved. The cost goes through the ledger and the
 * sheet through `changeSheet`, in one action.
 */
import type { LadderChange } from '../../../shared/api/growth-ladder.contract'
import type { Lad23Limit, LadderSheet } from '../../../shared/api/sheets/ladder'
import { amountOf } from '../../../shared/currencies'
import { developCharacter, type DevelopmentChange, type DevelopmentResult } from '../../engines/ladder'
import { AppError, unitOfWork, type ServiceDeps } from '../core'
import { balanceOf, ledgerHolder, standingLedger, writeLedgerEntry } from '../ledger'
import { changeSheet } from './sheet-change'
import { assetUsage, assetUse, type AssetUse } from './ladder-assets'
import { ladderCharacter, paysFrom, possessive, refuse, requireLadder, type LadderCharacter } from './ladder-common'

/** LAD-23's costs in Plot Points, as the engine charges them (LAD-29 for the Vulnerability). */
export const DEVELOPMENT_COSTS = { newAsset: 2, raise: 4, flawToAsset: 1, buyOff: 2 } as const

/** Assets a character is created with (LAD-24, LAD-29): what "twice the original number" doubles. */
export const originalAssets = (sheet: Pick<LadderSheet, 'super'>): number => (sheet.super ? 7 : 6)

/** The limits of LAD-23 a sheet breaks now, by name. */
function brokenLimits(sheet: LadderSheet): Lad23Limit[] {
  const good = sheet.assets.filter((a) => a.rating === 'good').length
  const expert = sheet.assets.filter((a) => a.rating === 'expert').length
  const broken: Lad23Limit[] = []
  if (good <= expert) broken.push('outnumber')
  if (sheet.assets.length > 2 * originalAssets(sheet)) broken.push('twice')
  if (sheet.flaws.length === 0) broken.push('flaw')
  return broken
}

/** The engine's change, with the sessions an asset to retire has gone unused, from the log. */
function engineChange(change: LadderChange, use: AssetUse | null): DevelopmentChange {
  switch (change.change) {
    case 'new asset':
      return { change: 'new asset', name: change.name, earnedInPlay: change.earnedInPlay }
    case 'raise asset':
      return { change: 'raise asset', name: change.name }
    case 'flaw to asset':
      return { change: 'flaw to asset', flaw: change.flaw, asset: change.asset, roleplayedWell: change.roleplayedWell }
    case 'buy off vulnerability':
      return { change: 'buy off vulnerability', roleplayedWell: change.roleplayedWell }
    case 'add flaw':
      return { change: 'add flaw', name: change.name }
    case 'retire asset':
      return { change: 'retire asset', name: change.name, sessionsUnused: use?.sessionsSince ?? 0 }
  }
}

const KINDS = {
  'new asset': 'asset',
  'raise asset': 'raise',
  'flaw to asset': 'flaw-to-asset',
  'buy off vulnerability': 'vulnerability',
  'add flaw': 'flaw',
  'retire asset': 'retire',
} as const satisfies Record<LadderChange['change'], string>

/** What the change did, in the log's words, and the ledger's reason for its cost. */
function words(c: LadderCharacter, change: LadderChange, paid: string, use: AssetUse | null): { text: string; reason: string; rule: string } {
  switch (change.change) {
    case 'new asset':
      return { text: `${c.name} bought the asset “${change.name}” (Good)${paid} (LAD-23).`, reason: `bought the asset “${change.name}” (LAD-23)`, rule: 'LAD-23' }
    case 'raise asset':
      return { text: `${c.name} raised “${change.name}” from Good to Expert${paid} (LAD-23).`, reason: `raised “${change.name}” to Expert (LAD-23)`, rule: 'LAD-23' }
    case 'flaw to asset':
      return {
        text: `${c.name} turned the flaw “${change.flaw}” into the asset “${change.asset}” (Good) after good roleplaying${paid} (LAD-23).`,
        reason: `turned the flaw “${change.flaw}” into “${change.asset}” (LAD-23)`,
        rule: 'LAD-23',
      }
    case 'buy off vulnerability': {
      const v = c.sheet.flaws.find((f) => f.vulnerability)?.name ?? ''
      return { text: `${c.name} bought off the Vulnerability “${v}” after good roleplaying${paid} (LAD-29).`, reason: `bought off the Vulnerability “${v}” (LAD-29)`, rule: 'LAD-29' }
    }
    case 'add flaw':
      return { text: `The GM gave ${c.name} a new flaw, “${change.name}” (LAD-23).`, reason: '', rule: 'LAD-23' }
    case 'retire asset': {
      const since = use?.sessionsSince ?? 0
      const last = use?.lastUsed == null ? 'never used' : `last used in Session ${use.lastUsed}`
      const text = `The GM retired ${possessive(c.name)} asset “${change.name}”, ${last}, ${since} session${since === 1 ? '' : 's'} played since (LAD-23).`
      return { text, reason: '', rule: 'LAD-23' }
    }
  }
}

/** The engine's verdict, as the GM may take it: refused in words, a limit refused unless overridden. */
function verdict(attempt: (gmOverride: boolean) => DevelopmentResult, override: boolean): Extract<DevelopmentResult, { ok: true }> {
  const plain = attempt(false)
  if (plain.ok) return plain
  const overridden = attempt(true)
  if (!overridden.ok) {
    const hard = overridden.problems
    const limits = plain.problems.filter((p) => !hard.includes(p))
    throw new AppError('refused', `${[...hard, ...limits].join(' ')} Nothing was changed.`, [
      ...hard.map((problem) => ({ field: 'change', problem })),
      ...limits.map((problem) => ({ field: 'override', problem })),
    ])
  }
  if (!override) {
    const which = plain.problems.length === 1 ? 'this limit' : 'these limits'
    throw new AppError('refused', `${plain.problems.join(' ')} The GM may override ${which} (LAD-23). Nothing was changed.`, plain.problems.map((problem) => ({ field: 'override', problem })))
  }
  return overridden
}

/**
 * Develops a character between sessions (an action: Ctrl+Z takes it back, the cost and the sheet).
 * @example await developLadder(deps, { campaignId: 1, characterId: 4, change: { change: 'raise asset', name: 'Driving' }, override: false })
 * // { text: 'Tai raised “Driving” from Good to Expert for 4 Plot Points (LAD-23).', … }
 */
export async function developLadder(
  deps: ServiceDeps,
  input: { campaignId: number; characterId: number; change: LadderChange; override: boolean },
): Promise<{ logEntryIds: number[]; text: string }> {
  return unitOfWork(deps, async (tx) => {
    await requireLadder(tx.trx, input.campaignId)
    const c = await ladderCharacter(tx.trx, input.campaignId, input.characterId)
    if (c.draft) throw refuse('characterId', `${c.name} is a draft: finish ${possessive(c.name)} sheet before it grows.`)
    const change = input.change
    const use = change.change === 'retire asset' ? assetUse((await assetUsage(tx.trx, input.campaignId)).get(c.id), change.name) : null
    const currency = paysFrom(c.sheet)
    const pool = currency === 'background' ? 'background' : 'plot points'
    const holder = await ledgerHolder(tx.trx, input.campaignId, c.id)
    const stamp = { character: c.name, session: 0, gameTime: 0 }
    const ledger = standingLedger(stamp, await balanceOf(tx.trx, holder, currency), pool)
    const character = { assets: c.sheet.assets.map((a) => ({ name: a.name, rating: a.rating })), flaws: c.sheet.flaws.map((f) => ({ name: f.name, vulnerability: f.vulnerability })) }
    const options = { originalAssets: originalAssets(c.sheet), pool } as const
    const result = verdict((gmOverride) => developCharacter(ledger, stamp, character, engineChange(change, use), { ...options, gmOverride }), input.override)

    const schools = new Map(c.sheet.assets.map((a) => [a.name, a.school]))
    const retired = change.change === 'retire asset' ? change.name : null
    const dropped = c.sheet.rotes.filter((r) => retired !== null && r.assets.includes(retired))
    const after: LadderSheet = {
      ...c.sheet,
      developed: true,
      assets: result.character.assets.map((a) => ({ name: a.name, rating: a.rating as LadderSheet['assets'][number]['rating'], school: schools.get(a.name) ?? null })),
      flaws: result.character.flaws.map((f) => ({ name: f.name, vulnerability: f.vulnerability === true })),
      rotes: c.sheet.rotes.filter((r) => !dropped.includes(r)),
      overrides: [],
    }
    after.overrides = result.overridden.length > 0 ? brokenLimits(after) : []

    const paid = result.cost === 0 ? '' : ` for ${amountOf('pp', result.cost)}${currency === 'background' ? ' from the Background Pool' : ''}`
    const said = words(c, change, paid, use)
    const rotes = dropped.length === 0 ? '' : ` ${dropped.length === 1 ? 'The rote' : 'The rotes'} ${dropped.map((r) => `“${r.effect}”`).join(', ')} ${dropped.length === 1 ? 'goes' : 'go'} with it.`
    const overrode = result.overridden.length === 0 ? '' : ` The GM overrode ${result.overridden.length === 1 ? 'a limit' : 'the limits'}: ${result.overridden.join(' ')}`
    const text = `${said.text}${rotes}${overrode}`
    if (result.cost > 0) await writeLedgerEntry(tx, holder, { currency, amount: -result.cost, reason: said.reason, sessionId: null }, 'spend')
    const entry = await changeSheet(tx, {
      campaignId: input.campaignId,
      characterId: c.id,
      name: c.name,
      before: c.stored,
      after,
      kind: `growth.ladder.${KINDS[change.change]}`,
      text,
      payload: { rule: said.rule, change, cost: result.cost, currency, overridden: result.overridden, ...(use ? { lastUsed: use.lastUsed, sessionsUnused: use.sessionsSince } : {}) },
    })
    return { logEntryIds: [entry.id], text }
  })
}
