/**
 * Resolution and Ranks between sessions. RK-6: the XP each character gained this chapter, each gain
 * with why: the roll whose acceptance earned it (its `ranks.accepted` entry carries the ability,
 * the result and the reasons) or the GM's own award. RK-9: the chapter moves each still has, as the
 * table tracks them. The text prices no advancement, so an ability's rank changes when the GM rules
 * it (ruling.ts), with the XP they ask for.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { RanksGrowth, RanksGrowthCharacter, RanksGrowthDone, RanksXpGain } from '../../../shared/contract'
import { RanksSheet } from '../../../shared/api/sheets/ranks'
import { CHAPTER_MOVE_NAMES } from '../../../shared/sheet-words'
import { capitalised } from '../../../shared/injuries'
import { unitOfWork, type ServiceDeps } from '../core'
import { getSetting } from '../campaigns'
import { readTracker } from '../table-ranks/state'
import { characterIn, refused, requireSystem, ruledChange, rulingWords, type CharacterRow } from './ruling'
import { growingCharacters, xpOf } from './overview'

const sheetOf = (row: Pick<CharacterRow, 'sheet'>): RanksSheet => {
  const parsed = RanksSheet.safeParse(JSON.parse(row.sheet))
  return parsed.success ? parsed.data : RanksSheet.parse({})
}

/** Where this chapter began in the log: its `ranks.chapter` entry that stands; 0 in the first chapter. */
async function chapterStart(db: Kysely<Database>, campaignId: number): Promise<number> {
  const row = await db
    .selectFrom('log_entry')
    .select((eb) => eb.fn.max('id').as('at'))
    .where('campaign_id', '=', campaignId)
    .where('kind', '=', 'ranks.chapter')
    .where('undone', '=', 0)
    .executeTakeFirst()
  return Number(row?.at ?? 0)
}

interface Accepted {
  logId: number
  characterId: number
  ability: string | null
  result: string
  reasons: string[]
}

/**
 * RK-6: the XP gained since `from`, per character: every XP earned that stands (not undone, not
 * corrected), each paired with the accepted roll that wrote it in the same transaction (its
 * `ranks.accepted` entry is the next of that character's with XP), or left as the GM's award.
 */
async function gainsSince(db: Kysely<Database>, campaignId: number, from: number): Promise<Map<number, RanksXpGain[]>> {
  const earned = await db
    .selectFrom('ledger_entry as e')
    .innerJoin('log_entry as l', 'l.id', 'e.log_entry_id')
    .leftJoin('session as s', 's.id', 'e.session_id')
    .select(['e.id', 'e.character_id', 'e.amount', 'e.reason', 'e.log_entry_id', 's.number'])
    .where('e.campaign_id', '=', campaignId)
    .where('e.currency', '=', 'xp')
    .where('e.amount', '>', 0)
    .where('e.corrects_id', 'is', null)
    .where('l.undone', '=', 0)
    .where('l.id', '>', from)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('ledger_entry as c').select('c.id').whereRef('c.corrects_id', '=', 'e.id'))))
    .orderBy('l.id')
    .execute()
  const accepted: Accepted[] = (
    await db.selectFrom('log_entry').select(['id', 'payload']).where('campaign_id', '=', campaignId).where('kind', '=', 'ranks.accepted').where('undone', '=', 0).where('id', '>', from).orderBy('id').execute()
  ).flatMap((r) => {
    const p = JSON.parse(r.payload) as { characterId?: number | null; ability?: string | null; result?: string; xp?: { amount: number; reasons: string[] } | null }
    return p.xp && typeof p.characterId === 'number' ? [{ logId: r.id, characterId: p.characterId, ability: p.ability ?? null, result: p.result ?? '', reasons: p.xp.reasons }] : []
  })
  const byCharacter = new Map<number, RanksXpGain[]>()
  const paired = new Set<number>()
  for (const e of earned) {
    if (e.character_id === null) continue
    const roll = accepted.find((a) => !paired.has(a.logId) && a.characterId === e.character_id && a.logId > Number(e.log_entry_id))
    // The accepted roll is written in the same transaction, before any later XP of that character.
    const next = earned.find((x) => x.character_id === e.character_id && Number(x.log_entry_id) > Number(e.log_entry_id))
    const mine = roll && (!next || roll.logId < Number(next.log_entry_id)) ? roll : null
    if (mine) paired.add(mine.logId)
    const gain: RanksXpGain = {
      ledgerEntryId: e.id,
      amount: e.amount,
      roll: mine ? { ability: mine.ability, result: mine.result, reasons: mine.reasons } : null,
      reason: e.reason,
      sessionNumber: e.number ?? null,
    }
    byCharacter.set(e.character_id, [...(byCharacter.get(e.character_id) ?? []), gain])
  }
  return byCharacter
}

/**
 * The Ranks panel: the chapter, the experience rule, and each active character's XP this chapter
 * with why, and their moves left.
 * @example (await ranksGrowth(db, 1)).characters[0] // { name: 'Alexis', xp: 3, gains: [{ amount: 1, roll: { ability: 'Ferocity', result: 'poor', … } }], movesLeft: ['sacrifice', 'refresh', 'compel'], … }
 */
export async function ranksGrowth(db: Kysely<Database>, campaignId: number): Promise<RanksGrowth> {
  await requireSystem(db, campaignId, 'ranks', 'Resolution and Ranks')
  const tracker = await readTracker(db, campaignId)
  const gains = await gainsSince(db, campaignId, await chapterStart(db, campaignId))
  const rows = await growingCharacters(db, campaignId)
  const characters: RanksGrowthCharacter[] = []
  for (const row of rows) {
    const sheet = sheetOf(row)
    const xp = await xpOf(db, campaignId, row.id)
    characters.push({
      id: row.id,
      name: row.name,
      kind: row.kind,
      xp,
      gains: gains.get(row.id) ?? [],
      movesLeft: CHAPTER_MOVE_NAMES.filter((m) => !sheet.chapterMoves.includes(m)),
      movesUsed: CHAPTER_MOVE_NAMES.filter((m) => sheet.chapterMoves.includes(m)),
      abilities: sheet.abilities,
    })
  }
  return { campaignId, chapter: tracker.chapter, experienceRule: tracker.experienceRule, abilities: await getSetting(db, campaignId, 'ranks.abilities'), characters }
}

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * An ability's rank changed as the GM rules (RK-1: every character has every one of the campaign's
 * abilities, Poor to Spectacular), with the XP they ask for spent through the ledger.
 * @example await changeRanksAbility(deps, { campaignId: 1, characterId: 4, ability: 'Ferocity', rank: 'good', xp: 3, reason: 'a season of sparring' })
 */
export async function changeRanksAbility(
  deps: ServiceDeps,
  input: { campaignId: number; characterId: number; ability: string; rank: RanksSheet['abilities'][number]['rank']; xp: number; reason: string },
): Promise<RanksGrowthDone> {
  const text = await unitOfWork(deps, async (tx) => {
    await requireSystem(tx.trx, input.campaignId, 'ranks', 'Resolution and Ranks')
    const row = await characterIn(tx.trx, input.campaignId, input.characterId)
    const sheet = sheetOf(row)
    const names = await getSetting(tx.trx, input.campaignId, 'ranks.abilities')
    const name = names.find((n) => same(n, input.ability)) ?? sheet.abilities.find((a) => same(a.name, input.ability))?.name
    if (!name) throw refused('ability', `this campaign’s abilities are ${names.join(', ')}; “${input.ability}” is not one of them`)
    const from = sheet.abilities.find((a) => same(a.name, name))
    if (from?.rank === input.rank) throw refused('rank', `${row.name}’s ${name} is already ${capitalised(input.rank)}`)
    const abilities = from ? sheet.abilities.map((a) => (a === from ? { ...a, rank: input.rank } : a)) : [...sheet.abilities, { name, rank: input.rank }]
    const before = JSON.parse(row.sheet) as Record<string, unknown>
    const what = from ? `${row.name}’s ${name} went from ${capitalised(from.rank)} to ${capitalised(input.rank)}` : `${row.name}’s ${name} was rated ${capitalised(input.rank)}`
    const text = `${what}: ${input.reason} ${rulingWords(input.xp)}.`
    await ruledChange(tx, {
      system: 'ranks',
      row,
      before,
      after: { ...before, abilities },
      kind: 'growth.ranks.ability',
      text,
      xp: input.xp,
      payload: { ability: name, from: from?.rank ?? null, to: input.rank, reason: input.reason },
    })
    return text
  })
  return { ...(await ranksGrowth(deps.db, input.campaignId)), text }
}
