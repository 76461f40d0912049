/**
 * Experience between sessions (OSR-6): an award shared equally by those present, through the
 * ledger, and the level the XP reaches, taken in one action: +1d6 (+S, at least 1) maximum H rolled
 * with the campaign's dice (OSR-2), the resistance target one lower (OSR-3), the strike bonus worked
 * out again (OSR-15) and one more spell for a caster (OSR-21).
 */
import type { MethodOutput, ParsedInput } from '../../../shared/contract'
import {
  experienceForLevel,
  levelReached,
  levelUp,
  resistanceTarget,
  splitAward,
  timesTaken,
  type OptionName,
  type OsrCharacter,
  type LevelUpReport,
} from '../../engines/osr'
import { unitOfWork, campaignDice, type ServiceDeps, type Tx } from '../core'
import { ledgerHolder, writeLedgerEntry } from '../ledger'
import { changeSheet } from './sheet-change'
import { balance, growthEntry, osrPerson, refusal, requireOsrCampaign, thresholdsOf, type OsrPerson } from './osr-common'

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '+0')
const names = (list: readonly string[]): string => new Intl.ListFormat('en', { type: 'conjunction' }).format(list)

/** Who played in the campaign's last session closed, and can still grow. */
async function lastAttendance(tx: Tx, campaignId: number): Promise<number[]> {
  const last = await tx.trx.selectFrom('session').select('id').where('campaign_id', '=', campaignId).where('status', '=', 'closed').orderBy('number', 'desc').limit(1).executeTakeFirst()
  if (!last) return []
  const rows = await tx.trx
    .selectFrom('session_attendance')
    .innerJoin('character', 'character.id', 'session_attendance.character_id')
    .select('character.id')
    .where('session_attendance.session_id', '=', last.id)
    .where('character.status', '=', 'active')
    .where('character.draft', '=', 0)
    .orderBy('character.name')
    .execute()
  return rows.map((r) => r.id)
}

/** What became of the XP left over, for the entry's sentence. */
function leftOverWords(leftOver: number, input: { remainder: string }, to: string | undefined): string {
  if (leftOver === 0) return ''
  if (input.remainder === 'one') return `; the ${leftOver} XP left over went to ${to}`
  if (input.remainder === 'everyone') return `; each share was rounded up (${leftOver} XP left over)`
  return `; the ${leftOver} XP left over was kept by no one`
}

/**
 * Shares an award equally among those present (OSR-6): by default who played in the last session
 * closed; the XP left over kept by no one, given to one, or each share rounded up.
 * @example await awardOsrExperience(deps, { campaignId: 1, amount: 7, reason: 'the goblin hoard', remainder: 'one', giveToId: 4 })
 */
export async function awardOsrExperience(deps: ServiceDeps, input: ParsedInput<'growth.osr.award'>): Promise<MethodOutput<'growth.osr.award'>> {
  const outcome = 'Nothing was awarded.'
  return unitOfWork(deps, async (tx) => {
    await requireOsrCampaign(tx.trx, input.campaignId, outcome)
    const ids = [...new Set(input.attendance ?? (await lastAttendance(tx, input.campaignId)))]
    if (ids.length === 0) throw refusal('attendance', 'no one who can grow played in the last session closed: choose who shares the award', outcome)
    const people: Awaited<ReturnType<typeof osrPerson>>[] = []
    for (const id of ids) people.push(await osrPerson(tx.trx, id, outcome, input.campaignId))
    const to = input.remainder === 'one' ? people.findIndex((p) => p.id === input.giveToId) : undefined
    if (to === -1) throw refusal('giveToId', 'choose which of those sharing the award gets what is left over', outcome)
    const split = splitAward({ award: input.amount, shares: people.length, remainder: input.remainder, ...(to === undefined ? {} : { to }) })
    if (split.amounts.every((a) => a === 0)) {
      throw refusal(
        'amount',
        `${input.amount} XP shared by ${people.length} gives each 0 XP, and the ${split.leftOver} XP left over would be kept by no one: give it to one of them, round the shares up, or award more`,
        outcome,
      )
    }
    const thresholds = await thresholdsOf(tx.trx, input.campaignId)
    const why = input.reason === '' ? '' : ` for ${input.reason}`
    const shared = (p: { id: number }) =>
      people.length === 1 ? `the ${input.amount} XP awarded${why}` : `a share of the ${input.amount} XP awarded${why}, shared with ${names(people.filter((o) => o.id !== p.id).map((o) => o.name))}`
    const rest = leftOverWords(split.leftOver, input, to === undefined ? undefined : people[to]?.name)
    const shares: MethodOutput<'growth.osr.award'>['shares'] = []
    for (const [i, p] of people.entries()) {
      const amount = split.amounts[i]!
      if (amount === 0) continue
      const holder = await ledgerHolder(tx.trx, input.campaignId, p.id)
      const entry = await writeLedgerEntry(tx, holder, { currency: 'xp', amount, reason: `${input.reason || 'experience'}: a share of ${input.amount} XP (OSR-6)`, sessionId: null }, 'earn')
      const xp = entry.balanceAfter
      const level = p.sheet.level
      const reached = levelReached(xp, thresholds)
      const ready = reached > level ? ` Level ${level + 1} is reached.` : ''
      const text = `${p.name} gained ${amount} XP (now ${xp}), ${shared(p)} (OSR-6)${rest}.${ready}`
      await growthEntry(tx, { campaignId: input.campaignId, characterId: p.id, name: p.name, kind: 'growth.osr.xp', text, payload: { rule: 'OSR-6', amount, award: input.amount, shares: people.length, leftOver: split.leftOver, remainder: input.remainder } })
      shares.push({ characterId: p.id, name: p.name, amount, xp })
    }
    const each = shares.map((s) => `${s.name} ${s.amount}`)
    return { text: `${input.amount} XP${why} shared (OSR-6): ${names(each)}${rest}.`, shares }
  })
}

/** The level-up's sentence: every number that moved, with the rule it follows. */
function levelText(name: string, r: LevelUpReport, h: { from: number; to: number; maxFrom: number; maxTo: number }, S: number, vigour: number): string {
  const face = r.faces[0]!
  const spirit = S === 0 ? '' : `, ${signed(S)} S`
  const atLeast = face + S < 1 ? ', at least 1' : ''
  const vigorous = vigour === 0 ? '' : `, +${vigour} great vigour`
  const strike = r.strikeBonus.from === r.strikeBonus.to ? `strike bonus stays ${signed(r.strikeBonus.to)}` : `strike bonus ${signed(r.strikeBonus.from)} → ${signed(r.strikeBonus.to)}`
  const capacity = (['arcane', 'divine'] as const)
    .filter((art) => r.spellCapacity[art].to > 0)
    .map((art) => `${art === 'arcane' ? 'spells' : 'invocations'} ${r.spellCapacity[art].from} → ${r.spellCapacity[art].to} (OSR-21)`)
  const parts = [
    `maximum H ${h.maxFrom} → ${h.maxTo} (1d6 rolled ${face}${spirit}${atLeast}${vigorous}: +${r.maxHGain}), H ${h.from} → ${h.to}`,
    `resistance ${r.resistance.from} → ${r.resistance.to} on d20 (OSR-3)`,
    `${strike} (OSR-15)`,
    ...capacity,
  ]
  return `${name} reached level ${r.level.to} (OSR-6): ${names(parts)}.`
}

/** The engine's character, read from a sheet. */
export function osrCharacterOf(p: OsrPerson & { sheet: NonNullable<OsrPerson['sheet']> }): OsrCharacter {
  const s = p.sheet
  const options = s.options as OptionName[]
  return {
    name: p.name,
    level: s.level,
    B: s.B,
    M: s.M,
    S: s.S,
    h: s.h,
    maxH: s.maxH,
    resistance: resistanceTarget({ level: s.level, highTolerance: Math.min(2, timesTaken(options, 'high tolerance')) }),
    options,
    gold: 0,
    patron: s.patron === '' ? null : s.patron,
    spells: s.spells,
  }
}

/**
 * Takes the next level the character's XP has reached (OSR-6), as one change of sheet: refused in
 * words while the XP falls short, for the dead, and for a sheet with great vigour taken too often.
 * @example await gainOsrLevel(deps, { characterId: 4 }) // { text: 'Glam reached level 2 (OSR-6): maximum H 4 → 10 …', … }
 */
export async function gainOsrLevel(deps: ServiceDeps, input: ParsedInput<'growth.osr.levelUp'>): Promise<MethodOutput<'growth.osr.levelUp'>> {
  const outcome = 'Nothing was changed.'
  return unitOfWork(deps, async (tx) => {
    const p = await osrPerson(tx.trx, input.characterId, outcome)
    const s = p.sheet
    if (s.maxH <= 0) throw refusal('characterId', `${p.name} is dead (maximum H 0, OSR-19) and cannot gain a level`, outcome)
    for (const option of ['great vigour', 'high tolerance'] as const) {
      if (timesTaken(s.options as OptionName[], option) > 2) throw refusal('characterId', `${p.name}’s sheet has ${option} more than twice (OSR-4): put it right on the character’s page first`, outcome)
    }
    const xp = await balance(tx.trx, p.campaignId, p.id, 'xp')
    const thresholds = await thresholdsOf(tx.trx, p.campaignId)
    if (levelReached(xp, thresholds) <= s.level) {
      throw refusal('characterId', `${p.name} has ${xp} XP; level ${s.level + 1} begins at ${experienceForLevel(s.level + 1, thresholds)} XP (OSR-6)`, outcome)
    }
    const dice = await campaignDice(tx, p.campaignId)
    const { character, report } = levelUp(dice, osrCharacterOf(p))
    const after = { ...p.raw, level: character.level, maxH: character.maxH, h: character.h }
    const vigour = timesTaken(s.options as OptionName[], 'great vigour')
    const text = levelText(p.name, report, { from: s.h, to: character.h, maxFrom: s.maxH, maxTo: character.maxH }, s.S, vigour)
    await changeSheet(tx, {
      campaignId: p.campaignId,
      characterId: p.id,
      name: p.name,
      before: p.raw,
      after,
      kind: 'growth.osr.level',
      text,
      payload: { rule: 'OSR-6', level: report.level, maxHGain: report.maxHGain, resistance: report.resistance, strikeBonus: report.strikeBonus, spellCapacity: report.spellCapacity },
      dice: dice.faces,
    })
    return { text, level: character.level, maxH: character.maxH, gain: report.maxHGain, faces: report.faces }
  })
}
