/**
 * Rolling at the old-school table with the campaign's dice: checks (OSR-10), resistance (OSR-3),
 * "is it so?" (OSR-11), strikes (OSR-15 … OSR-17), shots (OSR-18) and casting (OSR-22, OSR-23).
 * Each roll is one step: its log entry with every face (DICE-3), the harm it does landing on H with
 * the injuries it leaves (OSR-19), and the combatant's action taken for the round (OSR-14).
 */
import type { OsrOutcome, OsrRollResult, ParsedOsrRoll } from '../../../shared/contract'
import { castSpell, rollCheck, rollIsItSo, rollSave, rollShot, rollStrike, type CheckResult, type HarmResult } from '../../engines/osr'
import { type ServiceDeps, campaignDice, currentGameTime } from '../core'
import { when } from '../clock'
import { markActed, tableAction, type ActionContext } from './action'
import { harmPayload, landHarm, prepareHarm } from './harm'
import { isUnloaded } from './odds'
import { planRoll, refused, underRules, type RollPlan } from './plan'
import type { OsrTableState } from './state'

type D20 = OsrRollResult['rolls'][number]
const d20 = (c: CheckResult, harm: HarmResult | null = null): D20 => ({
  natural: c.natural,
  total: c.total,
  success: c.success,
  spectacular: c.spectacular,
  margin: c.margin,
  harm: harm && { dice: harm.dice, rolled: harm.rolled, harm: harm.harm, faces: harm.faces },
})

/** OSR-10: natural 20 and natural 1 are spectacular. */
function checkOutcome(c: CheckResult): OsrOutcome {
  if (c.spectacular) return c.success ? 'spectacular-success' : 'spectacular-failure'
  return c.success ? 'success' : 'failure'
}

type Dice = Awaited<ReturnType<typeof campaignDice>>

/** A roll resolved: what the screen shows, what the log keeps, the table after it, and the harm still to write. */
interface Resolved {
  result: Omit<OsrRollResult, 'logEntryId' | 'faces' | 'gmOnly' | 'what'>
  payload: Record<string, unknown>
  state: OsrTableState
  /** Writes the harm after the roll's log entry, so the log reads in order. */
  land?: () => Promise<void>
  summary: string
}

/** What a result holds that its kind of roll does not fill. */
const EMPTY: Pick<Resolved['result'], 'modifier' | 'parts' | 'target' | 'rolls' | 'face' | 'totalHarm' | 'harmed' | 'cast'> = { modifier: null, parts: [], target: null, rolls: [], face: null, totalHarm: null, harmed: null, cast: null }

/** Throws the plan's dice through the engine. */
async function resolve(ctx: ActionContext, plan: RollPlan, dice: Dice): Promise<Resolved> {
  const { tx, campaignId, state } = ctx
  const who = plan.what === 'is-it-so' ? null : plan.who
  const name = who?.name ?? 'The GM'
  switch (plan.what) {
    case 'check': {
      const c = underRules('roll', () => rollCheck(dice, { modifier: plan.modifier, target: plan.target }))
      const outcome = checkOutcome(c)
      return {
        result: { ...EMPTY, who: who?.name ?? null, outcome, modifier: plan.modifier, parts: plan.parts, target: plan.target, rolls: [d20(c)] },
        payload: { who: who?.name ?? null, characterId: who?.id ?? null, modifier: plan.modifier, parts: plan.parts, target: plan.target, natural: c.natural, total: c.total, margin: c.margin, outcome },
        state,
        summary: `${name}’s check: ${c.total} (${outcome.replace('-', ' ')})`,
      }
    }
    case 'save': {
      const s = underRules('roll.target', () => rollSave(dice, { target: plan.target }))
      const outcome: OsrOutcome = s.saved ? 'saved' : 'not-saved'
      return {
        result: { ...EMPTY, who: who?.name ?? null, outcome, target: plan.target, rolls: [{ natural: s.natural, total: s.natural, success: s.saved, spectacular: false, margin: s.natural - s.target, harm: null }] },
        payload: { who: who?.name ?? null, characterId: who?.id ?? null, target: plan.target, natural: s.natural, outcome },
        state,
        summary: `${name}’s resistance: ${s.natural} against ${plan.target} (${s.saved ? 'saved' : 'not saved'})`,
      }
    }
    case 'is-it-so': {
      const r = rollIsItSo(dice)
      const outcome: OsrOutcome = r.itIs ? 'it-is' : 'it-is-not'
      return { result: { ...EMPTY, who: null, outcome, face: r.face }, payload: { face: r.face, outcome }, state, summary: `Is it so? d6 = ${r.face}: ${r.itIs ? 'it is' : 'it is not'}` }
    }
    case 'strike':
    case 'shot': {
      const strike = plan.what === 'strike' ? underRules('roll', () => rollStrike(dice, plan.input)) : null
      const shot = plan.what === 'shot' ? underRules('roll', () => rollShot(dice, plan.input)) : null
      const rolls = strike ? strike.rolls.map((r) => d20(r, r.harm)) : [d20(shot!, shot!.harm)]
      const blows = rolls.flatMap((r) => (r.harm ? [r.harm.harm] : []))
      const totalHarm = blows.reduce((a, b) => a + b, 0)
      const weapon = plan.weapon?.name ?? (plan.what === 'strike' ? 'a natural limb' : 'a thrown missile')
      const cause = `${plan.who.name}’s ${plan.what} with ${weapon}`
      const harm = plan.defender && blows.length > 0 ? await prepareHarm(tx, { campaignId, characterId: plan.defender.id, blows, cause }) : null
      let next = markActed(state, plan.who.id)
      if (plan.what === 'shot' && plan.reloads && plan.weapon && next.combat) {
        // OSR-18: a crossbow or firearm without automatic feed waits to be reloaded.
        next = { ...next, combat: { ...next.combat, unloaded: [...next.combat.unloaded, { characterId: plan.who.id, weaponId: plan.weapon.id }] } }
      }
      const target = plan.defender?.name ?? 'the target'
      const verb = plan.what === 'strike' ? 'struck at' : 'shot at'
      const result: Resolved['result'] = { ...EMPTY, who: plan.who.name, outcome: blows.length > 0 ? 'hit' : 'miss', modifier: plan.modifier, parts: plan.parts, target: 10, rolls, totalHarm }
      const out = {
        result,
        payload: {
          who: plan.who.name,
          characterId: plan.who.id,
          target: plan.defender?.name ?? null,
          targetId: plan.defender?.id ?? null,
          weapon,
          modifier: plan.modifier,
          parts: plan.parts,
          rolls: rolls.map((r) => ({ natural: r.natural, total: r.total, success: r.success, harm: r.harm?.harm ?? null })),
          totalHarm,
          harmed: harm && harmPayload(harm),
          ...(plan.what === 'shot' ? { distanceFt: plan.input.distanceFt, accuracyFt: plan.input.accuracyFt } : {}),
        },
        state: next,
        summary: `${plan.who.name} ${verb} ${target}: ${blows.length > 0 ? `${totalHarm} H` : 'missed'}`,
      }
      if (!harm) return out
      return { ...out, land: async () => void (result.harmed = await landHarm(tx, ctx.step, harm)) }
    }
    case 'cast':
      return resolveCast(ctx, plan, dice)
  }
}

async function resolveCast(ctx: ActionContext, plan: Extract<RollPlan, { what: 'cast' }>, dice: Dice): Promise<Resolved> {
  const { tx, campaignId, state } = ctx
  const caster = plan.who
  const known = caster.spells.find((s) => s.id === plan.spell.id)
  const prep = state.preparations.find((p) => p.characterId === caster.id)
  if (!known?.prepared && !prep?.spellIds.includes(plan.spell.id)) {
    throw refused(`${caster.name} has not prepared ${plan.spell.name}: preparing takes 5 seconds, and the window to cast is rolled secretly (OSR-22). Nothing was rolled.`, 'roll.spellId')
  }
  const now = await currentGameTime(tx.trx, campaignId)
  if (prep && now > prep.castBy) {
    throw refused(`${caster.name}’s prepared spells lapsed at ${when(prep.castBy)} (the window you rolled secretly, OSR-22): prepare them again. Nothing was rolled.`, 'roll.spellId')
  }
  const cast = underRules('roll', () => castSpell(dice, { spell: plan.spell, casterLevel: caster.level, modifier: plan.modifier, hardiness: { h: caster.h, maxH: caster.maxH } }))
  const paid = await prepareHarm(tx, { campaignId, characterId: caster.id, blows: [cast.costH], paid: true, cause: `casting ${plan.spell.name}` })
  const rolled = cast.rolled
  const numbers = rolled ? [...(rolled.range ? [{ key: 'range', ...rolled.range }] : []), ...(rolled.duration ? [{ key: 'duration', ...rolled.duration }] : []), ...Object.entries(rolled.effects).map(([key, n]) => ({ key, ...n }))] : []
  // Our reading of OSR-22: a successful casting uses the preparation; a failed attempt may be tried again.
  const stillPrepared = !cast.check.success
  const result: Resolved['result'] & { cast: NonNullable<Resolved['result']['cast']> } = {
    ...EMPTY,
    who: caster.name,
    outcome: checkOutcome(cast.check),
    modifier: plan.modifier,
    parts: plan.parts,
    target: 10,
    rolls: [d20(cast.check)],
    cast: {
      spell: { id: plan.spell.id, name: plan.spell.name, level: plan.spell.level },
      paid: { characterId: caster.id, name: caster.name, harm: cast.costH, before: paid.before, after: { h: paid.after.h, maxH: paid.after.maxH }, incapacitated: paid.after.incapacitated, dead: paid.after.dead, limb: 'none', injuries: [] },
      numbers: numbers.map((n) => ({ key: n.key, expression: n.expression, unit: n.unit, value: n.value })),
      stillPrepared,
    },
  }
  let next = markActed(state, caster.id)
  if (!stillPrepared) next = { ...next, preparations: next.preparations.map((p) => (p.characterId === caster.id ? { ...p, spellIds: p.spellIds.filter((id) => id !== plan.spell.id) } : p)).filter((p) => p.spellIds.length > 0) }
  return {
    result,
    payload: {
      who: caster.name,
      characterId: caster.id,
      spell: plan.spell.name,
      spellId: plan.spell.id,
      modifier: plan.modifier,
      parts: plan.parts,
      natural: cast.check.natural,
      total: cast.check.total,
      outcome: result.outcome,
      costH: cast.costH,
      paid: harmPayload(paid),
      numbers: result.cast.numbers,
    },
    state: next,
    summary: `${caster.name} cast ${plan.spell.name}: ${cast.check.success ? 'success' : 'failure'}, ${cast.costH} H paid`,
    land: async () => {
      const report = await landHarm(tx, ctx.step, paid)
      result.cast.paid = report
      if (stillPrepared) return
      // The spell is no longer prepared on the sheet either.
      const row = await tx.trx.selectFrom('character').select('sheet').where('id', '=', caster.id).executeTakeFirstOrThrow()
      const sheet = JSON.parse(row.sheet) as { prepared?: string[] }
      await tx.trx
        .updateTable('character')
        .set({ sheet: JSON.stringify({ ...sheet, prepared: (sheet.prepared ?? []).filter((id) => id !== plan.spell.id) }), updated_at: tx.realTime })
        .where('id', '=', caster.id)
        .execute()
    },
  }
}

/**
 * Rolls at the table: the odds shown before were for exactly this plan. A GM-only roll stays out
 * of the player recap (its log entry's `gmOnly`).
 * @example await rollAtTable(deps, { campaignId: 1, roll: { what: 'strike', characterId: 4, targetId: 7, weaponId: 12, situational: 0, backstab: false, darkness: false }, gmOnly: false })
 */
export async function rollAtTable(deps: ServiceDeps, input: { campaignId: number; roll: ParsedOsrRoll; gmOnly: boolean }): Promise<OsrRollResult> {
  return tableAction(deps, input.campaignId, input.roll.what, async (ctx) => {
    const plan = await planRoll(ctx.tx, input.campaignId, input.roll, isUnloaded(ctx.state, input.roll))
    const dice = await campaignDice(ctx.tx, input.campaignId)
    const r = await resolve(ctx, plan, dice)
    const logged = await ctx.step.log({ kind: `osr.${input.roll.what}`, payload: r.payload, dice: dice.faces, gmOnly: input.gmOnly })
    await r.land?.()
    return { state: r.state, summary: r.summary, result: { what: input.roll.what, logEntryId: logged.id, gmOnly: input.gmOnly, faces: [...dice.faces], ...r.result } }
  })
}
