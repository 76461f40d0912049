/**
 * The Challenge System between sessions. CH-10: the consequences a character carries are injury
 * records (and, once split, reductions on the sheet); how they come back "is highly variable", by
 * rule of thumb an ability's after the next challenge that uses it and every ability's at
 * treatment or the end of the arc, so the GM clears them here when the story says so. The text
 * prices no growth (Akane raised her cooking "with a few tips from her sister"), so a rating
 * changes when the GM rules it (ruling.ts), with the XP they ask for.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeGrowth, ChallengeGrowthCharacter, ChallengeGrowthDone } from '../../../shared/contract'
import { ChallengeSheet } from '../../../shared/api/sheets/challenge'
import { unitOfWork, type ServiceDeps, type Tx, currentGameTime } from '../core'
import { reducedAbility } from '../characters'
import { detailsOf, injuryById, injuryChanged } from '../injuries'
import { characterIn, refused, requireSystem, ruledChange, rulingWords, tellGrowth, type CharacterRow } from './ruling'
import { growingCharacters, xpOf } from './overview'

type Scope = 'ability' | 'overall' | 'incapacitated'
type Consequence = ChallengeGrowthCharacter['consequences'][number]

const sheetOf = (row: Pick<CharacterRow, 'sheet'>): ChallengeSheet => {
  const parsed = ChallengeSheet.safeParse(JSON.parse(row.sheet))
  return parsed.success ? parsed.data : ChallengeSheet.parse({})
}
const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

/** CH-10: how each kind of consequence comes back. */
function recoveryOf(scope: Scope, ability: string): string {
  if (scope === 'ability') return `Restored after the next challenge that uses ${ability} (CH-10), or sooner if the story restores it.`
  if (scope === 'overall') return 'Lasts until you clear it: treatment, or the end of the arc (CH-10).'
  return 'The text gives no time for it: it lasts until you clear it (CH-10).'
}

function labelOf(scope: Scope, ability: string, points: number): string {
  if (scope === 'incapacitated') return 'Incapacitated'
  return scope === 'overall' ? `−${points} to every ability` : `−${points} ${ability}`
}

/** A character's open consequences (CH-10), each as stored: id, scope, ability, points. */
async function openConsequences(db: Kysely<Database>, characterId: number): Promise<{ id: number; scope: Scope; ability: string; points: number }[]> {
  const rows = await db.selectFrom('injury').select(['id', 'kind', 'details']).where('character_id', '=', characterId).where('kind', '=', 'challenge.reduction').where('healed', '=', 0).orderBy('id').execute()
  return rows.flatMap((r) => {
    const d = detailsOf(r).what
    return d.kind === 'challenge.reduction' ? [{ id: r.id, scope: d.scope, ability: d.scope === 'ability' ? d.ability.trim() : '', points: d.points }] : []
  })
}

/** One line per kind of consequence: an ability's reductions together, every ability's, incapacitated. */
function grouped(open: Awaited<ReturnType<typeof openConsequences>>): Consequence[] {
  const out: Consequence[] = []
  for (const c of open) {
    const line = out.find((o) => o.scope === c.scope && same(o.ability, c.ability))
    if (line) {
      line.points += c.points
      line.records += 1
      line.label = labelOf(line.scope, line.ability, line.points)
    } else out.push({ scope: c.scope, ability: c.ability, points: c.points, records: 1, label: labelOf(c.scope, c.ability, c.points), recovery: recoveryOf(c.scope, c.ability) })
  }
  return out
}

/**
 * The Challenge panel: each active character's abilities (as rated and as they stand), XP, and
 * the consequences they carry.
 * @example (await challengeGrowth(db, 1)).characters[0].consequences // [{ scope: 'overall', points: 2, label: '−2 to every ability', … }]
 */
export async function challengeGrowth(db: Kysely<Database>, campaignId: number): Promise<ChallengeGrowth> {
  await requireSystem(db, campaignId, 'challenge', 'the Challenge System')
  const rows = await growingCharacters(db, campaignId)
  const characters: ChallengeGrowthCharacter[] = []
  for (const row of rows) {
    const sheet = sheetOf(row)
    const xp = await xpOf(db, campaignId, row.id)
    characters.push({
      id: row.id,
      name: row.name,
      kind: row.kind,
      xp,
      abilities: sheet.abilities.map((a) => ({
        name: a.name,
        rated: { rating: a.rating, bonus: a.bonus, reserves: a.reserves, resistance: a.resistance },
        now: reducedAbility(a, sheet.reductions),
      })),
      consequences: grouped(await openConsequences(db, row.id)),
    })
  }
  return { campaignId, characters }
}

/** Heals one consequence's record, as the table's restore does, in no session (CH-10, CLK-8). */
async function heal(tx: Tx, id: number, reason: string): Promise<void> {
  const before = await injuryById(tx.trx, id)
  const healedAt = Math.max(before.takenAt, await currentGameTime(tx.trx, before.campaignId))
  await tx.trx.updateTable('injury').set({ healed: 1, healed_at: healedAt, updated_at: tx.realTime }).where('id', '=', id).execute()
  await injuryChanged(tx, await injuryById(tx.trx, id), 'updated', {
    kind: 'injury.updated',
    sessionId: null,
    payload: { from: { healed: false, healedAt: null }, to: { healed: true, healedAt }, clearedBy: reason },
  })
}

/**
 * CH-10: clears a character's consequences of one kind (one ability's, every ability's, or
 * incapacitated) when the story restores them: their records healed, and the reductions split
 * onto the sheet for them taken off. Refused in words when they carry none of that kind.
 * @example await clearConsequences(deps, { campaignId: 1, characterId: 4, scope: 'overall', ability: '', reason: 'a month at the abbey' })
 */
export async function clearConsequences(deps: ServiceDeps, input: { campaignId: number; characterId: number; scope: Scope; ability: string; reason: string }): Promise<ChallengeGrowthDone> {
  const text = await unitOfWork(deps, async (tx) => {
    await requireSystem(tx.trx, input.campaignId, 'challenge', 'the Challenge System')
    const row = await characterIn(tx.trx, input.campaignId, input.characterId)
    if (input.scope === 'ability' && input.ability.trim() === '') throw refused('ability', 'say which ability’s reduction is restored')
    const ability = input.scope === 'ability' ? input.ability.trim() : ''
    const open = (await openConsequences(tx.trx, row.id)).filter((c) => c.scope === input.scope && same(c.ability, ability))
    const line = grouped(open)[0]
    if (!line) throw refused(input.scope === 'ability' ? 'ability' : 'scope', `${row.name} carries no consequence ${input.scope === 'ability' ? `to ${ability}` : input.scope === 'overall' ? 'to every ability' : 'that incapacitates them'}`)
    for (const c of open) await heal(tx, c.id, input.reason)
    const text =
      input.scope === 'incapacitated'
        ? `${row.name} is no longer incapacitated: ${input.reason} (CH-10).`
        : `${row.name}’s ${line.label} ${line.records === 1 ? 'was' : 'were'} restored: ${input.reason} (CH-10).`
    const sheet = sheetOf(row)
    const kept = sheet.reductions.filter((r) => !(r.scope === input.scope && same(r.ability, ability)))
    const payload = { scope: input.scope, ability, points: line.points, injuries: open.map((c) => c.id), reason: input.reason }
    if (kept.length === sheet.reductions.length) {
      await tellGrowth(tx, { campaignId: row.campaign_id, characterId: row.id, name: row.name, kind: 'growth.challenge.cleared', text, payload })
      return text
    }
    const before = JSON.parse(row.sheet) as Record<string, unknown>
    await ruledChange(tx, { system: 'challenge', row, before, after: { ...before, reductions: kept }, kind: 'growth.challenge.cleared', text, xp: 0, payload })
    return text
  })
  return { ...(await challengeGrowth(deps.db, input.campaignId)), text }
}

/**
 * A rating changed as the GM rules (CH-1; a new ability starts with no bonus, reserves or
 * resistance), with the XP they ask for spent through the ledger.
 * @example await changeChallengeRating(deps, { campaignId: 1, characterId: 4, ability: 'Cooking', rating: 3, xp: 0, reason: 'a few tips from her sister' })
 * // "Akane’s Cooking rose from 2 to 3: a few tips from her sister (the GM’s ruling)."
 */
export async function changeChallengeRating(
  deps: ServiceDeps,
  input: { campaignId: number; characterId: number; ability: string; rating: number; xp: number; reason: string },
): Promise<ChallengeGrowthDone> {
  const text = await unitOfWork(deps, async (tx) => {
    await requireSystem(tx.trx, input.campaignId, 'challenge', 'the Challenge System')
    const row = await characterIn(tx.trx, input.campaignId, input.characterId)
    const sheet = sheetOf(row)
    const from = sheet.abilities.find((a) => same(a.name, input.ability))
    if (from?.rating === input.rating) throw refused('rating', `${row.name}’s ${from.name} is already ${input.rating}`)
    const abilities = from
      ? sheet.abilities.map((a) => (a === from ? { ...a, rating: input.rating } : a))
      : [...sheet.abilities, { name: input.ability, rating: input.rating, bonus: 0, reserves: 0, resistance: 0 }]
    const verb = !from ? `gained ${input.ability} at` : input.rating > from.rating ? 'rose from' : 'fell from'
    const what = from ? `${row.name}’s ${from.name} ${verb} ${from.rating} to ${input.rating}` : `${row.name} ${verb} ${input.rating}`
    const before = JSON.parse(row.sheet) as Record<string, unknown>
    const text = `${what}: ${input.reason} ${rulingWords(input.xp)}.`
    await ruledChange(tx, {
      system: 'challenge',
      row,
      before,
      after: { ...before, abilities },
      kind: 'growth.challenge.ability',
      text,
      xp: input.xp,
      payload: { ability: from?.name ?? input.ability, from: from?.rating ?? null, to: input.rating, reason: input.reason },
    })
    return text
  })
  return { ...(await challengeGrowth(deps.db, input.campaignId)), text }
}
