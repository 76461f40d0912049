/**
 * Ladder Magic at the table: a spell's exact odds before it is cast, the cast itself, and keeping a
 * spell that worked as a rote. Only a character with a magical asset casts; combined colours roll
 * against the lowest of their assets; magic uses the extended ladder (LAD-25 … LAD-27). A cast is a
 * task roll like any other, so a Plot Point may push it up a rung afterwards (LAD-22.1).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ParsedInput } from '../../../shared/contract'
import type { RollOutcome, SpellOdds } from '../../../shared/api/table-ladder.contract'
import { RUNG_LABELS, castSpell, prepareSpell, taskOdds, type Asset, type Spell, type TaskInput } from '../../engines/ladder'
import type { LadderSheet } from '../../../shared/api/sheets/ladder'
import { unitOfWork, type ServiceDeps, AppError, appendLog, campaignDice, recordChanged } from '../core'
import { checkSheet, sheetContext } from '../characters'
import { ladderRungs } from './odds'
import { refuse, requireLadderCampaign } from './refusal'
import { outcomeOf, pushOf, type RollPayload } from './outcome'
import { sameRote, type SpellPayload } from './spells'
import { castLine } from './lines'
import { ladderSheet } from './who'

type SpellInput = ParsedInput<'ladder.spellOdds'>

/** The caster's name and sheet; refused for a character of another campaign. */
async function casterOf(db: Kysely<Database>, campaignId: number, characterId: number) {
  const row = await db.selectFrom('character').select(['id', 'name', 'campaign_id', 'kind', 'status', 'sheet']).where('id', '=', characterId).executeTakeFirst()
  if (!row || row.campaign_id !== campaignId) {
    throw new AppError('not_found', `There is no character ${characterId} in this campaign; it may have been deleted.`, [{ field: 'characterId', problem: 'no character of this campaign has this id' }])
  }
  return { ...row, ladder: ladderSheet(row.sheet) }
}

/** Which field an engine problem with a spell is about, in the form's terms. */
const fieldOf = (problem: string): string => (/rung|trivial/i.test(problem) ? 'rung' : /effect/i.test(problem) ? 'effect' : 'assets')

/** The sheet's assets as the engine knows them: a magical one with its school (LAD-25). */
const engineAssets = (sheet: LadderSheet): Asset[] => sheet.assets.map((a) => (a.school ? { name: a.name, rating: a.rating, school: a.school } : { name: a.name, rating: a.rating }))

/** The task a spell rolls (LAD-25, LAD-26), or a refusal naming what is wrong. */
function spellTask(caster: { name: string; ladder: LadderSheet }, spell: Spell, outcome: string): TaskInput {
  const checked = prepareSpell({ assets: engineAssets(caster.ladder) }, spell)
  if (!checked.ok) {
    const problem = checked.problems.join(' ')
    throw new AppError('refused', `${caster.name} cannot cast this: ${problem}${outcome}`, checked.problems.map((p) => ({ field: fieldOf(p), problem: p })))
  }
  return checked.task
}

/** "the lowest of Red magic (Expert) and Blue magic (Good)", or "Red magic (Expert)". */
function fromWords(caster: { ladder: LadderSheet }, names: readonly string[]): string {
  const words = names.map((n) => {
    const a = caster.ladder.assets.find((x) => x.name === n)
    return a ? `${a.name} (${RUNG_LABELS[a.rating]})` : n
  })
  return words.length > 1 ? `the lowest of ${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '')
}

const spellOf = (input: SpellInput, effect: string): Spell => ({ effect, assets: input.assets, rung: input.rung, trivial: input.trivial, ...(input.wonky ? { wonky: input.wonky } : {}) })

/**
 * The exact odds of a spell before it is cast (DICE-2): the task LAD-25 and LAD-26 make of it.
 * @example await spellOdds(db, { campaignId: 1, characterId: 4, assets: ['Red', 'Blue'], rung: 'expert', trivial: false, wonky: null }) // { rolledAt: 'good', success: { p: … }, … }
 */
export async function spellOdds(db: Kysely<Database>, input: SpellInput): Promise<SpellOdds> {
  await requireLadderCampaign(db, input.campaignId)
  const caster = await casterOf(db, input.campaignId, input.characterId)
  // Odds do not depend on the words of the effect.
  const task = spellTask(caster, spellOf(input, 'the effect'), '')
  const odds = taskOdds(task)
  return {
    bars: ladderRungs(true).map((outcome) => ({ outcome, p: odds.result[outcome] })),
    success: { outcome: 'success', p: odds.success ?? 0 },
    rolledAt: task.asset,
    from: fromWords(caster, input.assets),
  }
}

/**
 * Casts a spell (LAD-25, LAD-26) with the campaign's dice, logged as a task roll with its spell, so a
 * Plot Point may push it (LAD-22.1) and a success may be kept as a rote (LAD-27).
 * @example await castAtTable(deps, { campaignId: 1, characterId: 4, effect: 'sleep', assets: ['Red', 'Blue'], rung: 'expert', trivial: false, wonky: null, gmOnly: false })
 */
export async function castAtTable(deps: ServiceDeps, input: ParsedInput<'ladder.cast'>): Promise<RollOutcome> {
  return unitOfWork(deps, async (tx) => {
    await requireLadderCampaign(tx.trx, input.campaignId)
    const caster = await casterOf(tx.trx, input.campaignId, input.characterId)
    const spell = spellOf(input, input.effect)
    const task = spellTask(caster, spell, ' Nothing was rolled.')
    const dice = await campaignDice(tx, input.campaignId)
    const cast = castSpell(dice, { assets: engineAssets(caster.ladder) }, spell)
    if (!cast.ok) throw refuse('assets', cast.problems.join(' '), 'Nothing was rolled.')
    const success = cast.roll.success ?? false
    const kept: SpellPayload = { effect: input.effect, assets: [...input.assets], rung: input.rung }
    const payload: RollPayload = {
      characterId: caster.id,
      name: caster.name,
      what: `“${input.effect}” with ${input.assets.join(' + ')}`,
      asset: task.asset,
      difficulty: input.rung,
      wonky: task.wonky ?? null,
      extended: true,
      result: cast.roll.result,
      faces: cast.roll.faces,
      success,
      spell: kept,
      text: castLine({ name: caster.name, effect: input.effect, assets: input.assets, asset: task.asset, rung: input.rung, wonky: task.wonky ?? null, result: cast.roll.result, faces: cast.roll.faces, success }),
    }
    const logged = await appendLog(tx, { campaignId: input.campaignId, kind: 'ladder.roll', payload: { ...payload, vulnerability: false }, dice: dice.faces, gmOnly: input.gmOnly })
    return outcomeOf(tx.trx, input.campaignId, logged.id, payload, { gmOnly: input.gmOnly, steppedUpFrom: null })
  })
}

/**
 * LAD-27: a spell that worked (pushed up a rung or not) is kept with its caster as a rote — its
 * effect, assets and rung — checked against the sheet's rules, with its log entry. Refused for a
 * spell that failed; a rote already kept is left as it is.
 * @example await keepRote(deps, { logEntryId: 42 })
 */
export async function keepRote(deps: ServiceDeps, input: { logEntryId: number }): Promise<RollOutcome> {
  return unitOfWork(deps, async (tx) => {
    const row = await tx.trx.selectFrom('log_entry').selectAll().where('id', '=', input.logEntryId).executeTakeFirst()
    const roll = row && row.kind === 'ladder.roll' ? (JSON.parse(row.payload) as RollPayload) : null
    if (!row || !roll?.spell || roll.characterId === null) {
      throw new AppError('not_found', `There is no spell cast at the table with log entry ${input.logEntryId}.`, [{ field: 'logEntryId', problem: 'no spell has this id' }])
    }
    if (row.undone === 1) throw refuse('logEntryId', 'This spell was undone, so there is nothing to keep.')
    const push = await pushOf(tx.trx, row.campaign_id, row.id)
    const pushed = push ? (JSON.parse(push.payload) as { to: RollPayload['result']; success: boolean | null }) : null
    const now = pushed ? { ...roll, result: pushed.to, success: pushed.success } : roll
    if (!now.success) throw refuse('logEntryId', `Only a spell that worked is kept as a rote (LAD-27); “${roll.spell.effect}” failed.`)
    const caster = await casterOf(tx.trx, row.campaign_id, roll.characterId)
    const spell = roll.spell
    if (!caster.ladder.rotes.some((r) => sameRote(r, spell))) {
      const before = JSON.parse(caster.sheet) as Record<string, unknown>
      const next = { ...before, rotes: [...caster.ladder.rotes, { effect: spell.effect, assets: [...spell.assets], rung: spell.rung }] }
      const context = await sheetContext(tx.trx, { campaignId: row.campaign_id, system: 'ladder', kind: caster.kind, status: caster.status, characterId: caster.id })
      const had = checkSheet('ladder', before, context).problems
      const after = checkSheet('ladder', next, context)
      const added = [...after.fields.map((f) => `${f.field} ${f.problem}`), ...after.problems.filter((p) => !had.includes(p))]
      if (added.length > 0) throw refuse('logEntryId', `Keeping “${spell.effect}” as a rote would break ${caster.name}’s sheet: ${added.join(' ')}`)
      await tx.trx.updateTable('character').set({ sheet: JSON.stringify(next), updated_at: tx.realTime }).where('id', '=', caster.id).execute()
      const text = `${caster.name} keeps “${spell.effect}” as a rote: ${spell.assets.join(' + ')} against ${RUNG_LABELS[spell.rung]} (LAD-27).`
      await recordChanged(
        tx,
        { campaignId: row.campaign_id, kind: 'character', id: caster.id, change: 'updated' },
        { kind: 'character.updated', payload: { id: caster.id, name: caster.name, changed: ['sheet'], from: { sheet: before }, to: { sheet: next }, rote: spell, text } },
      )
    }
    return outcomeOf(tx.trx, row.campaign_id, row.id, now, { gmOnly: row.gm_only === 1, steppedUpFrom: pushed ? roll.result : null })
  })
}
