/**
 * Rolling at the Ranks table: an ability roll (RK-2) as an Action or against a Danger (RK-7,
 * RK-8), an aspect invoked on it (RK-4), a borderline roll made again (RK-5) and the Courage roll
 * beyond Doomed (RK-8). Each is one transaction with its log entry and every face rolled (DICE-3).
 */
import type { RanksRoll } from '../../../shared/api/table-ranks.contract'
import type { RanksRollRow } from '../../db/schema-ranks'
import { checkAction, dealWithDanger, invokeAspect, rollBorderline, rollRank, type Rank, type RankResult } from '../../engines/ranks'
import { unitOfWork, type ServiceDeps, type Tx, campaignDice, AppError } from '../core'
import { engineNames, requireRanksCampaign } from './campaign'
import { abilityOf, characterOf, logRanks, ranksSheetOf, writeSheetParts, type CharacterRow } from './people'
import { borderlineRule, engineRoll, insertRoll, openRollRow, requireOpenRoll, toRanksRoll, updateRoll, type NewRoll } from './roll-store'
import { engineThreat, readTracker, threatLeft, writeTracker } from './state'

function refused(field: string, problem: string, outcome = 'Nothing was rolled.'): AppError {
  return new AppError('refused', `${problem.charAt(0).toUpperCase()}${problem.slice(1)}. ${outcome}`, [{ field, problem }])
}

/** One roll in play at a time: the one on the table must be settled first. */
async function refuseWhileOpen(tx: Tx, campaignId: number): Promise<void> {
  const open = await openRollRow(tx.trx, campaignId)
  if (open) {
    const what = `${open.result.charAt(0).toUpperCase()}${open.result.slice(1)} ${open.ability || 'roll'}`
    throw refused('rollId', `${open.who}'s ${what} is still in play: accept it (or concede it) before the next roll`)
  }
}

/** Where a roll's facts are logged, as the log line and the undo read them. */
function rollPayload(row: RanksRollRow, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    rollId: row.id,
    characterId: row.character_id,
    name: row.who,
    ability: row.ability,
    rank: row.rank,
    up: row.up,
    down: row.down,
    result: row.result,
    purpose: row.purpose,
    danger: row.danger,
    ...extra,
  }
}

/**
 * RK-8: the Danger a roll is against must be one the roller may deal with (their own, or another's
 * once they face none); with no Danger named, a character facing one cannot take their own Action.
 */
async function checkAgainst(tx: Tx, campaignId: number, roller: CharacterRow | null, dangerId: number | null, result: Rank): Promise<string | null> {
  const tracker = await readTracker(tx.trx, campaignId)
  if (dangerId === null && roller === null) return null
  const names = await engineNames(tx.trx, [...tracker.dangers.map((d) => d.characterId), ...(roller ? [roller.id] : [])])
  const state = engineThreat(tracker, await threatLeft(tx.trx, campaignId), names)
  if (dangerId === null) {
    const action = checkAction(state, names.get(roller!.id)!)
    if (!action.ok) throw refused('dangerId', `${action.reason.replace(/\.$/, '')}: roll against that Danger`)
    return null
  }
  if (roller === null) throw refused('characterId', 'a Danger is dealt with by a character: pick who rolls against it')
  const dealt = dealWithDanger(state, { dangerId, by: names.get(roller.id)!, result })
  if (!dealt.ok) throw refused('dangerId', dealt.reason.replace(/\.$/, ''))
  return tracker.dangers.find((d) => d.id === dangerId)!.description
}

/** Logs a new roll with its faces and links the row to its log entry. */
async function logRoll(tx: Tx, row: RanksRollRow, kind: string, faces: Parameters<typeof logRanks>[4], extra: Record<string, unknown> = {}): Promise<RanksRoll> {
  const entry = await logRanks(tx, row.campaign_id, kind, rollPayload(row, extra), { ...faces, gmOnly: row.gm_only === 1 })
  const linked = await updateRoll(tx, row.id, { log_entry_id: entry.id })
  return toRanksRoll(linked, { borderlineRule: await borderlineRule(tx.trx, row.campaign_id) })
}

export interface RollInput {
  campaignId: number
  characterId: number | null
  who: string
  ability: string
  rank?: Rank | undefined
  dangerId: number | null
  gmOnly: boolean
}

/**
 * RK-2: rolls a character's ability (or a rank typed in for someone without a sheet): up 1d6, down
 * 1d6. Against a Danger when one is named (RK-8); a character facing a Danger must roll against
 * it before their own Action (RK-7). The roll stays in play until accepted.
 * @example await rollAbility(deps, { campaignId: 1, characterId: 4, who: '', ability: 'Ferocity', dangerId: null, gmOnly: false })
 */
export function rollAbility(deps: ServiceDeps, input: RollInput): Promise<RanksRoll> {
  return unitOfWork(deps, async (tx) => {
    await requireRanksCampaign(tx.trx, input.campaignId)
    await refuseWhileOpen(tx, input.campaignId)
    const roller = input.characterId === null ? null : await characterOf(tx.trx, input.campaignId, input.characterId)
    let who: string
    let ability: { name: string; rank: Rank }
    if (roller) {
      if (input.ability.trim() === '') throw refused('ability', `pick which of ${roller.name}'s abilities to roll`)
      ability = abilityOf(roller, input.ability)
      who = roller.name
    } else {
      if (input.rank === undefined) throw refused('rank', 'pick a character, or type in the rank to roll')
      ability = { name: input.ability.trim(), rank: input.rank }
      who = input.who.trim() || 'Someone'
    }
    const dice = await campaignDice(tx, input.campaignId)
    const roll = rollRank(dice, { ability: ability.rank })
    const danger = await checkAgainst(tx, input.campaignId, roller, input.dangerId, roll.result)
    const row = await insertRoll(tx, {
      campaignId: input.campaignId,
      characterId: roller?.id ?? null,
      who,
      ability: ability.name,
      roll,
      purpose: input.dangerId === null ? 'action' : 'danger',
      dangerId: input.dangerId,
      danger,
      gmOnly: input.gmOnly,
    })
    return logRoll(tx, row, 'ranks.roll', { dice: dice.faces })
  })
}

/**
 * RK-4: after seeing the roll, one unused aspect adds +1d6 ranks and is used until refreshed.
 * @example await invokeRollAspect(deps, { rollId: 7, aspect: 'Fencing master' })
 */
export function invokeRollAspect(deps: ServiceDeps, input: { rollId: number; aspect: string }): Promise<RanksRoll> {
  return unitOfWork(deps, async (tx) => {
    const row = await requireOpenRoll(tx, input.rollId, 'invoke an aspect on')
    if (row.character_id === null) throw refused('aspect', `${row.who} has no sheet, so no aspects to invoke`, 'Nothing was changed.')
    const character = await characterOf(tx.trx, row.campaign_id, row.character_id)
    const dice = await campaignDice(tx, row.campaign_id)
    const invoked = invokeAspect(dice, { roll: engineRoll(row), aspects: ranksSheetOf(character).aspects, name: input.aspect })
    if (!invoked.ok) throw refused('aspect', invoked.reason.replace(/\.$/, ''), 'Nothing was changed.')
    await writeSheetParts(tx, character, { aspects: invoked.aspects })
    const updated = await updateRoll(tx, row.id, { aspect: invoked.roll.aspect!, aspect_name: input.aspect, result: invoked.roll.result })
    await logRanks(
      tx,
      row.campaign_id,
      'ranks.aspect',
      rollPayload(updated, { aspect: input.aspect, die: invoked.roll.aspect, from: row.result, mayLeaveScene: invoked.mayLeaveScene }),
      { dice: dice.faces, gmOnly: row.gm_only === 1 },
    )
    return toRanksRoll(updated, { borderlineRule: await borderlineRule(tx.trx, row.campaign_id) })
  })
}

/**
 * RK-5 (with the campaign's borderline rule on): a Fair or Mediocre roll is made again with a
 * different ability, the player choosing on Fair and the GM on Mediocre; the new roll replaces it.
 * @example await rollBorderlineAgain(deps, { rollId: 7, ability: 'Courage' })
 */
export function rollBorderlineAgain(deps: ServiceDeps, input: { rollId: number; ability: string; rank?: Rank | undefined }): Promise<RanksRoll> {
  return unitOfWork(deps, async (tx) => {
    const row = await requireOpenRoll(tx, input.rollId, 'roll again')
    if (!(await borderlineRule(tx.trx, row.campaign_id))) {
      throw refused('rollId', 'this campaign does not play the borderline rule (RK-5); turn it on in Settings to roll Fair and Mediocre again')
    }
    if (row.purpose === 'courage') throw refused('rollId', 'the Courage roll beyond Doomed is always Courage (RK-8), so it is not rolled again with another ability')
    const roller = row.character_id === null ? null : await characterOf(tx.trx, row.campaign_id, row.character_id)
    let rank: Rank
    let name = input.ability.trim()
    if (roller && input.rank === undefined) {
      const found = abilityOf(roller, input.ability)
      rank = found.rank
      name = found.name
    } else if (input.rank !== undefined) {
      rank = input.rank
    } else {
      throw refused('rank', `${row.who} has no sheet: type in the rank of ${name}`)
    }
    const dice = await campaignDice(tx, row.campaign_id)
    const again = rollBorderline(dice, { roll: engineRoll(row), rolledAbility: row.ability, newAbility: name, rank })
    if (!again.ok) throw refused('ability', again.reason.replace(/\.$/, ''))
    await checkAgainst(tx, row.campaign_id, roller, row.danger_id, again.roll.result)
    await updateRoll(tx, row.id, { status: 'replaced' })
    const next: NewRoll = {
      campaignId: row.campaign_id,
      characterId: row.character_id,
      who: row.who,
      ability: name,
      roll: again.roll,
      purpose: row.purpose,
      dangerId: row.danger_id,
      danger: row.danger,
      gmOnly: row.gm_only === 1,
      replacesId: row.id,
    }
    return logRoll(tx, await insertRoll(tx, next), 'ranks.borderline', { dice: dice.faces }, { replaces: row.id, replaced: row.result, chooser: again.chooser })
  })
}

/**
 * RK-8: Harm beyond Doomed takes the character out of the scene to roll Courage (the roll stays in
 * play until accepted, so an aspect can still help); or the player takes a Manifestation instead
 * and skips the roll.
 * @example await rollCourage(deps, { characterId: 4, manifestation: false, gmOnly: false })
 */
export function rollCourage(deps: ServiceDeps, input: { characterId: number; manifestation: boolean; gmOnly: boolean }): Promise<{ roll: RanksRoll | null }> {
  return unitOfWork(deps, async (tx) => {
    const character = await characterOf(tx.trx, null, input.characterId)
    const campaignId = character.campaign_id
    await requireRanksCampaign(tx.trx, campaignId)
    const tracker = await readTracker(tx.trx, campaignId)
    if (!tracker.courageDue.includes(character.id)) {
      throw refused('characterId', `${character.name} is not beyond Doomed; Courage is rolled when Harm goes past the Doomed box (RK-8)`)
    }
    if (input.manifestation) {
      await writeTracker(tx, campaignId, { ...tracker, courageDue: tracker.courageDue.filter((id) => id !== character.id) })
      await logRanks(tx, campaignId, 'ranks.manifestation', { characterId: character.id, name: character.name })
      return { roll: null }
    }
    await refuseWhileOpen(tx, campaignId)
    const courage = abilityOf(character, 'Courage', 'characterId')
    const dice = await campaignDice(tx, campaignId)
    const roll: RankResult = rollRank(dice, { ability: courage.rank })
    const row = await insertRoll(tx, {
      campaignId,
      characterId: character.id,
      who: character.name,
      ability: courage.name,
      roll,
      purpose: 'courage',
      dangerId: null,
      danger: null,
      gmOnly: input.gmOnly,
    })
    return { roll: await logRoll(tx, row, 'ranks.courage', { dice: dice.faces }) }
  })
}
