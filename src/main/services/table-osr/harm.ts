/**
 * Harm landing on a character's H (OSR-19), inside the action's own transaction: the sheet's H
 * and maximum H, death when maximum H reaches 0, and the injuries a blow leaves — a broken or
 * severed limb, maximum H lost — recorded as the injuries module records them.
 */
import type { OsrHarmReport, Injury, InjuryDetails } from '../../../shared/contract'
import { applyHarm, payHardiness } from '../../engines/osr'
import { type Tx, currentGameTime } from '../core'
import { injuryOwner, insertInjury } from '../injuries'
import { readSheet } from './fighters'
import { isFoeId, loadFoe } from './foes'
import { refused, underRules } from './plan'
import type { TableStep } from './steps'

/** The limb named when the GM has not said which (they can name it on the injury afterwards). */
export const UNNAMED_LIMB = 'limb'

/**
 * Records an old-school injury in the step's transaction, exactly as `injury.record` would.
 * @example await recordOsrInjury(tx, step, 4, { kind: 'osr.limb', harm: 'broken', part: 'left arm' }, 'the chief’s axe')
 */
export async function recordOsrInjury(tx: Tx, step: TableStep, characterId: number, what: InjuryDetails, description: string): Promise<Injury> {
  const owner = await injuryOwner(tx, characterId, what.kind)
  const takenAt = await currentGameTime(tx.trx, owner.campaign_id)
  const injury = await insertInjury(tx, owner, { characterId, what, description, takenAt })
  step.created('injury', injury.id)
  return injury
}

export interface HarmInput {
  campaignId: number
  characterId: number
  /** Each blow's harm, in order: every hit of a strike is its own blow (OSR-17, OSR-19). */
  blows: number[]
  /** A blow (a strike, a shot, a spell's blast) can break a limb; H paid for a casting cannot (OSR-22). */
  paid?: boolean
  part?: string | undefined
  /** What did it, for the injuries' descriptions. */
  cause: string
}

type Hurt = ReturnType<typeof applyHarm>

/** Harm worked out but not yet written: the sheet as it was and after each blow. */
export interface PreparedHarm {
  input: HarmInput
  row: { id: number; name: string; sheet: string; status: 'active' | 'dead' | 'retired' | 'missing' }
  before: { h: number; maxH: number }
  /** After each blow, in order. */
  steps: Hurt[]
  after: Hurt
}

const WORST: Record<Hurt['limb'], number> = { none: 0, broken: 1, severed: 2 }

/**
 * Works out what harm does to a character's H (OSR-19) without writing it, so the roll's log
 * entry can tell it before the injuries it leaves are recorded.
 * @example (await prepareHarm(tx, { campaignId: 1, characterId: 7, blows: [4], cause: '' })).after.limb // 'broken'
 */
export async function prepareHarm(tx: Tx, input: HarmInput): Promise<PreparedHarm> {
  if (isFoeId(input.characterId)) {
    const foe = await loadFoe(tx.trx, input.characterId, input.campaignId)
    return harmFrom(input, { id: foe.id, name: foe.name, sheet: '{}', status: foe.maxH === 0 ? 'dead' : 'active' }, { h: foe.h, maxH: foe.maxH })
  }
  const row = await tx.trx.selectFrom('character').select(['id', 'name', 'sheet', 'status', 'campaign_id']).where('id', '=', input.characterId).executeTakeFirst()
  if (!row || row.campaign_id !== input.campaignId) throw refused(`There is no character ${input.characterId} in this campaign to take the harm.`, 'characterId')
  const sheet = readSheet(row.sheet, row.name)
  return harmFrom(input, row, { h: sheet.h, maxH: sheet.maxH })
}

function harmFrom(input: HarmInput, row: PreparedHarm['row'], before: { h: number; maxH: number }): PreparedHarm {
  if (before.maxH === 0) throw refused(`${row.name} is dead (maximum H 0, OSR-19): there is no H left to harm. Nothing was changed.`, 'characterId')
  const steps: Hurt[] = []
  let now = before
  for (const amount of input.blows) {
    const hurt = underRules('harm', () => (input.paid ? payHardiness(now, amount) : applyHarm(now, amount)))
    steps.push(hurt)
    now = { h: hurt.h, maxH: hurt.maxH }
    if (hurt.dead) break
  }
  const last = steps.at(-1) ?? { ...before, incapacitated: before.h <= 0, dead: false, limb: 'none' as const, maxHLost: 0 }
  const limb = steps.reduce<Hurt['limb']>((worst, s) => (WORST[s.limb] > WORST[worst] ? s.limb : worst), 'none')
  const maxHLost = steps.reduce((n, s) => n + s.maxHLost, 0)
  return { input, row, before, steps, after: { ...last, limb, maxHLost } }
}

const total = (p: PreparedHarm): number => p.input.blows.reduce((a, b) => a + b, 0)

/** What harm did, in a log entry's words. */
export function harmPayload(p: PreparedHarm): Record<string, unknown> {
  const { after } = p
  return { name: p.row.name, characterId: p.row.id, harm: total(p), before: p.before, after: { h: after.h, maxH: after.maxH }, limb: after.limb, incapacitated: after.incapacitated, dead: after.dead }
}

/**
 * Writes prepared harm (OSR-19): the sheet's H and maximum H, death at maximum H 0, each limb a
 * blow broke (half the maximum in one blow) or severed (the whole of it), maximum H lost below 0.
 * @example await landHarm(tx, step, await prepareHarm(tx, { campaignId: 1, characterId: 7, blows: [4], cause: 'Glam’s dagger' }))
 */
export async function landHarm(tx: Tx, step: TableStep, p: PreparedHarm): Promise<OsrHarmReport> {
  const { row, after, input } = p
  if (isFoeId(row.id)) {
    // An ad-hoc foe has no sheet or injury records: its H goes into the table's state with the action.
    foeHarmOf(tx).set(row.id, { h: after.h, maxH: after.maxH })
    return report(p, [])
  }
  await step.touching('character', row.id)
  const stored = JSON.parse(row.sheet) as Record<string, unknown>
  await tx.trx
    .updateTable('character')
    .set({ sheet: JSON.stringify({ ...stored, h: after.h, maxH: after.maxH }), status: after.dead ? 'dead' : row.status, updated_at: tx.realTime })
    .where('id', '=', row.id)
    .execute()
  const injuries: Injury[] = []
  for (const s of p.steps) {
    if (s.limb === 'none') continue
    injuries.push(await recordOsrInjury(tx, step, row.id, { kind: 'osr.limb', harm: s.limb, part: input.part?.trim() || UNNAMED_LIMB }, input.cause))
  }
  if (after.maxHLost > 0) injuries.push(await recordOsrInjury(tx, step, row.id, { kind: 'osr.max-h', amount: after.maxHLost }, input.cause))
  tx.emitAfterCommit('record.changed', { campaignId: input.campaignId, kind: 'character', id: row.id, change: 'updated' })
  return report(p, injuries)
}

function report(p: PreparedHarm, injuries: Injury[]): OsrHarmReport {
  const { row, after } = p
  return {
    characterId: row.id,
    name: row.name,
    harm: total(p),
    before: p.before,
    after: { h: after.h, maxH: after.maxH },
    incapacitated: after.incapacitated,
    dead: after.dead,
    limb: after.limb,
    injuries,
  }
}

const foeHarm = new WeakMap<Tx, Map<number, { h: number; maxH: number }>>()

/**
 * Ad-hoc foes' H as harm left them in this unit of work, for the action to write with the table.
 * @example withFoeHarm(state, foeHarmOf(tx))
 */
export function foeHarmOf(tx: Tx): Map<number, { h: number; maxH: number }> {
  let m = foeHarm.get(tx)
  if (!m) {
    m = new Map()
    foeHarm.set(tx, m)
  }
  return m
}
