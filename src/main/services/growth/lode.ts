/**
 * LODE between sessions. LODE-9: the Energy supply on a sheet is the most Energy a character holds;
 * the campaign's setting says whether each session's start tops every character present up to it
 * (in the session's own transaction) or the GM does, here, one click a character. Both go through
 * the ledger. The text prices no advancement, so an attribute or skill changes when the GM rules it
 * (ruling.ts), with the XP they ask for.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LodeGrowth, LodeGrowthCharacter, LodeGrowthDone, Session } from '../../../shared/contract'
import { LodeSheet, type LodeTrait } from '../../../shared/api/sheets/lode'
import { energyReading } from '../../../shared/lode-energy'
import { unitOfWork, type ServiceDeps, type Tx } from '../core'
import { getSetting } from '../campaigns'
import { balanceOf, ledgerBalances, ledgerHolder, writeLedgerEntry } from '../ledger'
import { characterIn, refused, requireSystem, ruledChange, rulingWords, tellGrowth, type CharacterRow } from './ruling'
import { growingCharacters } from './overview'

const sheetOf = (row: Pick<CharacterRow, 'sheet'>): LodeSheet => {
  const parsed = LodeSheet.safeParse(JSON.parse(row.sheet))
  return parsed.success ? parsed.data : LodeSheet.parse({})
}

/** A character as the LODE panel shows them. */
async function lodeCharacter(db: Kysely<Database>, row: CharacterRow): Promise<LodeGrowthCharacter> {
  const sheet = sheetOf(row)
  const b = Object.fromEntries((await ledgerBalances(db, { campaignId: row.campaign_id, characterId: row.id })).map((x) => [x.currency, x.balance]))
  const energy = b.energy ?? 0
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    energy,
    supply: sheet.energySupply,
    energyWords: energyReading(energy, sheet.energySupply).text,
    toSupply: Math.max(0, sheet.energySupply - energy),
    destiny: b.destiny ?? 0,
    xp: b.xp ?? 0,
    traits: [...sheet.attributes.map((t) => ({ kind: 'attribute' as const, name: t.name, dice: t.dice })), ...sheet.skills.map((t) => ({ kind: 'skill' as const, name: t.name, dice: t.dice }))],
  }
}

/**
 * The LODE panel: the setting, and each active character with their Energy against their supply.
 * @example (await lodeGrowth(db, 1)).characters[0] // { name: 'Brann', energy: 1, supply: 3, energyWords: '1 of 3', toSupply: 2, … }
 */
export async function lodeGrowth(db: Kysely<Database>, campaignId: number): Promise<LodeGrowth> {
  await requireSystem(db, campaignId, 'lode', 'LODE')
  const rows = await growingCharacters(db, campaignId)
  const characters: LodeGrowthCharacter[] = []
  for (const row of rows) characters.push(await lodeCharacter(db, row))
  return { campaignId, energyAtSessionStart: await getSetting(db, campaignId, 'lode.energyAtSessionStart'), characters }
}

/** The ledger's earn that takes a character's Energy up to their supply; null when it is there already (or none is set). */
async function earnToSupply(tx: Tx, row: CharacterRow, reason: string, sessionId: number | null): Promise<number | null> {
  const supply = sheetOf(row).energySupply
  const holder = await ledgerHolder(tx.trx, row.campaign_id, row.id)
  const missing = supply - (await balanceOf(tx.trx, holder, 'energy'))
  if (supply <= 0 || missing <= 0) return null
  await writeLedgerEntry(tx, holder, { currency: 'energy', amount: missing, reason, sessionId }, 'earn')
  return missing
}

/**
 * LODE-9: at a session's start, in its transaction, each character present is topped up to their
 * supply when the campaign's setting says so. Nothing for another system, or with the setting off.
 * @example await energyAtSessionStart(tx, session) // Brann +2 Energy: "the Energy supply at the session’s start (LODE-9)"
 */
export async function energyAtSessionStart(tx: Tx, session: Session): Promise<void> {
  const campaign = await tx.trx.selectFrom('campaign').select('system').where('id', '=', session.campaignId).executeTakeFirst()
  if (campaign?.system !== 'lode' || !(await getSetting(tx.trx, session.campaignId, 'lode.energyAtSessionStart'))) return
  const ids = session.attendance.map((a) => a.characterId)
  if (ids.length === 0) return
  const rows = await tx.trx.selectFrom('character').selectAll().where('id', 'in', ids).orderBy('name').execute()
  for (const row of rows) await earnToSupply(tx, row, 'the Energy supply at the session’s start (LODE-9)', session.id)
}

/**
 * LODE-9, by the GM's hand: tops one character's Energy up to their supply, between sessions.
 * Refused in words when there is no supply on the sheet, or the balance is already at it.
 * @example await topUpEnergy(deps, { campaignId: 1, characterId: 4 }) // Brann: 1 of 3 → 3 of 3
 */
export async function topUpEnergy(deps: ServiceDeps, input: { campaignId: number; characterId: number }): Promise<LodeGrowthDone> {
  const text = await unitOfWork(deps, async (tx) => {
    await requireSystem(tx.trx, input.campaignId, 'lode', 'LODE')
    const row = await characterIn(tx.trx, input.campaignId, input.characterId)
    const supply = sheetOf(row).energySupply
    if (supply <= 0) throw refused('characterId', `${row.name}’s sheet sets no Energy supply; set one on their page first (LODE-9)`)
    const added = await earnToSupply(tx, row, `topped up to the Energy supply of ${supply} (LODE-9)`, null)
    if (added === null) throw refused('characterId', `${row.name} already holds their Energy supply of ${supply} or more (LODE-9)`)
    const text = `${row.name}’s Energy was topped up by ${added} to the supply of ${supply} (LODE-9).`
    await tellGrowth(tx, { campaignId: row.campaign_id, characterId: row.id, name: row.name, kind: 'growth.lode.energy', text, payload: { amount: added, supply } })
    return text
  })
  return { ...(await lodeGrowth(deps.db, input.campaignId)), text }
}

const dice = (n: number): string => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n)} ${Math.abs(n) === 1 ? 'die' : 'dice'}`
const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

/** The sentence the log tells of a trait changed: gained, changed, or taken off. */
function traitWords(name: string, who: string, kind: 'attribute' | 'skill', from: LodeTrait | undefined, to: number): string {
  if (!from) return `${who} gained the ${kind} ${name} at ${dice(to)}`
  if (to === 0) return `${who}’s ${kind} ${from.name} (${dice(from.dice)}) was taken off`
  return `${who}’s ${from.name} went from ${dice(from.dice)} to ${dice(to)}`
}

/**
 * An attribute or skill changed as the GM rules (LODE-1: + advantages, − disadvantages; 0, the
 * average, takes it off), with the XP they ask for spent through the ledger.
 * @example await changeLodeTrait(deps, { campaignId: 1, characterId: 4, kind: 'skill', name: 'Riding', dice: 1, xp: 2, reason: 'a summer with the horse-lords' })
 */
export async function changeLodeTrait(
  deps: ServiceDeps,
  input: { campaignId: number; characterId: number; kind: 'attribute' | 'skill'; name: string; dice: number; xp: number; reason: string },
): Promise<LodeGrowthDone> {
  const text = await unitOfWork(deps, async (tx) => {
    await requireSystem(tx.trx, input.campaignId, 'lode', 'LODE')
    const row = await characterIn(tx.trx, input.campaignId, input.characterId)
    const before = JSON.parse(row.sheet) as Record<string, unknown>
    const sheet = sheetOf(row)
    const list = input.kind === 'attribute' ? sheet.attributes : sheet.skills
    const from = list.find((t) => same(t.name, input.name))
    if (!from && input.dice === 0) throw refused('dice', `${row.name} has no ${input.kind} called “${input.name}” to take off`)
    if (from && from.dice === input.dice) throw refused('dice', `${from.name} is already at ${dice(input.dice)}`)
    const next = from
      ? input.dice === 0
        ? list.filter((t) => t !== from)
        : list.map((t) => (t === from ? { ...t, dice: input.dice } : t))
      : [...list, { name: input.name, dice: input.dice, note: '' }]
    const after = { ...before, ...sheet, [input.kind === 'attribute' ? 'attributes' : 'skills']: next }
    const text = `${traitWords(input.name, row.name, input.kind, from, input.dice)}: ${input.reason} ${rulingWords(input.xp)}.`
    await ruledChange(tx, {
      system: 'lode',
      row,
      before,
      after,
      kind: 'growth.lode.trait',
      text,
      xp: input.xp,
      payload: { trait: { kind: input.kind, name: from?.name ?? input.name, from: from?.dice ?? null, to: input.dice }, reason: input.reason },
    })
    return text
  })
  return { ...(await lodeGrowth(deps.db, input.campaignId)), text }
}
