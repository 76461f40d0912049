/**
 * The GM's commands of a secret session, as data (an operation and three small numbers), and what
 * each becomes at the table: a call of the router, its input resolved from the table as it stands
 * (a foe by its name, the open fight, the latest roll), so two libraries in the same state make the
 * same call. A canary goes into every GM-only field a command fills: a foe typed in with a secret
 * name and numbers, a GM-only note or roll, a hidden timer, a free-text injury's words, Threat's
 * reason, a Danger's description. Foes with plain names are the ones revealed and shown.
 */
import type { MethodInput } from '../../src/shared/contract'
import type { MethodName } from '../../src/shared/methods'
import type { SystemId } from '../../src/shared/contract'
import { gm } from './calls'
import { Canaries } from './secret-canaries'
import { HANDOUTS, PC_CURRENCY, type SecretTable } from './secret-tables'

/** One command of the GM: `n` is its place in the run (its canaries' key), `a`, `b` and `flag` pick among what it may do. */
export interface Command {
  n: number
  op: string
  a: number
  b: number
  flag: boolean
}

export interface Call {
  method: MethodName
  input: unknown
}

/** A call, or why the command has nothing to do at the table as it stands (no fight, no foe …). */
export type Plan = Call | { skip: string }

const call = <K extends MethodName>(method: K, input: MethodInput<K>): Call => ({ method, input })
const skip = (why: string): Plan => ({ skip: why })
const pick = <T>(list: readonly T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined)

type Planner = (t: SecretTable, c: Command) => Promise<Plan>

/** The undo and redo of play: the session runner keeps its own model of them. */
export const UNDO = 'undo'
export const REDO = 'redo'

/** A journey planned and set out on as soon as the fight is over (CLK-14). */
export const JOURNEY = 'journey'

/** A fight ended and the next begun at once, at the same game time. */
export const AGAIN = 'again'

/**
 * A command as the steps the GM makes: an undo is 1 to 3 presses of Undo, then (with `flag`) some
 * of them redone; `again` ends the fight and sets up the next with the system's opening, its first
 * foes secret ones; each is a step of its own. Any other command is one step.
 * @example steps({ n: 4, op: 'undo', a: 2, b: 1, flag: true }, 'osr') // undo, undo, undo, redo, redo
 */
export function steps(c: Command, system: SystemId): Command[] {
  // The next fight opens with what an encounter brought (its row, or the secret NPC) or the secret NPC first.
  if (c.op === AGAIN) return [{ ...c, op: SYSTEM_OPS[system].ending }, { ...c, op: SYSTEM_OPS[system].opening, a: 1 + (c.a % 2), flag: true }]
  // The fight ended, a journey planned, set out on and travelled: each a step of its own.
  if (c.op === JOURNEY) return [SYSTEM_OPS[system].ending, 'combatEnd', 'journeyPlan', 'journeySetOut', 'journeyTravel'].map((op) => ({ ...c, op }))
  if (c.op !== UNDO) return [c]
  const undos = 1 + (c.a % 3)
  const redos = c.flag ? 1 + (c.b % undos) : 0
  return [...Array<string>(undos).fill(UNDO), ...Array<string>(redos).fill(REDO)].map((op) => ({ ...c, op }))
}

// ——— Every system ———

const common: Record<string, Planner> = {
  async advance(t, c) {
    const spans = [{ turns: 1 + (c.b % 2) }, { minutes: 10 }, { hours: 1 }] as const
    return call('clock.advance', { campaignId: t.campaignId, span: spans[c.a % 3]! })
  },
  goOn: async (t) => call('clock.goOn', { campaignId: t.campaignId }),
  round: async (t) => call('clock.nextRound', { campaignId: t.campaignId }),
  combatEnd: async (t) => call('clock.endCombat', { campaignId: t.campaignId }),
  note: async (t, c) =>
    c.flag
      ? call('log.note', { campaignId: t.campaignId, text: t.canaries.text('gm-note', c.n), gmOnly: true })
      : call('log.note', { campaignId: t.campaignId, text: `The party hears water dripping (${c.n}).` }),
  timer: async (t, c) =>
    call('timer.add', {
      campaignId: t.campaignId,
      label: c.flag ? t.canaries.text('hidden-timer', c.n) : `The bell tolls (${c.n})`,
      after: { turns: 1 + (c.a % 3) },
      hiddenFromPlayers: c.flag,
    }),
  encounterSet: async (t, c) =>
    call('clock.setEncounter', {
      campaignId: t.campaignId,
      locationId: t.locationId,
      threshold: 12 + (c.a % 8),
      modifiers: c.flag ? [{ reason: t.canaries.text('encounter-modifier-reason', c.n), amount: 1 }] : [],
    }),
  encounterRoll: async (t) => call('encounterTable.roll', { id: t.encounterTableId }),
  // CLK-14: a journey whose legs check on the secret encounter table at their own thresholds.
  async journeyPlan(t, c) {
    const { current } = await gm(t.core, 'journey.get', { campaignId: t.campaignId })
    if (current?.status === 'travelling') return skip('a journey is under way')
    return call('journey.plan', {
      campaignId: t.campaignId,
      toName: `Glimmerford ${c.n}`,
      legs: [
        { terrain: 'road', length: 0.5 + (c.a % 3) * 0.5, place: 'open', threshold: 12 + (c.b % 8), tableId: t.encounterTableId },
        { terrain: 'tunnel', length: 0.2, place: 'enclosed', threshold: 14 + (c.a % 6), tableId: c.flag ? t.encounterTableId : null },
      ],
    })
  },
  async journeySetOut(t) {
    const { current } = await gm(t.core, 'journey.get', { campaignId: t.campaignId })
    return current?.status === 'planned' ? call('journey.setOut', { campaignId: t.campaignId, journeyId: current.id }) : skip('no journey planned')
  },
  journeyTravel: async (t, c) => call('journey.travel', { campaignId: t.campaignId, until: (['turn', 'hour', 'camp', 'arrival'] as const)[c.a % 4]! }),
  journeyDetour: async (t, c) =>
    call('journey.detour', { campaignId: t.campaignId, leg: { terrain: 'ford', length: 0.3, place: 'open', threshold: 11 + (c.b % 9), tableId: c.flag ? t.encounterTableId : null } }),
  reaction: async (t) => call('encounter.reaction', { campaignId: t.campaignId, spirit: 0 }),
  async ledger(t, c) {
    const pc = pick(t.pcs, c.a)!
    const input = { campaignId: t.campaignId, characterId: pc.id, currency: PC_CURRENCY[t.system], amount: 1 + (c.b % 2) }
    return c.flag ? call('ledger.earn', { ...input, reason: `for bravery (${c.n})` }) : call('ledger.spend', { ...input, reason: `a lucky escape (${c.n})` })
  },
  async injury(t, c) {
    const characterId = pick(t.pcs, c.a)!.id
    const description = t.canaries.text(c.flag ? 'free-injury-description' : 'injury-description', c.n)
    if (c.flag || t.system === 'lode') return call('injury.record', { characterId, kind: 'other', description })
    switch (t.system) {
      case 'ladder':
        return call('injury.record', { characterId, kind: 'ladder.damage', level: 'wounded', location: 'arm', description })
      case 'osr':
        return call('injury.record', { characterId, kind: 'osr.limb', harm: 'broken', part: 'left arm', description })
      case 'ranks':
        return call('injury.record', { characterId, kind: 'ranks.harm', description })
      default:
        return call('injury.record', { characterId, kind: 'challenge.reduction', scope: 'ability', ability: 'Swordplay', points: 1, description })
    }
  },
  light: async (t, c) => call('light.light', { campaignId: t.campaignId, itemId: c.flag ? t.torches.npc : t.torches.pc }),
  async handOver(t, c) {
    const lit = (await gm(t.core, 'clock.get', { campaignId: t.campaignId })).lights.filter((l) => l.lit)
    const light = pick(lit, c.a)
    if (!light) return skip('no light is lit')
    return call('light.handOver', { campaignId: t.campaignId, lightId: light.id, toCharacterId: c.flag ? t.lampBearer.id : pick(t.pcs, c.b)!.id })
  },
  async douse(t, c) {
    const light = pick((await gm(t.core, 'clock.get', { campaignId: t.campaignId })).lights.filter((l) => l.lit), c.a)
    return light ? call('light.douse', { campaignId: t.campaignId, lightId: light.id }) : skip('no light is lit')
  },
  async handout(t, c) {
    const kind = c.a % 2 === 0 ? 'location' : 'npc'
    const id = kind === 'location' ? t.locationId : t.stranger.id
    const shown = c.b % 3 !== 2
    return call('players.handout', { campaignId: t.campaignId, kind, id, shown, ...(shown ? HANDOUTS[kind] : {}) })
  },
  async reveal(t, c) {
    // Only foes with plain names are ever shown: a canary may never reach a player.
    const foes = (await gm(t.core, 'players.controls', { campaignId: t.campaignId })).foes.filter((f) => !Canaries.holds(f.name))
    const foe = pick(foes, c.a)
    if (!foe) return skip('no foe with a plain name met')
    return call('players.reveal', { campaignId: t.campaignId, key: foe.key, what: c.flag ? 'foe' : 'numbers', shown: c.b % 4 !== 3 })
  },
  gmRoll: async (t, c) => GM_ROLLS[t.system](t, c),
}

/** A roll of the system's table with GM only ticked, a canary in what it names. */
const GM_ROLLS: Record<SystemId, Planner> = {
  osr: async (t) => call('osr.roll', { campaignId: t.campaignId, roll: { what: 'check', characterId: t.gmRoller.id, ability: 'M' }, gmOnly: true }),
  ladder: async (t, c) =>
    call('ladder.roll', { campaignId: t.campaignId, name: t.canaries.text('gm-roll-who', c.n), what: t.canaries.text('gm-roll-what', c.n), asset: 'good', gmOnly: true }),
  lode: async (t, c) =>
    call('lode.roll', { campaignId: t.campaignId, name: t.canaries.text('gm-roll-who', c.n), what: t.canaries.text('gm-roll-what', c.n), baseDice: 2, gmOnly: true }),
  ranks: async (t, c) =>
    call('ranks.roll', { campaignId: t.campaignId, characterId: null, who: t.canaries.text('gm-roll-who', c.n), ability: t.canaries.text('gm-roll-ability', c.n), rank: 'good', gmOnly: true }),
  challenge: async (t, c) =>
    call('challenge.start', {
      campaignId: t.campaignId,
      title: t.canaries.text('gm-challenge-title', c.n),
      gmOnly: true,
      sides: [
        { characterId: t.pcs[0]!.id, ability: 'Swordplay', rating: 5 },
        { name: t.canaries.text('gm-challenge-side', c.n), ability: 'Riddles', rating: 5 },
      ],
    }),
}

/** What an encounter brought to a fight: nothing (0), the table's row (1), or the row's NPC, the secret one or the plain one (2). */
function metOf(t: SecretTable, c: Command): { met?: { text: string } | { text: string; npcId: number; npcName: string } } {
  if (c.a % 3 === 0) return {}
  if (c.a % 3 === 1) return { met: { text: t.row } }
  const npc = c.flag ? t.secretFoe : t.plainFoe
  return { met: { text: '', npcId: npc.id, npcName: npc.name } }
}

/** The foes of a secret fight: a typed foe's name, and whether it is one of the secret ones. */
const typedName = (t: SecretTable, c: Command, secret: boolean, plain: string) => (secret ? t.canaries.text('typed-foe-name', c.n) : `${plain} ${c.n}`)

// ——— The old-school table ———

async function osrFoes(t: SecretTable) {
  const combat = (await gm(t.core, 'osr.state', { campaignId: t.campaignId })).combat
  return combat ? combat.combatants.filter((x) => x.side === 'foes' && !x.dead) : null
}

function osrTyped(t: SecretTable, c: Command, secret: boolean) {
  return secret
    ? { name: typedName(t, c, true, ''), maxH: t.canaries.number('typed-foe-H', 10 + c.n), armour: 13, level: 17, M: 2, weapon: 'long' as const }
    : { name: typedName(t, c, false, 'Goblin'), maxH: 3 + (c.a % 5), armour: 1 }
}

const osr: Record<string, Planner> = {
  async 'osr.start'(t, c) {
    const foes = [[], [t.secretFoe.id], [t.plainFoe.id]][c.a % 3]!
    const adHoc = [[osrTyped(t, c, false)], [osrTyped(t, c, true)], [osrTyped(t, c, false), osrTyped(t, c, true)], []][c.b % 4]!
    const met = c.flag || foes.length + adHoc.length === 0 ? { met: { text: t.row } } : {}
    return call('osr.combat.start', { campaignId: t.campaignId, foes, adHoc, ...met })
  },
  'osr.foe': async (t, c) => call('osr.combat.foe', { campaignId: t.campaignId, foe: osrTyped(t, c, c.a % 3 === 0) }),
  'osr.join': async (t, c) => call('osr.combat.join', { campaignId: t.campaignId, characterId: (c.flag ? t.secretFoe : t.plainFoe).id, side: 'foes' }),
  async 'osr.strike'(t, c) {
    const foe = pick((await osrFoes(t)) ?? [], c.b)
    if (!foe) return skip('no foe to strike')
    const pc = pick(t.pcs, c.a)!.id
    const [characterId, targetId] = c.flag ? [pc, foe.characterId] : [foe.characterId, pc]
    return call('osr.roll', { campaignId: t.campaignId, roll: { what: 'strike', characterId, targetId }, gmOnly: false })
  },
  async 'osr.harm'(t, c) {
    const foe = pick((await osrFoes(t)) ?? [], c.b)
    return foe ? call('osr.harm', { campaignId: t.campaignId, characterId: foe.characterId, harm: 1 + (c.a % 6), cause: 'a falling stone' }) : skip('no foe to harm')
  },
  async 'osr.save'(t, c) {
    const foe = pick((await osrFoes(t)) ?? [], c.b)
    return foe ? call('osr.roll', { campaignId: t.campaignId, roll: { what: 'save', characterId: foe.characterId }, gmOnly: false }) : skip('no foe to resist')
  },
  'osr.check': async (t, c) => call('osr.roll', { campaignId: t.campaignId, roll: { what: 'check', characterId: pick(t.pcs, c.a)!.id, ability: 'B' }, gmOnly: false }),
  'osr.prepare': async (t) => call('osr.prepare', { campaignId: t.campaignId, characterId: t.pcs[0]!.id }),
  'osr.cast': async (t) => call('osr.roll', { campaignId: t.campaignId, roll: { what: 'cast', characterId: t.pcs[0]!.id, spellId: 'smite-foe' }, gmOnly: false }),
  'osr.round': async (t) => call('osr.round', { campaignId: t.campaignId }),
  'osr.end': async (t) => call('osr.combat.end', { campaignId: t.campaignId }),
  async 'osr.keep'(t, c) {
    const typed = ((await osrFoes(t)) ?? []).filter((f) => f.characterId < 0)
    const foe = pick(typed, c.b)
    return foe ? call('osr.combat.foe.save', { campaignId: t.campaignId, characterId: foe.characterId }) : skip('no typed foe to keep')
  },
}

// ——— The Ladder ———

async function ladderFight(t: SecretTable) {
  return (await gm(t.core, 'ladder.conflict.list', { campaignId: t.campaignId, openOnly: true })).find((x) => x.kind === 'combat') ?? null
}

const ladder: Record<string, Planner> = {
  async 'ladder.start'(t, c) {
    const pcs = t.pcs.map((p) => ({ characterId: p.id, name: p.name, assetName: 'Brawling', asset: 'good' as const }))
    const npc = [[], [t.secretFoe], [t.plainFoe]][c.a % 3]!.map((p) => ({ characterId: p.id, name: p.name, assetName: 'Brawling', asset: 'good' as const }))
    const typed = (secret: boolean) => ({ name: typedName(t, c, secret, 'Thug'), asset: secret ? ('expert' as const) : ('poor' as const) })
    const more = [[typed(false)], [typed(true)], [typed(false), typed(true)], npc.length ? [] : [typed(false)]][c.b % 4]!
    // The foes an encounter brought to the clock's combat, named for the set-up.
    const met = (await gm(t.core, 'ladder.combat.met', { campaignId: t.campaignId })).foes.map((name) => ({ name, asset: 'good' as const }))
    return call('ladder.conflict.start', { campaignId: t.campaignId, kind: 'combat', name: `Fight ${c.n}`, combatants: [...pcs, ...npc, ...more, ...met] })
  },
  'ladder.begin': async (t, c) => call('ladder.combat.begin', { campaignId: t.campaignId, ...metOf(t, { ...c, a: 1 + (c.a % 2) }) }),
  async 'ladder.round'(t, c) {
    const fight = await ladderFight(t)
    if (!fight) return skip('no fight')
    const members = fight.sides.flatMap((s) => s.members).filter((m) => !m.out)
    const pcNames = new Set(t.pcs.map((p) => p.name))
    const foe = pick(members.filter((m) => !pcNames.has(m.name)), c.b)
    const pc = pick(members.filter((m) => pcNames.has(m.name)), c.a)
    if (!foe || !pc) return skip('no one to fight')
    const [attacker, defender] = c.flag ? [pc.name, foe.name] : [foe.name, pc.name]
    return call('ladder.combat.round', { id: fight.id, melee: [{ attacker, defender }] })
  },
  'ladder.roll': async (t, c) =>
    call('ladder.roll', { campaignId: t.campaignId, characterId: pick(t.pcs, c.a)!.id, name: pick(t.pcs, c.a)!.name, what: 'Running', asset: 'expert', difficulty: 'good' }),
  async 'ladder.damage'(t, c) {
    if (c.flag) return call('ladder.damage', { campaignId: t.campaignId, characterId: pick(t.pcs, c.a)!.id, name: pick(t.pcs, c.a)!.name, level: 'subdued' })
    const fight = await ladderFight(t)
    const pcNames = new Set(t.pcs.map((p) => p.name))
    const foe = pick((fight?.sides.flatMap((s) => s.members) ?? []).filter((m) => !pcNames.has(m.name) && m.characterId === null), c.b)
    return foe ? call('ladder.damage', { campaignId: t.campaignId, name: foe.name, level: 'wounded' }) : skip('no typed foe to damage')
  },
  async 'ladder.end'(t) {
    const fight = await ladderFight(t)
    return fight ? call('ladder.conflict.end', { id: fight.id }) : skip('no fight')
  },
  async 'ladder.keep'(t, c) {
    const fight = await ladderFight(t)
    const typed = (fight?.sides.flatMap((s) => s.members) ?? []).filter((m) => m.characterId === null)
    const foe = pick(typed, c.b)
    return foe ? call('ladder.combat.foe.save', { campaignId: t.campaignId, name: foe.name }) : skip('no typed foe to keep')
  },
}

// ——— LODE ———

async function sceneFoes(t: SecretTable, system: 'lode' | 'ranks') {
  return (await gm(t.core, system === 'lode' ? 'lode.combat' : 'ranks.combat', { campaignId: t.campaignId }))?.foes ?? []
}

const lode: Record<string, Planner> = {
  'lode.begin': async (t, c) => call('lode.combat.begin', { campaignId: t.campaignId, ...metOf(t, c) }),
  'lode.foe': async (t, c) =>
    call('lode.combat.foe', { campaignId: t.campaignId, foe: { name: typedName(t, c, c.a % 3 === 0, 'Bandit'), baseDice: c.a % 3 === 0 ? 4 : 1 + (c.b % 3) } }),
  'lode.roll': async (t, c) => call('lode.roll', { campaignId: t.campaignId, characterId: pick(t.pcs, c.a)!.id, what: 'Climbing +1', baseDice: 2, advantages: c.b % 3 }),
  async 'lode.foeRoll'(t, c) {
    const foe = pick(await sceneFoes(t, 'lode'), c.b)
    const who = foe?.npcId ? { characterId: foe.npcId } : { name: foe?.name ?? '' }
    return foe ? call('lode.roll', { campaignId: t.campaignId, ...who, what: 'Brawn', baseDice: foe.baseDice ?? 2, advantages: c.a % 2 }) : skip('no foe')
  },
  async 'lode.opposed'(t, c) {
    const foe = pick(await sceneFoes(t, 'lode'), c.b)
    if (!foe) return skip('no foe')
    return call('lode.opposed', {
      campaignId: t.campaignId,
      a: { characterId: pick(t.pcs, c.a)!.id, what: 'Wrestling', baseDice: 2 },
      b: { ...(foe.npcId ? { characterId: foe.npcId } : { name: foe.name }), what: 'Brawn', baseDice: foe.baseDice ?? 2, advantages: 1 },
    })
  },
  async 'lode.reroll'(t, c) {
    const last = (await gm(t.core, 'lode.table', { campaignId: t.campaignId })).last
    return last ? call('lode.reroll', { rollId: last.id, side: c.flag ? 'a' : 'b' }) : skip('no roll')
  },
  'lode.deliberate': async (t, c) => call('lode.deliberate', { campaignId: t.campaignId, characterId: pick(t.pcs, c.a)!.id, what: 'Call the storm' }),
  'lode.newScene': async (t) => call('lode.newScene', { campaignId: t.campaignId }),
  async 'lode.keep'(t, c) {
    const foe = pick((await sceneFoes(t, 'lode')).filter((f) => f.npcId === null), c.b)
    return foe ? call('lode.combat.foe.save', { campaignId: t.campaignId, index: foe.index }) : skip('no typed foe to keep')
  },
}

// ——— Resolution and Ranks ———

const ranks: Record<string, Planner> = {
  'ranks.threat': async (t, c) => call('ranks.threat', { campaignId: t.campaignId, perCharacter: 3 + (c.a % 5) }),
  'ranks.threatLedger': async (t, c) =>
    call('ledger.earn', { campaignId: t.campaignId, currency: 'threat', amount: 1 + (c.a % 3), reason: t.canaries.text('threat-reason', c.n) }),
  'ranks.danger': async (t, c) =>
    call('ranks.danger', {
      campaignId: t.campaignId,
      characterId: pick(t.pcs, c.a)!.id,
      description: c.b % 2 === 0 ? t.canaries.text('danger-description', c.n) : `Falling rocks ${c.n}`,
      threat: 1,
    }),
  'ranks.begin': async (t, c) => call('ranks.combat.begin', { campaignId: t.campaignId, ...metOf(t, c) }),
  'ranks.foe': async (t, c) =>
    call('ranks.combat.foe', { campaignId: t.campaignId, foe: { name: typedName(t, c, c.a % 3 === 0, 'Cultist'), rank: c.a % 3 === 0 ? 'great' : 'fair' } }),
  async 'ranks.roll'(t, c) {
    const pc = pick(t.pcs, c.a)!
    const danger = c.flag ? (await gm(t.core, 'ranks.table', { campaignId: t.campaignId })).dangers.find((d) => d.characterId === pc.id) : undefined
    return call('ranks.roll', { campaignId: t.campaignId, characterId: pc.id, ability: 'Ferocity', dangerId: danger?.id ?? null })
  },
  async 'ranks.accept'(t) {
    const open = (await gm(t.core, 'ranks.table', { campaignId: t.campaignId })).openRoll
    return open ? call('ranks.accept', { rollId: open.id }) : skip('no roll in play')
  },
  'ranks.harm': async (t, c) => call('ranks.harm', { characterId: pick(t.pcs, c.a)!.id, description: t.canaries.text('harm-description', c.n) }),
  'ranks.recover': async (t, c) => call('ranks.recover', { characterId: pick(t.pcs, c.a)!.id }),
  async 'ranks.keep'(t, c) {
    const foe = pick((await sceneFoes(t, 'ranks')).filter((f) => f.npcId === null), c.b)
    return foe ? call('ranks.combat.foe.save', { campaignId: t.campaignId, index: foe.index }) : skip('no typed foe to keep')
  },
}

// ——— The Challenge System ———

async function challengeNow(t: SecretTable) {
  return gm(t.core, 'challenge.current', { campaignId: t.campaignId })
}

const challenge: Record<string, Planner> = {
  async 'challenge.start'(t, c) {
    const pc = pick(t.pcs, c.b)!
    // What an encounter brought to the clock's combat is the opposition (a horde when several, CH-9).
    const met = (await gm(t.core, 'challenge.combat', { campaignId: t.campaignId }))?.foes ?? []
    const side = (() => {
      if (met.length && c.flag) return { name: met[0]!.name.replace(/ \d+$/, ''), ability: 'Clawing', rating: 4, horde: met.length > 1 ? met.length : null }
      switch (c.a % 4) {
        case 0:
          return { name: typedName(t, c, false, 'Ghoul'), ability: 'Clawing', rating: 4, ...(c.b % 3 === 2 ? { horde: 3 } : {}) }
        case 1:
          return { name: typedName(t, c, true, ''), ability: 'Clawing', rating: 6, reserves: t.canaries.number('typed-foe-reserves', 10 + c.n) }
        case 2:
          return { characterId: t.secretFoe.id, ability: 'Clawing', rating: 6, reserves: t.canaries.number('npc-foe-reserves', 10 + c.n) }
        default:
          return { characterId: t.plainFoe.id, ability: 'Clawing', rating: 4 }
      }
    })()
    return call('challenge.start', { campaignId: t.campaignId, dice: c.flag ? 'comparison' : 'none', sides: [{ characterId: pc.id, ability: 'Swordplay', rating: 5 }, side] })
  },
  async 'challenge.round'(t) {
    const now = await challengeNow(t)
    return now?.status === 'running' ? call('challenge.round', { id: now.id, choices: [] }) : skip('no challenge running')
  },
  async 'challenge.playOut'(t) {
    const now = await challengeNow(t)
    return now?.status === 'running' ? call('challenge.playOut', { id: now.id }) : skip('no challenge running')
  },
  async 'challenge.consequences'(t) {
    const now = await challengeNow(t)
    return now?.status === 'decided' && !now.consequencesWritten ? call('challenge.consequences', { id: now.id }) : skip('no consequences waiting')
  },
  async 'challenge.close'(t, c) {
    const now = await challengeNow(t)
    return now ? call('challenge.close', { id: now.id, skipConsequences: c.flag }) : skip('no challenge')
  },
  'challenge.begin': async (t, c) => call('challenge.combat.begin', { campaignId: t.campaignId, ...metOf(t, { ...c, a: 1 + (c.a % 2) }) }),
  'challenge.combatStart': async (t) => call('clock.startCombat', { campaignId: t.campaignId }),
  async 'challenge.keep'(t, c) {
    const now = await challengeNow(t)
    const side = pick((now?.sides ?? []).filter((s) => s.characterId === null), c.b)
    return now && side ? call('challenge.combat.foe.save', { campaignId: t.campaignId, challengeId: now.id, side: side.index }) : skip('no typed side to keep')
  },
}

/** Each system's commands, with how often each is drawn; the one a run opens with (a fight, so foes are met early), and the one that ends a fight. */
export const SYSTEM_OPS: Record<SystemId, { planners: Record<string, Planner>; weights: Record<string, number>; opening: string; ending: string }> = {
  osr: {
    opening: 'osr.start',
    ending: 'osr.end',
    planners: osr,
    weights: {
      'osr.start': 4,
      'osr.foe': 2,
      'osr.join': 1,
      'osr.strike': 5,
      'osr.harm': 3,
      'osr.save': 2,
      'osr.check': 2,
      'osr.prepare': 1,
      'osr.cast': 1,
      'osr.round': 2,
      'osr.end': 2,
      'osr.keep': 1,
    },
  },
  ladder: { opening: 'ladder.start', ending: 'combatEnd', planners: ladder, weights: { 'ladder.start': 4, 'ladder.begin': 1, 'ladder.round': 5, 'ladder.roll': 2, 'ladder.damage': 3, 'ladder.end': 2, 'ladder.keep': 1 } },
  lode: {
    opening: 'lode.begin',
    ending: 'combatEnd',
    planners: lode,
    weights: { 'lode.begin': 3, 'lode.foe': 3, 'lode.roll': 2, 'lode.foeRoll': 3, 'lode.opposed': 3, 'lode.reroll': 1, 'lode.deliberate': 1, 'lode.newScene': 1, 'lode.keep': 1 },
  },
  ranks: {
    opening: 'ranks.begin',
    ending: 'combatEnd',
    planners: ranks,
    weights: { 'ranks.threat': 1, 'ranks.threatLedger': 2, 'ranks.danger': 3, 'ranks.begin': 4, 'ranks.foe': 4, 'ranks.roll': 3, 'ranks.accept': 4, 'ranks.harm': 2, 'ranks.recover': 1, 'ranks.keep': 1 },
  },
  challenge: {
    opening: 'challenge.start',
    ending: 'challenge.close',
    planners: challenge,
    weights: { 'challenge.start': 3, 'challenge.round': 4, 'challenge.playOut': 1, 'challenge.consequences': 2, 'challenge.close': 4, 'challenge.begin': 2, 'challenge.combatStart': 1, 'challenge.keep': 1 },
  },
}

export const COMMON_WEIGHTS: Record<string, number> = {
  advance: 3,
  goOn: 1,
  round: 2,
  combatEnd: 2,
  note: 2,
  timer: 2,
  encounterSet: 1,
  encounterRoll: 1,
  reaction: 1,
  [JOURNEY]: 2,
  journeyTravel: 3,
  journeyDetour: 1,
  ledger: 2,
  injury: 2,
  light: 3,
  handOver: 2,
  douse: 1,
  handout: 2,
  reveal: 5,
  gmRoll: 2,
  [AGAIN]: 2,
  [UNDO]: 5,
  [REDO]: 2,
}

/** What a command becomes at the table as it stands now. */
export function planOf(t: SecretTable, c: Command): Promise<Plan> {
  const planner = common[c.op] ?? SYSTEM_OPS[t.system].planners[c.op]
  if (!planner) throw new Error(`no command ${c.op} in ${t.system}`)
  return planner(t, c)
}

/** A command's words in a report: `#7 osr.strike a=1 b=0 flag`. */
export function commandText(c: Command): string {
  return `#${c.n} ${c.op} a=${c.a} b=${c.b}${c.flag ? ' flag' : ''}`
}
