/**
 * From the GM's set-up to the engine's challengers (CH-1): each side's numbers, what its
 * complementary and hindering abilities give (CH-6), hordes (CH-9), first-round bonus (CH-5), and
 * who each side is at the table. Every problem is named by its field, nothing is thrown.
 */
import type { z } from 'zod'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeAssist, ChallengeSideInput } from '../../../shared/api/table-challenge.contract'
import { assistance, challengerProblems, type Assistance, type ChallengerSetup, type ComplementaryMode, type RandomPlace } from '../../engines/challenge'
import { AppError } from '../core'
import type { SideMeta } from './state'

export type SideInput = z.output<typeof ChallengeSideInput>
export interface SetupInput {
  campaignId: number
  dice: 'none' | RandomPlace
  complementary: ComplementaryMode
  sides: SideInput[]
}

export interface Problem {
  field: string
  problem: string
}

export type Prepared = { ok: true; setups: ChallengerSetup[]; sides: SideMeta[]; place: RandomPlace | null } | { ok: false; problems: Problem[] }

type Numbers = SideMeta['base']

/** "Logs 3" or "rating 3" for an unnamed ability. */
function abilityWords(a: { name: string; rating: number }): string {
  return `${a.name || 'rating'} ${a.rating}`
}

/** "+1 bonus", "+2 reserves". */
function givenWords(help: Assistance): string {
  const parts = (['bonus', 'reserves', 'resistance'] as const).filter((q) => help[q] > 0).map((q) => `+${help[q]} ${q}`)
  return parts.length > 0 ? parts.join(', ') : 'nothing'
}

/** What an assistance did, in words: "Logs 3 raised by Data Ninja 2 to 4: +1 bonus (CH-6)". */
function assistWords(assist: ChallengeAssist, help: Assistance, hindered: string | null, to: string): string {
  const [first, second] = assist.abilities
  const sorted = second && first && second.rating > first.rating ? [second, first] : [first, second]
  const what = sorted[1] && sorted[0] ? `${abilityWords(sorted[0])} raised by ${abilityWords(sorted[1])} to ${help.raised ?? sorted[0].rating}` : abilityWords(first ?? { name: '', rating: 0 })
  return hindered ? `${what} hinders ${hindered}: ${givenWords(help)} to ${to} (CH-6)` : `${what}: ${givenWords(help)} (CH-6)`
}

function add(n: Numbers, help: Assistance): Numbers {
  return { ...n, bonus: n.bonus + help.bonus, reserves: n.reserves + help.reserves, resistance: n.resistance + help.resistance }
}

/** The characters the set-up names, by id, with a problem for each that is not in this campaign. */
async function namedCharacters(db: Kysely<Database>, input: SetupInput, problems: Problem[]): Promise<Map<number, string>> {
  const ids = [...new Set(input.sides.flatMap((s) => (s.characterId === null ? [] : [s.characterId])))]
  const rows = ids.length === 0 ? [] : await db.selectFrom('character').select(['id', 'name', 'campaign_id']).where('id', 'in', ids).execute()
  const found = new Map(rows.filter((r) => r.campaign_id === input.campaignId).map((r) => [r.id, r.name]))
  input.sides.forEach((s, i) => {
    if (s.characterId !== null && !found.has(s.characterId)) {
      problems.push({ field: `sides.${i}.characterId`, problem: `there is no character ${s.characterId} in this campaign; it may have been deleted` })
    }
  })
  return found
}

/**
 * Checks that the campaign plays the Challenge System; refused otherwise.
 * @example await requireChallengeCampaign(db, 1)
 */
export async function requireChallengeCampaign(db: Kysely<Database>, campaignId: number): Promise<void> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) {
    throw new AppError('not_found', `There is no campaign with id ${campaignId}; it may have been deleted.`, [{ field: 'campaignId', problem: 'no campaign has this id' }])
  }
  if (row.system !== 'challenge') {
    throw new AppError('refused', 'This campaign does not play the Challenge System, so it has no challenges. Nothing was changed.', [
      { field: 'campaignId', problem: `the campaign plays ${row.system}` },
    ])
  }
}

/**
 * Turns the GM's set-up into the engine's challengers and the table's record of each side, or
 * every problem by field. Complementary abilities help their own side; hindering ones give the
 * same amount to the opponent (CH-6): side 0's opponent in one-on-one, or side 0 for any other.
 * @example await prepareChallenge(db, { campaignId: 1, dice: 'none', complementary: 'stepped', sides: [akane, meal] })
 */
export async function prepareChallenge(db: Kysely<Database>, input: SetupInput): Promise<Prepared> {
  const problems: Problem[] = []
  const names = await namedCharacters(db, input, problems)
  const count = input.sides.length
  const numbers: Numbers[] = input.sides.map((s) => ({ rating: s.rating, bonus: s.bonus, reserves: s.reserves, resistance: s.resistance }))
  const helps: string[][] = input.sides.map(() => [])
  const sideName = (i: number): string => {
    const s = input.sides[i]
    if (!s) return `side ${i + 1}`
    return s.name || (s.characterId !== null ? (names.get(s.characterId) ?? '') : '') || (i === 0 ? 'The challenger' : count === 2 ? 'The opposition' : `Opponent ${i}`)
  }

  input.sides.forEach((s, i) => {
    const name = sideName(i)
    if (s.characterId !== null && s.ability === '') {
      problems.push({ field: `sides.${i}.ability`, problem: `name the ability ${name} uses: consequences reduce it (CH-10)` })
    }
    if (s.horde !== null && s.characterId !== null) {
      problems.push({ field: `sides.${i}.horde`, problem: `a horde is a group of identical goons (CH-9), not one character: clear the character or the horde` })
    }
    if (s.horde !== null && i === 0) {
      problems.push({ field: `sides.${i}.horde`, problem: 'the side facing the others cannot be a horde; put the horde among the opponents (CH-9)' })
    }
    const primary = { primary: s.rating, mode: input.complementary }
    if (s.help) {
      const help = assistance({ ...primary, abilities: s.help.abilities.map((a) => a.rating), as: s.help.as })
      if (!help.ok) help.problems.forEach((p) => problems.push({ field: `sides.${i}.help`, problem: p }))
      else {
        numbers[i] = add(numbers[i] as Numbers, help)
        helps[i]?.push(assistWords(s.help, help, null, name))
      }
    }
    if (s.hindrance) {
      const to = count === 2 ? 1 - i : i === 0 ? -1 : 0
      const hinder = assistance({ ...primary, abilities: s.hindrance.abilities.map((a) => a.rating), as: s.hindrance.as, hinders: true })
      if (to < 0) problems.push({ field: `sides.${i}.hindrance`, problem: `with several opponents, say which one a hindrance helps: give it to that opponent as its own help (CH-6)` })
      else if (!hinder.ok) hinder.problems.forEach((p) => problems.push({ field: `sides.${i}.hindrance`, problem: p }))
      else {
        numbers[to] = add(numbers[to] as Numbers, hinder)
        helps[to]?.push(assistWords(s.hindrance, hinder, name, sideName(to)))
      }
    }
  })

  const setups: ChallengerSetup[] = input.sides.map((s, i) => ({
    name: sideName(i),
    ...(numbers[i] as Numbers),
    ...(s.firstRoundBonus > 0 ? { firstRoundBonus: s.firstRoundBonus } : {}),
    ...(s.horde !== null ? { horde: { members: s.horde } } : {}),
  }))
  setups.forEach((s, i) => challengerProblems(s, s.name ?? '').forEach((p) => problems.push({ field: `sides.${i}`, problem: p })))
  if (problems.length > 0) return { ok: false, problems }

  const sides: SideMeta[] = input.sides.map((s, i) => ({
    name: sideName(i),
    characterId: s.characterId,
    ability: s.ability,
    abilitiesUsed: s.ability ? [s.ability] : [],
    hazard: s.hazard,
    base: numbers[i] as Numbers,
    helps: helps[i] ?? [],
  }))
  return { ok: true, setups, sides, place: input.dice === 'none' ? null : input.dice }
}

/**
 * A refusal naming every problem of a set-up.
 * @example throw setupRefused(prepared.problems)
 */
export function setupRefused(problems: readonly Problem[]): AppError {
  const words = problems.map((p) => sentence(p.problem))
  return new AppError('refused', `The challenge cannot start: ${words.join(' ')} Nothing was changed.`, [...problems])
}

/** "name the ability" → "Name the ability." */
export function sentence(problem: string): string {
  const s = problem.trim()
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}`
}
