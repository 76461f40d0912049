/**
 * Rolling a new old-school character (OSR-1 … OSR-5) with the campaign's dice: the option allowance
 * (1d3) when the GM has not set it, then B, M, S, hardiness and gold through the engine. Every face
 * goes into the log entry (DICE-3); the gold goes into the character's ledger as starting gold.
 */
import type { Character, CharacterKind } from '../../../shared/contract'
import type { OsrSheet } from '../../../shared/api/sheets'
import { rollCharacter, rollOptionAllowance } from '../../engines/osr'
import { requireCampaign, unitOfWork, type ServiceDeps, campaignDice, AppError, recordChanged } from '../core'
import { insertCharacter, getCharacter } from './characters'
import { writeLedgerEntry, ledgerHolder } from '../ledger'
import { SYSTEMS } from '../../../shared/systems'

export interface GenerateInput {
  campaignId: number
  kind: CharacterKind
  name: string
  playerName: string | null
  optionsAllowed?: number | undefined
  options: string[]
  patron: string
}

/** Which field of the request a creation problem is about. */
function fieldOf(problem: string): string {
  if (/patron|divine audience needs/i.test(problem)) return 'patron'
  return 'options'
}

/**
 * Rolls and saves a level-1 character; every die is in the log entry of `character.generated`.
 * @example await generateCharacter(deps, { campaignId: 1, kind: 'pc', name: 'Glam', playerName: 'Ana', options: ['deft touch'], patron: '' })
 */
export async function generateCharacter(deps: ServiceDeps, input: GenerateInput): Promise<Character> {
  const id = await unitOfWork(deps, async (tx) => {
    const campaign = await requireCampaign(tx, input.campaignId)
    if (campaign.system !== 'osr') {
      const problem = `rolling a character is for the ${SYSTEMS.osr.name}; this campaign plays ${SYSTEMS[campaign.system].name}`
      throw new AppError('refused', `Lantern can roll a character only for the ${SYSTEMS.osr.name}; write this one's sheet by hand. Nothing was rolled.`, [{ field: 'campaignId', problem }])
    }
    const dice = await campaignDice(tx, input.campaignId)
    const allowance = input.optionsAllowed ?? rollOptionAllowance(dice).allowance
    const rolled = rollCharacter(dice, { name: input.name, allowance, options: input.options, patron: input.patron })
    if (!rolled.ok) {
      // The whole unit of work is undone, dice counter included: the same request rolls the same allowance.
      throw new AppError('invalid_input', `${rolled.problems.join(' ')} Nothing was saved.`, rolled.problems.map((problem) => ({ field: fieldOf(problem), problem })))
    }
    const c = rolled.character
    const sheet: OsrSheet = {
      level: c.level,
      B: c.B,
      M: c.M,
      S: c.S,
      h: c.h,
      maxH: c.maxH,
      optionsAllowed: allowance,
      options: c.options,
      patron: c.patron ?? '',
      spells: [],
      prepared: [],
    }
    const row = await insertCharacter(tx, campaign.system, {
      campaignId: input.campaignId,
      kind: input.kind,
      name: c.name,
      playerName: input.playerName,
      status: 'active',
      notes: '',
      tags: [],
      sheet,
      draft: false,
    })
    await recordChanged(
      tx,
      { campaignId: input.campaignId, kind: 'character', id: row.id, change: 'created' },
      {
        kind: 'character.generated',
        payload: {
          id: row.id,
          name: row.name,
          kind: row.kind,
          optionsAllowed: allowance,
          allowanceRolled: input.optionsAllowed === undefined,
          B: c.B,
          M: c.M,
          S: c.S,
          maxH: c.maxH,
          gold: c.gold,
          rolls: rolled.rolls,
        },
        dice: dice.faces,
      },
    )
    // OSR-5: the rolled gold is the character's purse, kept in the ledger like any other gold.
    const holder = await ledgerHolder(tx.trx, input.campaignId, row.id)
    await writeLedgerEntry(tx, holder, { currency: 'gold', amount: c.gold, reason: 'Starting gold, 3d6 × 5 (OSR-5)', sessionId: null, gameTime: 0 }, 'earn')
    return row.id
  })
  return getCharacter(deps.db, id)
}
