/**
 * Foes typed at the old-school table during a fight: brought in with the few numbers a fight needs,
 * their numbers corrected, and one saved as an NPC of the campaign (its sheet, armour and weapon)
 * to fight on as that NPC. Each is one step at the table with its log entry.
 */
import type { OsrTableView } from '../../../shared/contract'
import { rollInitiative } from '../../engines/osr'
import { type ServiceDeps, campaignDice, recordChanged } from '../core'
import { insertCharacter } from '../characters'
import { tableAction } from './action'
import { requireCombat, osrView } from './combat'
import { foeFighter, isFoeId, typeFoes, WEAPON_WORDS, type FoeNumbers } from './foes'
import { refused } from './plan'
import { withRoll } from './rounds'
import type { CombatState, OsrFoe } from './state'

type FoeInput = Omit<FoeNumbers, 'h'>

/**
 * Types a foe into the fight on the foes' side; once the round has begun it rolls its initiative.
 * @example await typeOsrFoe(deps, { campaignId: 1, foe: { name: 'Giant rat', level: 1, B: 0, M: 0, maxH: 3, armour: 0, weapon: 'short' } })
 */
export async function typeOsrFoe(deps: ServiceDeps, input: { campaignId: number; foe: FoeInput }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'foe', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const typed = typeFoes(ctx.state, input.campaignId, [{ ...input.foe, h: input.foe.maxH }])
    const foe = typed.foes[0]!
    let next: CombatState = { ...combat, foes: [...combat.foes, foe], combatants: [...combat.combatants, { characterId: foe.id, side: 'foes' }] }
    let roll: { natural: number; total: number } | null = null
    let faces: Awaited<ReturnType<typeof campaignDice>>['faces'] = []
    if (combat.round > 0) {
      const dice = await campaignDice(ctx.tx, input.campaignId)
      faces = dice.faces
      const r = rollInitiative(dice, { round: combat.round, combatants: [{ id: String(foe.id), M: foe.M }] }).rolls[0]!
      roll = { natural: r.natural, total: r.total }
      next = withRoll(next, { characterId: foe.id, natural: r.natural, total: r.total, surprise: 0 })
    }
    await ctx.step.log({ kind: 'osr.combat.foe', payload: { ...foe, characterId: foe.id, round: combat.round, initiative: roll }, dice: faces })
    return { state: { ...typed.state, combat: next }, summary: `${foe.name} joined the foes`, result: null }
  })
  return osrView(deps, input.campaignId)
}

function typedFoe(combat: CombatState, id: number): OsrFoe {
  const foe = isFoeId(id) ? combat.foes.find((f) => f.id === id) : undefined
  if (!foe) throw refused('That is not a foe typed at the table: change a character on their page.', 'characterId')
  return foe
}

/**
 * Changes a typed foe's name or numbers. Its H keeps the harm it took: a new maximum moves H by
 * as much as the maximum moved.
 * @example await editOsrFoe(deps, { campaignId: 1, characterId: -100001, foe: { name: 'Rat king', level: 2, B: 1, M: 0, maxH: 9, armour: 1, weapon: 'short' } })
 */
export async function editOsrFoe(deps: ServiceDeps, input: { campaignId: number; characterId: number; foe: FoeInput }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'foe-edited', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const before = typedFoe(combat, input.characterId)
    const after: OsrFoe = { ...before, ...input.foe, h: before.h + (input.foe.maxH - before.maxH) }
    await ctx.step.log({ kind: 'osr.combat.foe.edited', payload: { characterId: before.id, before, after } })
    const next = { ...combat, foes: combat.foes.map((f) => (f.id === before.id ? after : f)) }
    return { state: { ...ctx.state, combat: next }, summary: `${after.name}’s numbers changed`, result: null }
  })
  return osrView(deps, input.campaignId)
}

/** The old-school armour modifier's cost, OSR-5: modifier² × 5 GP. */
const armourValue = (modifier: number): number => modifier * modifier * 5

/**
 * Saves a typed foe as an NPC of the campaign — its level, modifiers and H on the sheet, its armour
 * and weapon in its inventory — and puts the NPC in its place in the fight, initiative and all.
 * @example await saveOsrFoe(deps, { campaignId: 1, characterId: -100001 }) // { npcId: 12, view }
 */
export async function saveOsrFoe(deps: ServiceDeps, input: { campaignId: number; characterId: number }): Promise<{ npcId: number; view: OsrTableView }> {
  const npcId = await tableAction(deps, input.campaignId, 'foe-saved', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const foe = typedFoe(combat, input.characterId)
    const row = await insertCharacter(ctx.tx, 'osr', {
      campaignId: input.campaignId,
      kind: 'npc',
      name: foe.name,
      playerName: null,
      status: foe.maxH === 0 ? 'dead' : 'active',
      notes: '',
      tags: [],
      sheet: { level: foe.level, B: foe.B, M: foe.M, S: 0, h: foe.h, maxH: foe.maxH, optionsAllowed: 0 },
      draft: true,
    })
    ctx.step.created('character', row.id)
    const item = (name: string, kind: 'weapon' | 'armour', details: Record<string, unknown>, valueGp: number) => ({
      character_id: row.id,
      name,
      kind,
      details: JSON.stringify(details),
      value_gp: valueGp,
      weight_lbs: valueGp,
      created_at: ctx.tx.realTime,
      updated_at: ctx.tx.realTime,
    })
    const fighter = foeFighter(foe)
    const items = [
      ...(foe.weapon === 'limb' ? [] : [item(WEAPON_WORDS[foe.weapon].replace(/^./, (c) => c.toUpperCase()), 'weapon', { weaponClass: foe.weapon }, 0)]),
      ...(foe.armour > 0 ? [item(`Armour (+${foe.armour})`, 'armour', { modifier: foe.armour }, armourValue(foe.armour))] : []),
    ]
    // The inventory goes with the character: undoing the step deletes both.
    if (items.length > 0) await ctx.tx.trx.insertInto('inventory_item').values(items).execute()
    await recordChanged(
      ctx.tx,
      { campaignId: input.campaignId, kind: 'character', id: row.id, change: 'created' },
      { kind: 'osr.combat.foe.saved', payload: { id: row.id, name: row.name, kind: 'npc', foe: foe.id, harm: fighter.weapons[0]?.harm ?? null } },
    )
    const swap = (id: number) => (id === foe.id ? row.id : id)
    const next: CombatState = {
      ...combat,
      foes: combat.foes.filter((f) => f.id !== foe.id),
      combatants: combat.combatants.map((c) => ({ ...c, characterId: swap(c.characterId) })),
      initiative: combat.initiative.map((i) => ({ ...i, characterId: swap(i.characterId) })),
      order: combat.order.map((s) => ({ ...s, characterIds: s.characterIds.map(swap) })),
      acted: combat.acted.map(swap),
    }
    return { state: { ...ctx.state, combat: next }, summary: `${foe.name} saved as an NPC`, result: row.id }
  })
  return { npcId, view: await osrView(deps, input.campaignId) }
}
