import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  COLOUR_DOMAINS,
  MAGIC_COLOURS,
  castSpell,
  duelDeclaresFirst,
  duelExchange,
  duelExchangeOdds,
  prepareSpell,
  spellFromRote,
  startDuel,
} from '../../../src/main/engines/ladder'
import type { Asset, DuelState } from '../../../src/main/engines/ladder'
import { enumerateFaces } from './helpers'

const mage: { assets: Asset[] } = {
  assets: [
    { name: 'Red Magic', rating: 'expert', school: 'red' },
    { name: 'Blue Magic', rating: 'good', school: 'blue' },
    { name: 'Hedge Magic', rating: 'good', school: 'hedge' },
    { name: 'Riding', rating: 'good' },
  ],
}

describe('LAD-25: casting spells', () => {
  it('LAD-25: only a character with a magical asset may cast', () => {
    expect(prepareSpell({ assets: [{ name: 'Riding', rating: 'expert' }] }, { effect: 'light', assets: ['Riding'], rung: 'good' })).toEqual({
      ok: false,
      problems: ['Only a character with a magical asset may cast a spell.'],
    })
  })

  it('LAD-25: the player describes the effect and the magical assets; the GM sets the rung, and magic uses the extended ladder', () => {
    expect(prepareSpell(mage, { effect: 'boil the blood of the troll', assets: ['Red Magic'], rung: 'unprecedented' })).toEqual({
      ok: true,
      task: { asset: 'expert', difficulty: 'unprecedented', extended: true },
    })
    const cast = castSpell(scriptedDice([6, 6, 3]), mage, { effect: 'boil the blood of the troll', assets: ['Red Magic'], rung: 'unprecedented' })
    expect(cast).toMatchObject({ ok: true, roll: { result: 'unprecedented', faces: [6, 6, 3], success: true } })
  })

  it('LAD-25: the rung is at least good, unless the GM judges the effect trivial — a magical asset is still needed', () => {
    expect(prepareSpell(mage, { effect: 'warm my hands', assets: ['Red Magic'], rung: 'poor' })).toEqual({
      ok: false,
      problems: ['The lowest rung for magic is good; poor is only for an effect the GM judges trivial.'],
    })
    expect(prepareSpell(mage, { effect: 'warm my hands', assets: ['Red Magic'], rung: 'poor', trivial: true }).ok).toBe(true)
    expect(prepareSpell({ assets: [{ name: 'Riding', rating: 'good' }] }, { effect: 'warm my hands', assets: ['Riding'], rung: 'poor', trivial: true }).ok).toBe(false)
  })

  it('LAD-25: returns every problem with a spell: no effect, an unknown asset, a mundane asset', () => {
    expect(prepareSpell(mage, { effect: '', assets: ['Green Magic', 'Riding'], rung: 'good' })).toEqual({
      ok: false,
      problems: [
        'Describe the effect the spell is meant to have.',
        'The caster has no asset called "Green Magic".',
        '"Riding" is not a magical asset, so it cannot power a spell.',
      ],
    })
  })
})

describe('LAD-26: colour magic and hedge magic', () => {
  it('LAD-26: ten schools of colour, each with the domains the seed lists', () => {
    expect(MAGIC_COLOURS).toEqual(['red', 'orange', 'yellow', 'green', 'blue', 'indigo', 'purple', 'brown', 'black', 'white'])
    expect(COLOUR_DOMAINS.blue).toContain('sleep')
    expect(COLOUR_DOMAINS.indigo).toContain('lightning and storms')
    expect(COLOUR_DOMAINS.white).toEqual(['protection', 'reflection', 'cold', 'spirit', 'purification'])
  })

  it('LAD-26: combining colours rolls against the lowest of the combined assets', () => {
    const check = prepareSpell(mage, { effect: 'a sleep that stops the heart', assets: ['Red Magic', 'Blue Magic'], rung: 'expert' })
    expect(check).toEqual({ ok: true, task: { asset: 'good', difficulty: 'expert', extended: true } })
    // Rolled at good, a 4 stays good and fails the expert rung, though Red Magic alone is expert.
    expect(castSpell(scriptedDice([4]), mage, { effect: 'a sleep that stops the heart', assets: ['Red Magic', 'Blue Magic'], rung: 'expert' })).toEqual({
      ok: true,
      roll: { result: 'good', faces: [4], success: false },
      rote: null,
    })
  })

  it('LAD-26: hedge magic is one asset rolled in place of an ordinary one, not combined', () => {
    expect(prepareSpell(mage, { effect: 'the horse finds the path in the dark', assets: ['Hedge Magic'], rung: 'good' })).toMatchObject({ ok: true, task: { asset: 'good' } })
    expect(prepareSpell(mage, { effect: 'x', assets: ['Hedge Magic', 'Red Magic'], rung: 'good' })).toEqual({
      ok: false,
      problems: ['Hedge magic is rolled on its own asset, not combined with others.'],
    })
  })
})

describe('LAD-27: rotes', () => {
  it('LAD-27: a successful spell can be kept as a rote — its effect, assets and rung — and cast again from it', () => {
    const spell = { effect: 'put the guards to sleep', assets: ['Blue Magic'], rung: 'good' as const }
    const cast = castSpell(scriptedDice([3]), mage, spell)
    expect(cast).toMatchObject({ ok: true, rote: { effect: 'put the guards to sleep', assets: ['Blue Magic'], rung: 'good' } })
    if (!cast.ok || !cast.rote) throw new Error('expected a rote')
    expect(spellFromRote(cast.rote)).toEqual(spell)
    // The GM keeps the final say and may set another rung.
    expect(spellFromRote(cast.rote, 'expert').rung).toBe('expert')
  })

  it('LAD-27: a failed spell gives no rote; a trivial rote stays trivial', () => {
    expect(castSpell(scriptedDice([1, 4]), mage, { effect: 'sleep', assets: ['Blue Magic'], rung: 'good' })).toMatchObject({ ok: true, rote: null })
    const trivial = spellFromRote({ effect: 'warm hands', assets: ['Red Magic'], rung: 'poor' })
    expect(prepareSpell(mage, trivial).ok).toBe(true)
  })
})

describe('LAD-28: dueling magics', () => {
  const good = { asset: 'good' as const }
  const expert = { asset: 'expert' as const }

  it('LAD-28: both succeed → AP as in LAD-7 (equal success: 1 AP each)', () => {
    const { report } = duelExchange(scriptedDice([3, 4]), startDuel(), { rung: 'good', a: good, b: good })
    expect(report).toMatchObject({ scored: [1, 1], after: { a: 1, b: 1 }, lands: [] })
    const higher = duelExchange(scriptedDice([3, 4]), startDuel(), { rung: 'good', a: expert, b: good })
    expect(higher.report).toMatchObject({ scored: [2, 0], lands: [] })
  })

  it('LAD-28: exactly one succeeds → its AP become 6 and its spell takes effect; then its AP are erased, the other keeps theirs', () => {
    const state: DuelState = { ...startDuel(), ap: { a: 1, b: 3 } }
    const { state: after, report } = duelExchange(scriptedDice([1, 3, 4]), state, { rung: 'good', a: good, b: good })
    expect(report).toMatchObject({ rolls: { a: { result: 'poor', success: false }, b: { result: 'good', success: true } }, scored: [0, 3], lands: ['b'] })
    expect(after).toEqual({ ap: { a: 1, b: 0 }, exchanges: 1, landed: { a: 0, b: 1 } })
  })

  it('LAD-28 Decision: both fail → no AP change', () => {
    const state: DuelState = { ...startDuel(), ap: { a: 2, b: 4 } }
    const { state: after, report } = duelExchange(scriptedDice([3, 4]), state, { rung: 'superb', a: good, b: good })
    expect(report).toMatchObject({ scored: [0, 0], lands: [] })
    expect(after.ap).toEqual({ a: 2, b: 4 })
  })

  it('LAD-28: at 6 AP a spell lands, that side\'s AP are erased, and the duel goes on', () => {
    const state: DuelState = { ...startDuel(), ap: { a: 4, b: 2 } }
    const { state: after } = duelExchange(scriptedDice([6, 3, 4]), state, { rung: 'good', a: good, b: good })
    expect(after).toEqual({ ap: { a: 0, b: 2 }, exchanges: 1, landed: { a: 1, b: 0 } })
    expect(() => duelExchange(scriptedDice([3, 3]), after, { rung: 'good', a: good, b: good })).not.toThrow()
  })

  it('LAD-28: spells are simultaneous — both reaching 6 together both land, and both erase their AP', () => {
    const state: DuelState = { ...startDuel(), ap: { a: 5, b: 5 } }
    const { report } = duelExchange(scriptedDice([3, 3]), state, { rung: 'good', a: good, b: good })
    expect(report).toMatchObject({ lands: ['a', 'b'], after: { a: 0, b: 0 } })
  })

  it('LAD-28: magic uses the extended ladder, so the GM may set an improbable rung', () => {
    const { report } = duelExchange(scriptedDice([6, 6, 6, 3]), startDuel(), { rung: 'improbable', a: expert, b: good })
    expect(report.rolls.a).toEqual({ result: 'improbable', faces: [6, 6, 6], success: true })
    expect(report.lands).toEqual(['a'])
  })

  it('seed: the highest magical asset declares first; afterwards the higher AP total does', () => {
    expect(duelDeclaresFirst(startDuel(), { a: 'good', b: 'expert' })).toBe('b')
    expect(duelDeclaresFirst({ ...startDuel(), ap: { a: 3, b: 1 }, exchanges: 2 }, { a: 'good', b: 'expert' })).toBe('a')
    expect(duelDeclaresFirst({ ...startDuel(), ap: { a: 1, b: 1 }, exchanges: 1 }, { a: 'good', b: 'expert' })).toBeNull()
  })

  it('DICE-2: duelExchangeOdds matches every face sequence of a duel exchange', () => {
    const state: DuelState = { ...startDuel(), ap: { a: 2, b: 4 } }
    const exchange = { rung: 'expert' as const, a: expert, b: { asset: 'good' as const, wonky: 'good' as const } }
    const { odds } = enumerateFaces((dice) => duelExchange(dice, state, exchange).report.scored, (s) => s.join(':'))
    const exact = duelExchangeOdds(state, exchange)
    expect(exact.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 14)
    for (const o of exact) expect(Math.abs((odds.get(o.scored.join(':')) ?? 0) - o.p)).toBeLessThan(1e-12)
  })
})
