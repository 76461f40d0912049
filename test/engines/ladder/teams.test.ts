import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { neutralise, startTeamConflict, teamExchange, teamExchangeOdds } from '../../../src/main/engines/ladder'
import type { TeamConflictState, TeamMember } from '../../../src/main/engines/ladder'
import { enumerateFaces } from './helpers'

const tai: TeamMember = { name: 'Tai', asset: 'expert' }
const orb: TeamMember = { name: 'Orb', asset: 'good' }
const thug = (n: number): TeamMember => ({ name: `Thug ${n}`, asset: 'good' })

describe('LAD-10: outnumbered — teams', () => {
  it('LAD-10: everyone rolls, each team scores with its single best result, and 6 AP lets the team neutralise one foe', () => {
    let state = startTeamConflict({ a: [tai, orb], b: [thug(1), thug(2)] })
    // Order of faces: Tai, Orb, Thug 1, Thug 2.
    let step = teamExchange(scriptedDice([6, 3, 3, 2]), state)
    expect(step.report.best).toEqual({ a: 'superb', b: 'good' })
    expect(step.report.rolls.a).toEqual([{ name: 'Tai', roll: { result: 'superb', faces: [6] } }, { name: 'Orb', roll: { result: 'good', faces: [3] } }])
    expect(step.report.after).toEqual({ a: 3, b: 0 })
    step = teamExchange(scriptedDice([6, 4, 6, 2, 3]), step.state)
    expect(step.report.best).toEqual({ a: 'superb', b: 'expert' })
    expect(step.report.after).toEqual({ a: 5, b: 0 })
    step = teamExchange(scriptedDice([3, 4, 3, 4]), step.state)
    expect(step.report).toMatchObject({ scored: [2, 0], after: { a: 7, b: 0 }, reachedSix: 'a', mustNeutralise: 'a', winner: null })
    state = step.state
    expect(() => teamExchange(scriptedDice([3, 3, 3, 3]), state)).toThrow(/Team a reached 6 AP and must first pick which member of team b/)
    expect(() => neutralise(state, 'Tai')).toThrow(/"Tai" is not on team b.*Thug 1, Thug 2/)
    state = neutralise(state, 'Thug 2')
    expect(state.teams.b.map((m) => m.name)).toEqual(['Thug 1'])
    expect(state.out.b).toEqual(['Thug 2'])
    // LAD-10: then every AP on both sides is erased, and the conflict goes on.
    expect(state.ap).toEqual({ a: 0, b: 0 })
    expect(state.winner).toBeNull()
  })

  it('LAD-10: a poor roll by one member does not hurt the team; only the best counts', () => {
    const state = startTeamConflict({ a: [tai, orb], b: [thug(1)] })
    const { report } = teamExchange(scriptedDice([3, 1, 1, 3]), state)
    expect(report.rolls.a[1]?.roll.result).toBe('terrible')
    expect(report.best).toEqual({ a: 'expert', b: 'good' })
    expect(report.scored).toEqual([2, 0])
  })

  it('LAD-10: with one foe left, reaching 6 AP neutralises them without asking, and the team with no one left loses', () => {
    const state: TeamConflictState = { ...startTeamConflict({ a: [tai, orb], b: [thug(1)] }), ap: { a: 4, b: 3 } }
    const { state: after, report } = teamExchange(scriptedDice([3, 3, 3]), state)
    expect(report.neutralised).toEqual({ side: 'b', name: 'Thug 1' })
    expect(after).toMatchObject({ winner: 'a', ap: { a: 0, b: 0 }, out: { a: [], b: ['Thug 1'] } })
    expect(() => teamExchange(scriptedDice([3, 3]), after)).toThrow(/fight is over: team a has won/)
  })

  it('LAD-10 with the LAD-8 Decision: both teams at 6 with equal AP is a tie, and no one is neutralised yet', () => {
    const state: TeamConflictState = { ...startTeamConflict({ a: [orb], b: [thug(1), thug(2)] }), ap: { a: 5, b: 5 } }
    const { state: after, report } = teamExchange(scriptedDice([3, 3, 2]), state)
    expect(report).toMatchObject({ after: { a: 6, b: 6 }, tied: true, reachedSix: null, mustNeutralise: null })
    expect(after.teams.b).toHaveLength(2)
  })

  it('refuses an empty team, a nameless or twice-named member, naming the problem', () => {
    expect(() => startTeamConflict({ a: [], b: [thug(1)] })).toThrow(/Team a has no one in it/)
    expect(() => startTeamConflict({ a: [tai], b: [{ ...thug(1), name: 'Tai' }] })).toThrow(/"Tai" is named twice/)
    expect(() => startTeamConflict({ a: [{ ...tai, name: ' ' }], b: [thug(1)] })).toThrow(/needs a name/)
  })

  it('DICE-2: teamExchangeOdds matches every face sequence of a team exchange', () => {
    const state = startTeamConflict({ a: [tai, orb], b: [thug(1), { name: 'Boss', asset: 'expert', wonky: 'bad' }] })
    const { odds } = enumerateFaces((dice) => teamExchange(dice, state).report.scored, (s) => s.join(':'))
    const exact = teamExchangeOdds(state)
    expect(exact.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 14)
    for (const o of exact) expect(Math.abs((odds.get(o.scored.join(':')) ?? 0) - o.p)).toBeLessThan(1e-12)
  })
})

describe('LAD-31: supers against henchmen', () => {
  const widow: TeamMember = { name: 'Black Widow', asset: 'superb', super: true }
  const henchmen = [1, 2, 3, 4].map((n): TeamMember => ({ name: `Henchman ${n}`, asset: 'good', henchman: true }))
  const ock: TeamMember = { name: 'Doc Ock', asset: 'expert', super: true }

  it('LAD-31: at 6 AP the super rolls one d6 (no stepping) and removes that many henchmen, never an opposing super; excess is lost; AP are erased', () => {
    const state: TeamConflictState = { ...startTeamConflict({ a: [widow], b: [...henchmen, ock], extended: true }), ap: { a: 5, b: 0 } }
    // Widow 3 → superb; four henchmen 3 → good; Ock 3 → expert; superb beats expert by one: +2 → 7. Then the d6: 6.
    const { state: after, report } = teamExchange(scriptedDice([3, 3, 3, 3, 3, 3, 6]), state)
    expect(report.henchmen).toEqual({ face: 6, removed: ['Henchman 1', 'Henchman 2', 'Henchman 3', 'Henchman 4'], lost: 2 })
    expect(after.teams.b.map((m) => m.name)).toEqual(['Doc Ock'])
    expect(after).toMatchObject({ ap: { a: 0, b: 0 }, mustNeutralise: null, winner: null })
  })

  it('LAD-31: a 1 on the d6 is one henchman — the die is not stepped down or re-rolled', () => {
    const state: TeamConflictState = { ...startTeamConflict({ a: [widow], b: henchmen, extended: true }), ap: { a: 5, b: 0 } }
    const { state: after, report } = teamExchange(scriptedDice([3, 3, 3, 3, 3, 1]), state)
    expect(report.henchmen).toEqual({ face: 1, removed: ['Henchman 1'], lost: 0 })
    expect(after.teams.b).toHaveLength(3)
  })

  it('LAD-31: once the henchmen are gone, the opposing super is neutralised as in LAD-10', () => {
    const state: TeamConflictState = { ...startTeamConflict({ a: [widow], b: [ock], extended: true }), ap: { a: 5, b: 0 } }
    const { state: after, report } = teamExchange(scriptedDice([3, 3]), state)
    expect(report.henchmen).toBeUndefined()
    expect(report.neutralised).toEqual({ side: 'b', name: 'Doc Ock' })
    expect(after.winner).toBe('a')
  })

  it('LAD-31: a team with no super picks one henchman to neutralise, like any LAD-10 foe', () => {
    const state: TeamConflictState = { ...startTeamConflict({ a: [tai], b: henchmen.slice(0, 2) }), ap: { a: 5, b: 0 } }
    const { state: after } = teamExchange(scriptedDice([3, 3, 3]), state)
    expect(after.mustNeutralise).toBe('a')
    expect(after.teams.b).toHaveLength(2)
  })

  it('refuses a member who is both a super and a henchman', () => {
    expect(() => startTeamConflict({ a: [widow], b: [{ ...ock, henchman: true }], extended: true })).toThrow(/both a super and a henchman/)
  })
})
