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
 * What each side pays (CH-10), from the deepest its pool went against the pool it started with, and
 * the challenge's hazard for it. A horde's goons just fall (CH-9): it has none. A pool rolled to 0
 * at the start (CH-11) is measured as a pool of 1, so "≤ 0" is the depth it reached.
 * @example await consequencesOf(db, challenge) // [{ name: 'Iridia', scope: 'ability', fraction: '1/4', base: 9, points: 2, … }]
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
    let available = { rating: meta.base.rating, bonus: meta.base.bonus, reserves: meta.base.reserves, resistance: meta.base.resistance }
    let restores: string[] = []
    if (meta.characterId !== null) {
      const row = await db.selectFrom('character').select('sheet').where('id', '=', meta.characterId).executeTakeFirst()
      const sheet = row ? challengeSheetOf(row.sheet) : null
      const ability = sheet?.abilities.find((a) => sameAbility(a.name, meta.ability))
      if (sheet && ability) available = reducedAbility(ability, sheet.reductions)
      if (!c.stored.consequencesWritten) restores = (await reductionsToRestore(db, meta.characterId, meta.abilitiesUsed)).map((r) => r.label)
    }
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
      available,
      restores,
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
  const checked = splitReduction(c.points, [{ name: c.name, owner: true, ...c.available }], split.shares.map((s) => ({ source: c.name, from: s.from, points: s.points })))
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
    if (cons.scope !== null) {
      await record(tx, step, cons, { campaignId, gameTime, title, description: `“${title}”: ${depthWords(c, cons.side)}, ${meta.hazard === 'very' ? 'very' : 'slightly'} hazardous (CH-10).` })
    }
    const split = splits.find((s) => s.side === cons.side)
    const added = split ? splitToReductions(cons, split, title) : []
    const kept = sheet.reductions.filter((r) => !used(r))
    if (added.length > 0 || kept.length !== sheet.reductions.length) await saveSheet(tx, step, cons.characterId, { ...sheet, reductions: [...kept, ...added] })
  }
  return all
}
