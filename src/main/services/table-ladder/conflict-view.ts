/**
 * A tracker as the table shows it: each side's AP meter and members, who has won, what the GM must
 * decide now, and the exact odds of the next exchange from the engine (DICE-2).
 */
import type { ConflictView, Odds, Participant } from '../../../shared/api/table-ladder.contract'
import {
  duelExchangeOdds,
  exchangeOdds,
  extendedConflictOdds,
  raceScoreOdds,
  teamExchangeOdds,
  WINNING_AP,
  type ExtendedConflictState,
  type InjuryStatus,
  type RaceState,
  type TeamConflictState,
} from '../../engines/ladder'
import type { CombatState, Conflict, DuelTrack, Setup } from './conflict-store'
import { aheadOdds, contenderOf } from './odds'

type Member = ConflictView['sides'][number]['members'][number]
type Side = ConflictView['sides'][number]

function member(p: Participant & Partial<Member>, extra: { out?: boolean; status?: InjuryStatus | null } = {}): Member {
  return {
    characterId: p.characterId,
    name: p.name,
    assetName: p.assetName,
    asset: p.asset,
    wonky: p.wonky,
    shootName: p.shootName ?? '',
    shoot: p.shoot ?? null,
    naturalWeapons: p.naturalWeapons ?? false,
    super: p.super ?? false,
    tough: p.tough ?? false,
    henchman: p.henchman ?? false,
    out: extra.out ?? false,
    status: extra.status ?? null,
  }
}

const odds = (bars: Record<string, number>, order: readonly string[]): Odds => ({
  bars: order.map((outcome) => ({ outcome, p: bars[outcome] ?? 0 })),
  success: null,
  buyable: [],
})

/** LAD-11: each contestant's chance of scoring at least 1 AP in the next exchange. */
function raceOdds(setup: Extract<Setup, { kind: 'race' }>, state: RaceState): Odds {
  const rolling = setup.contestants.filter((c) => state.rolling.includes(c.name))
  const scoring = Object.fromEntries(rolling.map((c) => [c.name, 1 - (raceScoreOdds(contenderOf(c), state.difficulty, state.extended)[0] ?? 0)]))
  return odds(scoring, rolling.map((c) => c.name))
}

/** LAD-28: whose spell lands in the next exchange (reaching 6 AP), from where the duel stands. */
function duelOdds(setup: Extract<Setup, { kind: 'duel' }>, state: DuelTrack): Odds {
  const lands = { a: 0, both: 0, neither: 0, b: 0 }
  for (const o of duelExchangeOdds(state, { rung: state.rung, a: contenderOf(setup.a), b: contenderOf(setup.b) })) {
    const a = state.ap.a + o.scored[0] >= WINNING_AP
    const b = state.ap.b + o.scored[1] >= WINNING_AP
    lands[a && b ? 'both' : a ? 'a' : b ? 'b' : 'neither'] += o.p
  }
  return odds(lands, ['a', 'both', 'neither', 'b'])
}

function combatView(setup: Extract<Setup, { kind: 'combat' }>, state: CombatState): Pick<ConflictView, 'sides' | 'combat' | 'notice'> {
  const members = setup.combatants.map((c) => {
    const status = state.status[c.name] ?? null
    return member(c, { status, out: !!status && (status.killed || status.incapacitated !== null) })
  })
  return {
    sides: [{ key: 'combat', label: 'Combatants', ap: 0, target: WINNING_AP, members }],
    combat: {
      round: state.round,
      lostAttack: state.lostAttack,
      knockedOut: Object.entries(state.knockedOut ?? {}).map(([name, until]) => ({ name, until })),
      fights: Object.values(state.fights).map((f) => ({ a: f.a, b: f.b, ap: f.ap })),
    },
    notice: state.lostAttack.length ? `${state.lostAttack.join(', ')} lost their next attack to a Wound (LAD-17).` : null,
  }
}

/** Everything a kind shows besides the common fields. */
function kindView(c: Conflict): Pick<ConflictView, 'sides' | 'winner' | 'notice' | 'mustNeutralise' | 'odds' | 'winOdds' | 'rung' | 'difficulty' | 'combat' | 'extended' | 'exchanges'> {
  const none = { winner: null, notice: null, mustNeutralise: null, odds: null, winOdds: null, rung: null, difficulty: null, combat: null }
  const over = c.status === 'over'
  switch (c.setup.kind) {
    case 'extended': {
      const s = c.state as ExtendedConflictState
      const setup = c.setup
      const sides: Side[] = (['a', 'b'] as const).map((k) => ({ key: k, label: setup[k].name, ap: s.ap[k], target: WINNING_AP, members: [member(setup[k])] }))
      const pair = { a: contenderOf(setup.a), b: contenderOf(setup.b) }
      const done = over || s.winner !== null
      return {
        ...none,
        sides,
        extended: s.extended,
        exchanges: s.exchanges,
        winner: s.winner ? setup[s.winner].name : null,
        notice: s.tied ? 'Both hold 6 AP or more, equally: one more exchange decides (LAD-8).' : null,
        odds: done ? null : odds(aheadOdds(exchangeOdds(pair, s.extended)), ['a', 'tie', 'b']),
        winOdds: done ? null : Object.entries(extendedConflictOdds(s, pair)).map(([key, p]) => ({ key, p })),
      }
    }
    case 'team': {
      const s = c.state as TeamConflictState
      const setup = c.setup
      const sides: Side[] = (['a', 'b'] as const).map((k) => ({
        key: k,
        label: setup.labels[k] || (k === 'a' ? 'Side A' : 'Side B'),
        ap: s.ap[k],
        target: WINNING_AP,
        members: setup[k].map((m) => member(m, { out: s.out[k].includes(m.name) })),
      }))
      const label = (k: 'a' | 'b') => sides[k === 'a' ? 0 : 1]!.label
      const foes = s.mustNeutralise === 'a' ? 'b' : 'a'
      const done = over || s.winner !== null || s.mustNeutralise !== null
      return {
        ...none,
        sides,
        extended: s.extended,
        exchanges: s.exchanges,
        winner: s.winner ? label(s.winner) : null,
        notice: s.mustNeutralise
          ? `${label(s.mustNeutralise)} reached 6 AP: pick who on ${label(foes)} is neutralised (LAD-10).`
          : s.tied
            ? 'Both sides hold 6 AP or more, equally: one more exchange decides (LAD-8).'
            : null,
        mustNeutralise: s.mustNeutralise ? { by: label(s.mustNeutralise), choices: s.teams[foes].map((m) => m.name) } : null,
        odds: done ? null : odds(aheadOdds(teamExchangeOdds(s)), ['a', 'tie', 'b']),
      }
    }
    case 'race': {
      const s = c.state as RaceState
      const setup = c.setup
      return {
        ...none,
        sides: setup.contestants.map((p) => ({ key: p.name, label: p.name, ap: s.ap[p.name] ?? 0, target: s.target, members: [member(p, { out: !s.rolling.includes(p.name) })] })),
        extended: s.extended,
        exchanges: s.exchanges,
        difficulty: s.difficulty,
        winner: s.winner,
        notice: s.rolling.length < setup.contestants.length && !s.winner ? `${s.rolling.join(' and ')} are tied for the win: they alone race one more exchange (LAD-11).` : null,
        odds: over || s.winner ? null : raceOdds(setup, s),
      }
    }
    case 'duel': {
      const s = c.state as DuelTrack
      const setup = c.setup
      return {
        ...none,
        sides: (['a', 'b'] as const).map((k) => ({ key: k, label: setup[k].name, ap: s.ap[k], target: WINNING_AP, members: [member(setup[k])] })),
        extended: true,
        exchanges: s.exchanges,
        rung: s.rung,
        notice: s.landed.a + s.landed.b > 0 ? `Spells landed so far: ${setup.a.name} ${s.landed.a}, ${setup.b.name} ${s.landed.b}.` : null,
        odds: over ? null : duelOdds(setup, s),
      }
    }
    case 'combat': {
      const s = c.state as CombatState
      return { ...none, ...combatView(c.setup, s), extended: s.extended, exchanges: s.round }
    }
  }
}

/**
 * The tracker as the table shows it.
 * @example conflictView(conflict).sides[0].ap // 4
 */
export function conflictView(c: Conflict): ConflictView {
  return {
    id: c.id,
    campaignId: c.campaignId,
    kind: c.setup.kind,
    name: c.name,
    status: c.status,
    last: c.last,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    ...kindView(c),
  }
}
