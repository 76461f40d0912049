/**
 * A character's abilities as they stand at the table: the sheet's numbers with every reduction a
 * lost challenge left taken off (CH-1, CH-10).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeAbilityView } from '../../../shared/api/table-challenge.contract'
import { ChallengeSheet } from '../../../shared/api/sheets/challenge'
import { reducedAbility } from '../characters'
import { notFound } from '../core'
import { requireChallengeCampaign } from './setup'

/** The sheet as stored, or an empty one when it does not read (an imported draft). */
export function challengeSheetOf(raw: string): ChallengeSheet {
  const parsed = ChallengeSheet.safeParse(JSON.parse(raw))
  return parsed.success ? parsed.data : ChallengeSheet.parse({})
}

/** The same ability name, whatever the case and spaces around it. */
export function sameAbility(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/**
 * Every ability of a character, reductions taken off.
 * @example await characterAbilities(db, 4) // { name: 'Iridia', abilities: [{ name: 'Sorcery', rating: 6, …, reduced: true }] }
 */
export async function characterAbilities(
  db: Kysely<Database>,
  characterId: number,
): Promise<{ characterId: number; name: string; abilities: ChallengeAbilityView[] }> {
  const row = await db.selectFrom('character').select(['id', 'name', 'sheet', 'campaign_id']).where('id', '=', characterId).executeTakeFirst()
  if (!row) throw notFound('character', characterId)
  await requireChallengeCampaign(db, row.campaign_id)
  const sheet = challengeSheetOf(row.sheet)
  const abilities = sheet.abilities.map((a) => {
    const now = reducedAbility(a, sheet.reductions)
    const reduced = now.rating !== a.rating || now.bonus !== a.bonus || now.reserves !== a.reserves || now.resistance !== a.resistance
    return { name: a.name, rating: now.rating, bonus: now.bonus, reserves: now.reserves, resistance: now.resistance, reduced }
  })
  return { characterId: row.id, name: row.name, abilities }
}
