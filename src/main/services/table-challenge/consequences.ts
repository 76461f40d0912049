/**
 * Consequences (CH-10): what each side pays for how deep its pool went, written as injury records
 * (CLK-8), the owner's split taken off the sheet, and the reductions of the abilities used restored
 * ("restored after the next challenge that uses the ability").
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeConsequence } from '../../../shared/api/table-challenge.contract'
import type { ChallengeReduction, ChallengeSheet } from '../../../shared/api/sheets/challenge'
import type { InjuryDetails } from '../../../shared/contract'
import { consequence, reductionBase, reductionPoints, splitReduction, type Quantity } from '../../engines/challenge'
import { reducedAbility, checkSheet, sheetContext } from '../characters'
import { type Tx, AppError, currentGameTime, recordChanged } from '../core'
import { detailsOf, injuryById, injuryChanged, insertInjury } from '../injuries'
import { challengeSheetOf, sameAbility } from './abilities'
import type { LoadedChallenge } from './state'
import type { ChallengeStep } from './steps'
import { sentence } from './setup'

interface OpenReduction {
  id: number
  label: string
}

type Numbers = Record<Quantity, number>
const QUANTITIES: readonly Quantity[] = ['rating', 'bonus', 'reserves', 'resistance']

/** A character's open ability reductions (CH-10) of any of these abilities: what this challenge restores. */
async function reductionsToRestore(db: Kysely<Database>, characterId: number, abilities: readonly string[]): Promise<OpenReduction[]> {
  const rows = await db.selectFrom('injury').select(['id', 'kind', 'details']).where('character_id', '=', characterId).where('kind', '=', 'challenge.reduction').where('healed', '=', 0).execute()
  return rows.flatMap((r) => {
    const what = detailsOf(r).what
    if (what.kind !== 'challenge.reduction' || what.scope !== 'ability') return []
    return abilities.some((a) => sameAbility(a, what.ability)) ? [{ id: r.id, label: `−${what.points} ${what.ability}` }] : []
  })
}

/**
 * How many points of reduction each quantity can pay (CH-10: a point removes 1 rating, 2 bonus,
 * 3 reserves or half a resistance point, so resistance pays in pairs).
 * @example pointsEach({ rating: 4, bonus: 3, reserves: 2, resistance: 1 }) // { rating: 4, bonus: 1, reserves: 0, resistance: 2 }
 */
function pointsEach(n: Numbers): Numbers {
  const at = (q: Quantity): number => Math.max(0, n[q])
  return { rating: Math.floor(at('rating')), bonus: Math.floor(at('bonus') / 2), reserves: Math.floor(at('reserves') / 3), resistance: 2 * Math.floor(at('resistance')) }
}

/**
 * A split of `points` the numbers can pay, rating first, then bonus, reserves and resistance (in
 * pairs); null when they cannot pay it all.
 * @example splitThatFits(5, { rating: 4, bonus: 0, reserves: 3, resistance: 0 }) // [{ from: 'rating', points: 4 }, { from: 'reserves', points: 1 }]
 */
function splitThatFits(points: number, n: Numbers): { from: Quantity; points: number }[] | null {
  const can = pointsEach(n)
  const others = can.rating + can.bonus + can.reserves
  let fromResistance = Math.max(0, points - others)
  if (fromResistance % 2 === 1) fromResistance += 1
  if (fromResistance > can.resistance || fromResistance > points) return null
  let left = points - fromResistance
  const shares: { from: Quantity; points: number }[] = []
  for (const q of ['rating', 'bonus', 'reserves'] as const) {
    const take = Math.min(left, can[q])
    if (take > 0) shares.push({ from: q, points: take })
    left -= take
  }
  if (fromResistance > 0) shares.push({ from: 'resistance', points: fromResistance })
  return shares
}

const numbersWords = (n: Numbers): string => QUANTITIES.map((q) => `${q} ${n[q]}`).join(', ')
const mostPoints = (n: Numbers): number => {
  const can = pointsEach(n)
  return can.rating + can.bonus + can.reserves + can.resistance
}

/**
 * What a reduction can come out of (CH-10), once this challenge has restored the reductions of the
 * abilities it used: the ability used, or for an overall reduction the least of every ability, with
 * the split offered by default and, when none fits, why.
 */
function whatCanPay(
  sheet: ChallengeSheet | null,
  meta: { ability: string; abilitiesUsed: readonly string[]; base: Numbers },
  penalty: { scope: 'ability' | 'overall'; points: number } | null,
  restoring: boolean,
): { available: Numbers; split: { from: Quantity; points: number }[] | null; splitProblem: string | null } {
  const kept = (sheet?.reductions ?? []).filter((r) => !(restoring && r.scope === 'ability' && meta.abilitiesUsed.some((a) => sameAbility(a, r.ability))))
  const abilities = sheet?.abilities ?? []
  const used = abilities.find((a) => sameAbility(a.name, meta.ability))
  const each = abilities.map((a) => ({ name: a.name, now: reducedAbility(a, kept) }))
  const scope = penalty?.scope ?? 'ability'
  const available: Numbers =
    scope === 'overall' && each.length > 0
      ? (Object.fromEntries(QUANTITIES.map((q) => [q, Math.min(...each.map((a) => a.now[q]))])) as Numbers)
      : used ? reducedAbility(used, kept) : { ...meta.base }
  if (!penalty || penalty.points === 0) return { available, split: null, splitProblem: null }
  const split = splitThatFits(penalty.points, available)
  if (split) return { available, split, splitProblem: null }
  if (scope === 'overall' && each.length > 0) {
    const weakest = each.reduce((a, b) => (mostPoints(b.now) < mostPoints(a.now) ? b : a))
    return { available, split: null, splitProblem: `every ability must give ${penalty.points} points, and ${weakest.name.trim()} can give only ${mostPoints(weakest.now)} (${numbersWords(weakest.now)})` }
  }
  return { available, split: null, splitProblem: `${meta.ability} can give only ${mostPoints(available)} of the ${penalty.points} points (${numbersWords(available)})` }
}

/**
 * What each side pays (CH-10), from the deepest its pool went against the pool it started with, and
 * the challenge's hazard for it. A horde's goons just fall (CH-9): it has none. A pool rolled to 0
 * at the start (CH-11) is measured as a pool of 1, so "≤ 0" is the depth it reached. Each comes
 * with a split the sheet can take, offered as the default, or why none fits.
 * @example await consequencesOf(db, challenge) // [{ name: 'Iridia', scope: 'ability', fraction: '1/4', base: 9, points: 2, split: [{ from: 'rating', points: 2 }], … }]
 */
export async function consequencesOf(db: Kysely<Database>, c: LoadedChallenge): Promise<ChallengeConsequence[]> {
  if (c.status === 'running') return []
  const out: ChallengeConsequence[] = []
  for (const [i, ch] of c.stored.engine.sides.entries()) {
    const meta = c.stored.sides[i]
    if (!meta || ch.horde) continue
    const { threshold, penalty } = consequence({ startingPool: Math.max(1, ch.startingPool), lowestPool: ch.lowestPool, hazard: meta.hazard })
    const base = reductionBase(meta.base)
    const points = penalty?.kind === 'reduction' ? reductionPoints(base, penalty.fraction) : 0
    let sheet: ChallengeSheet | null = null
    let restores: string[] = []
    if (meta.characterId !== null) {
      const row = await db.selectFrom('character').select('sheet').where('id', '=', meta.characterId).executeTakeFirst()
      sheet = row ? challengeSheetOf(row.sheet) : null
      if (!c.stored.consequencesWritten) restores = (await reductionsToRestore(db, meta.characterId, meta.abilitiesUsed)).map((r) => r.label)
    }
    const reduction = penalty?.kind === 'reduction' && meta.characterId !== null && !c.stored.consequencesWritten ? { scope: penalty.scope, points } : null
    const pays = whatCanPay(sheet, { ability: meta.ability, abilitiesUsed: meta.abilitiesUsed, base: { ...meta.base } }, reduction, !c.stored.consequencesWritten)
    out.push({
      side: i,
      name: meta.name,
      characterId: meta.characterId,
      ability: meta.ability,
      threshold,
      scope: penalty === null ? null : penalty.kind === 'incapacitated' ? 'incapacitated' : penalty.scope,
      fraction: penalty?.kind === 'reduction' ? penalty.fraction : null,
      base,
      points,
      available: pays.available,
      restores,
      split: pays.split,
      splitProblem: pays.splitProblem,
    })
  }
  return out
}

export interface Split {
  side: number
  shares: { from: Quantity; points: number }[]
}

function refused(problem: string, field = 'splits'): AppError {
  return new AppError('refused', `${sentence(problem)} Nothing was written.`, [{ field, problem }])
}

/** The owner's split (CH-10), checked by the engine, as sheet reductions. */
function splitToReductions(c: ChallengeConsequence, split: Split, title: string): ChallengeReduction[] {
  if (c.characterId === null) throw refused(`${c.name} is not a character, so there is no sheet to take a reduction from`)
  if (c.scope !== 'ability' && c.scope !== 'overall') throw refused(`${c.name} has no reduction to split`)
  // An overall reduction comes off every ability: the sheet's own check names the one that cannot pay.
  const can = c.scope === 'overall' ? { rating: Infinity, bonus: Infinity, reserves: Infinity, resistance: Infinity } : c.available
  const checked = splitReduction(c.points, [{ name: c.name, owner: true, ...can }], split.shares.map((s) => ({ source: c.name, from: s.from, points: s.points })))
  if (!checked.ok) throw refused(checked.problems.join(' '))
  return split.shares.map((s) => ({ scope: c.scope as 'ability' | 'overall', ability: c.scope === 'overall' ? '' : c.ability, from: s.from, points: s.points, note: `“${title}” (CH-10)` }))
}

/** Heals an ability reduction this challenge restores (CH-10). */
async function restore(tx: Tx, step: ChallengeStep, id: number, gameTime: number, title: string): Promise<void> {
  await step.touching('injury', id)
  await tx.trx.updateTable('injury').set({ healed: 1, healed_at: gameTime, updated_at: tx.realTime }).where('id', '=', id).execute()
  const injury = await injuryById(tx.trx, id)
  await injuryChanged(tx, injury, 'updated', { kind: 'injury.updated', gameTime, payload: { from: { healed: false }, to: { healed: true }, restoredBy: title } })
}

/** Records a consequence as an injury (CH-10, CLK-8). */
async function record(tx: Tx, step: ChallengeStep, c: ChallengeConsequence, at: { campaignId: number; gameTime: number; title: string; description: string }): Promise<void> {
  const what: InjuryDetails = { kind: 'challenge.reduction', scope: c.scope ?? 'ability', ability: c.ability, points: c.scope === 'incapacitated' ? 0 : c.points }
  const injury = await insertInjury(tx, { campaign_id: at.campaignId, system: 'challenge' }, { characterId: c.characterId as number, what, description: at.description, takenAt: at.gameTime })
  await step.touching('injury', injury.id, true)
}

/** Writes a character's new sheet, refused if it would add a rules problem. */
async function saveSheet(tx: Tx, step: ChallengeStep, characterId: number, next: ChallengeSheet): Promise<void> {
  const row = await tx.trx.selectFrom('character').selectAll().where('id', '=', characterId).executeTakeFirstOrThrow()
  const context = await sheetContext(tx.trx, { campaignId: row.campaign_id, system: 'challenge', kind: row.kind, status: row.status, characterId })
  const before = checkSheet('challenge', JSON.parse(row.sheet), context).problems
  const after = checkSheet('challenge', next, context)
  const added = [...after.fields.map((f) => `${f.field} ${f.problem}`), ...after.problems.filter((p) => !before.includes(p))]
  if (added.length > 0) throw refused(`Taking the reduction off ${row.name}’s sheet would break it: ${added.join(' ')}`)
  await step.touching('character', characterId)
  await tx.trx.updateTable('character').set({ sheet: JSON.stringify(next), updated_at: tx.realTime }).where('id', '=', characterId).execute()
  await recordChanged(
    tx,
    { campaignId: row.campaign_id, kind: 'character', id: characterId, change: 'updated' },
    { kind: 'character.updated', payload: { id: characterId, name: row.name, changed: ['sheet'], from: { sheet: JSON.parse(row.sheet) as unknown }, to: { sheet: next } } },
  )
}

/** Where a reduction went, for its injury record: "; off the sheet: 4 rating, 1 reserves" or "; to split on the sheet". */
function splitWords(c: ChallengeConsequence, added: readonly ChallengeReduction[]): string {
  if (c.scope !== 'ability' && c.scope !== 'overall') return ''
  if (added.length === 0) return '; to split on the sheet'
  return `; off the sheet: ${added.map((r) => `${r.points} ${r.from}`).join(', ')}`
}

/** "pool fell to 1 of 7". */
function depthWords(c: LoadedChallenge, side: number): string {
  const ch = c.stored.engine.sides[side]
  const signed = (n: number): string => (n < 0 ? `−${-n}` : String(n))
  return ch ? `pool fell to ${signed(ch.lowestPool)} of ${ch.startingPool}` : ''
}

/**
 * Writes every character side's consequences (CH-10), inside the step's transaction: first the
 * reductions of the abilities used come back (healed injuries, sheet reductions removed), then the
 * new consequence is recorded as an injury, then the owner's split, if given, comes off the sheet
 * (without one, the sheet shows it "to split"). Refused, writing nothing, when a split does not add
 * up or a source cannot pay.
 * @example await writeConsequences(tx, step, challenge, [{ side: 0, shares: [{ from: 'rating', points: 2 }] }])
 */
export async function writeConsequences(tx: Tx, step: ChallengeStep, c: LoadedChallenge, splits: readonly Split[]): Promise<ChallengeConsequence[]> {
  const all = await consequencesOf(tx.trx, c)
  for (const split of splits) {
    const cons = all.find((x) => x.side === split.side)
    if (!cons) throw refused(`there is no side ${split.side} with consequences in this challenge`)
    if (cons.characterId === null) throw refused(`${cons.name} is not a character, so there is no sheet to take a reduction from`)
  }
  const campaignId = c.row.campaign_id
  const gameTime = await currentGameTime(tx.trx, campaignId)
  const title = c.row.title
  for (const cons of all) {
    if (cons.characterId === null) continue
    const meta = c.stored.sides[cons.side]
    const row = await tx.trx.selectFrom('character').select('sheet').where('id', '=', cons.characterId).executeTakeFirst()
    if (!meta || !row) continue
    const sheet = challengeSheetOf(row.sheet)
    const used = (r: ChallengeReduction): boolean => r.scope === 'ability' && meta.abilitiesUsed.some((a) => sameAbility(a, r.ability))
    for (const open of await reductionsToRestore(tx.trx, cons.characterId, meta.abilitiesUsed)) await restore(tx, step, open.id, gameTime, title)
    const split = splits.find((s) => s.side === cons.side)
    const added = split ? splitToReductions(cons, split, title) : []
    if (cons.scope !== null) {
      const hazard = `${depthWords(c, cons.side)}, ${meta.hazard === 'very' ? 'very' : 'slightly'} hazardous (CH-10)`
      await record(tx, step, cons, { campaignId, gameTime, title, description: `“${title}”: ${hazard}${splitWords(cons, added)}.` })
    }
    const kept = sheet.reductions.filter((r) => !used(r))
    if (added.length > 0 || kept.length !== sheet.reductions.length) await saveSheet(tx, step, cons.characterId, { ...sheet, reductions: [...kept, ...added] })
  }
  return all
}
