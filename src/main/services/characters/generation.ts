/**
 * Rolling a new old-school character (OSR-1 … OSR-5) with the campaign's dice: the option allowance
 * (1d3) when the GM has not set it, then B, M, S, hardiness and gold through the engine. Every face
 * goes into the log entry (DICE-3); the gold goes into the character's ledger as starting gold, and
 * the starting kit (torches, rations, water, as the GM left it) into their inventory, all at once.
 */
import type { Character, CharacterKind } from '../../../shared/contract'
import type { OsrSheet } from '../../../shared/api/sheets'
import { itemWeight, rollCharacter, rollOptionAllowance } from '../../engines/osr'
import { ITEM_DETAILS } from '../../../shared/api/inventory.contract'
import type { KitItem } from '../../../shared/api/starting-kit'
import { requireCampaign, unitOfWork, type ServiceDeps, type Tx, campaignDice, AppError, recordChanged } from '../core'
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
  /** What the character starts carrying (the seed's kit unless the GM changed it). */
  kit?: KitItem[] | undefined
}

/** Which field of the request a creation problem is about. */
function fieldOf(problem: string): string {
  if (/patron|divine audience needs/i.test(problem)) return 'patron'
  return 'options'
}

/** The kit's lines with their details checked for their kind; every value that cannot be is named. */
function checkedKit(kit: readonly KitItem[]): (KitItem & { details: Record<string, unknown> })[] {
  const problems: { field: string; problem: string }[] = []
  const out = kit.map((item, i) => {
    const parsed = ITEM_DETAILS[item.kind].safeParse(item.details)
    if (parsed.success) return { ...item, details: parsed.data as Record<string, unknown> }
    for (const issue of parsed.error.issues) problems.push({ field: ['kit', String(i), 'details', ...issue.path.map(String)].join('.'), problem: issue.message })
    return { ...item, details: {} }
  })
  if (problems.length > 0) {
    throw new AppError('invalid_input', `The starting kit was refused: ${problems.map((p) => `${kit[Number(p.field.split('.')[1])]?.name ?? 'an item'}: ${p.problem}`).join('; ')}. Nothing was rolled.`, problems)
  }
  return out
}

/** Puts the kit in the new character's inventory, in order, inside the caller's transaction. */
async function packKit(tx: Tx, characterId: number, kit: readonly (KitItem & { details: Record<string, unknown> })[]): Promise<number[]> {
  const ids: number[] = []
  for (const [i, item] of kit.entries()) {
    const row = await tx.trx
      .insertInto('inventory_item')
      .values({
        character_id: characterId,
        name: item.name,
        kind: item.kind,
        quantity: item.quantity,
        // OSR-5: an item weighs its GP value in lbs unless the GM says otherwise.
        weight_lbs: item.weightLbs ?? itemWeight({ priceGP: item.valueGp }),
        value_gp: item.valueGp,
        details: JSON.stringify(item.details),
        position: i + 1,
        created_at: tx.realTime,
        updated_at: tx.realTime,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(row.id)
  }
  return ids
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
    const kit = checkedKit(input.kit ?? [])
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
    const itemIds = await packKit(tx, row.id, kit)
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
          kit: kit.map((i) => ({ name: i.name, quantity: i.quantity })),
        },
        dice: dice.faces,
      },
    )
    for (const id of itemIds) tx.emitAfterCommit('record.changed', { campaignId: input.campaignId, kind: 'inventory', id, change: 'created', characterId: row.id })
    // OSR-5: the rolled gold is the character's purse, kept in the ledger like any other gold.
    const holder = await ledgerHolder(tx.trx, input.campaignId, row.id)
    await writeLedgerEntry(tx, holder, { currency: 'gold', amount: c.gold, reason: 'Starting gold, 3d6 × 5 (OSR-5)', sessionId: null, gameTime: 0 }, 'earn')
    return row.id
  })
  return getCharacter(deps.db, id)
}
