/**
 * Exact odds before a roll at the old-school table (DICE-2): every number comes from the engine's
 * odds functions for the same plan the roll will use, never from sampling.
 */
import type { OsrDistributionPairs, OsrOdds, ParsedOsrRoll } from '../../../shared/contract'
import { castOdds, checkOdds, initiativeOdds, isItSoOdds, outcomes, saveOdds, shotOdds, spellNumberOdds, strikeOdds, type Distribution, formatDiceExpression, weaponHarmDice } from '../../engines/osr'
import { unitOfWork, type ServiceDeps } from '../core'
import { fighterIn, requireOsrCampaign } from './fighters'
import { planRoll, underRules, type RollPlan } from './plan'
import { loadTableState } from './state'

const pairs = (d: Distribution): OsrDistributionPairs => outcomes(d)
const defenderOf = (f: { id: number; name: string; h: number; maxH: number } | null) => (f ? { id: f.id, name: f.name, h: f.h, maxH: f.maxH } : null)

/** The engine's odds for a plan. */
export function oddsOfPlan(plan: RollPlan): OsrOdds {
  switch (plan.what) {
    case 'check':
      return { what: 'check', modifier: plan.modifier, parts: plan.parts, target: plan.target, ...underRules('roll', () => checkOdds({ modifier: plan.modifier, target: plan.target })) }
    case 'save':
      return { what: 'save', target: plan.target, ...underRules('roll.target', () => saveOdds({ target: plan.target })) }
    case 'is-it-so':
      return { what: 'is-it-so', ...isItSoOdds() }
    case 'strike': {
      const o = underRules('roll', () => strikeOdds(plan.input))
      return {
        what: 'strike',
        modifier: plan.modifier,
        parts: plan.parts,
        target: 10,
        rolls: 1 + (plan.input.monstrousForm ?? 0),
        hit: o.hit,
        spectacularSuccess: o.spectacularSuccess,
        spectacularFailure: o.spectacularFailure,
        hits: pairs(o.hits),
        totalHarm: pairs(o.totalHarm),
        harmDice: formatDiceExpression(weaponHarmDice(plan.input)),
        defender: defenderOf(plan.defender),
      }
    }
    case 'shot': {
      const o = underRules('roll', () => shotOdds(plan.input))
      return {
        what: 'shot',
        modifier: plan.modifier,
        parts: plan.parts,
        target: 10,
        hit: o.hit,
        spectacularSuccess: o.spectacularSuccess,
        spectacularFailure: o.spectacularFailure,
        harm: pairs(o.harm),
        harmDice: formatDiceExpression(weaponHarmDice(plan.input)),
        accuracyFt: plan.input.accuracyFt,
        rangePenalty: plan.penalty,
        defender: defenderOf(plan.defender),
      }
    }
    case 'cast': {
      const o = underRules('roll', () => castOdds({ spellLevel: plan.spell.level, casterLevel: plan.who.level, modifier: plan.modifier }))
      const numbers = [
        ...(plan.scaled.range ? [{ key: 'range', ...plan.scaled.range }] : []),
        ...(typeof plan.scaled.duration === 'string' ? [] : [{ key: 'duration', ...plan.scaled.duration }]),
        ...Object.entries(plan.scaled.effects).map(([key, n]) => ({ key, ...n })),
      ]
      return {
        what: 'cast',
        modifier: plan.modifier,
        parts: plan.parts,
        target: 10,
        ...o,
        spell: { id: plan.spell.id, name: plan.spell.name, level: plan.spell.level, art: plan.spell.art },
        costH: plan.spell.level,
        numbers: numbers.map((n) => ({ key: n.key, expression: n.expression, unit: n.unit, odds: pairs(spellNumberOdds(n)) })),
      }
    }
  }
}

/** Whether a shooter's weapon waits to be reloaded in the combat under way (OSR-18). */
export function isUnloaded(state: Awaited<ReturnType<typeof loadTableState>>, roll: ParsedOsrRoll): boolean {
  if (roll.what !== 'shot' || roll.weaponId === null) return false
  return state.combat?.unloaded.some((u) => u.characterId === roll.characterId && u.weaponId === roll.weaponId) ?? false
}

/**
 * Exact odds of a roll before it is made.
 * @example await rollOdds(deps, { campaignId: 1, roll: { what: 'check', characterId: 4, ability: 'B', situational: 0, activity: null, target: 10 } }) // { success: 0.2, … }
 */
export async function rollOdds(deps: ServiceDeps, input: { campaignId: number; roll: ParsedOsrRoll }): Promise<OsrOdds> {
  await requireOsrCampaign(deps.db, input.campaignId)
  return unitOfWork(deps, async (tx) => {
    const state = await loadTableState(tx.trx, input.campaignId)
    return oddsOfPlan(await planRoll(tx, input.campaignId, input.roll, isUnloaded(state, input.roll)))
  })
}

/**
 * Exact odds, for each party member against each foe, of acting first, together or after in a
 * round (OSR-14); surprise counts in round 1 only.
 * @example await initiativeOddsFor(deps, { campaignId: 1, party: [4], foes: [7], round: 1, surprise: { party: 0, foes: -2 } })
 */
export async function initiativeOddsFor(
  deps: ServiceDeps,
  input: { campaignId: number; party: number[]; foes: number[]; round: number; surprise: { party: number; foes: number } },
): Promise<{ first: number; second: number; firstActsFirst: number; together: number; secondActsFirst: number }[]> {
  await requireOsrCampaign(deps.db, input.campaignId)
  return unitOfWork(deps, async (tx) => {
    const surprise = (n: number) => (input.round === 1 && n !== 0 ? { surprise: n } : {})
    const party = await Promise.all(input.party.map((id) => fighterIn(tx, id, input.campaignId)))
    const foes = await Promise.all(input.foes.map((id) => fighterIn(tx, id, input.campaignId)))
    return party.flatMap((p) =>
      foes.map((f) => ({
        first: p.id,
        second: f.id,
        ...underRules('round', () =>
          initiativeOdds({ first: { id: String(p.id), M: p.M, ...surprise(input.surprise.party) }, second: { id: String(f.id), M: f.M, ...surprise(input.surprise.foes) }, round: input.round }),
        ),
      })),
    )
  })
}
