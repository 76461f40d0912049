import { describe, expect, it } from 'vitest'
import { awardPlotPoints, developCharacter, plotPointBalance } from '../../../src/main/engines/ladder'
import type { DevelopingCharacter, PlotPointLedger } from '../../../src/main/engines/ladder'

const stamp = { character: 'Tai', session: 4, gameTime: 90_000 }
const points = (n: number, pool: 'plot points' | 'background' = 'plot points'): PlotPointLedger => {
  const r = awardPlotPoints([], stamp, { amount: n, reason: 'saved up', pool })
  if (!r.ok) throw new Error(r.reason)
  return r.ledger
}

const tai: DevelopingCharacter = {
  assets: [
    { name: 'Guns', rating: 'expert' },
    { name: 'Great Eyesight', rating: 'expert' },
    { name: 'Driving', rating: 'good' },
    { name: 'Stamina', rating: 'good' },
    { name: 'Disguise', rating: 'good' },
    { name: 'Running', rating: 'good' },
  ],
  flaws: [{ name: 'Coward' }, { name: 'Obsessive' }, { name: 'Enemies' }],
}

describe('LAD-23: character development', () => {
  it('seed: plundered tomb gold becomes a Wealthy (good) asset for 2 PP', () => {
    const r = developCharacter(points(2), stamp, tai, { change: 'new asset', name: 'Wealthy', earnedInPlay: true })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.character.assets.at(-1)).toEqual({ name: 'Wealthy', rating: 'good' })
    expect(r.cost).toBe(2)
    expect(plotPointBalance(r.ledger, 'Tai')).toBe(0)
    expect(r.ledger.at(-1)).toMatchObject({ amount: -2, use: 'development', reason: 'development: new asset' })
  })

  it('LAD-23: a new asset must be earned in play, not handed over', () => {
    const r = developCharacter(points(2), stamp, tai, { change: 'new asset', name: 'Wealthy', earnedInPlay: false })
    expect(r).toEqual({ ok: false, problems: ['A new asset must be a "good thing" the character worked for in play, not one handed over.'] })
  })

  it('LAD-23: raising good to expert costs 4 more, and only a good asset can be raised', () => {
    const more = { ...tai, assets: [...tai.assets, { name: 'Wealthy', rating: 'good' as const }, { name: 'Climbing', rating: 'good' as const }] }
    const r = developCharacter(points(4), stamp, more, { change: 'raise asset', name: 'Driving' })
    expect(r.ok && r.character.assets.find((a) => a.name === 'Driving')).toEqual({ name: 'Driving', rating: 'expert' })
    expect(r.ok && r.cost).toBe(4)
    expect(developCharacter(points(4), stamp, more, { change: 'raise asset', name: 'Guns' })).toEqual({
      ok: false,
      problems: ['Only a good asset can be raised to expert; "Guns" is expert.'],
    })
  })

  it('seed: "you were a Coward but are now Brave" — a flaw becomes a good asset for 1 PP after good roleplaying', () => {
    const r = developCharacter(points(1), stamp, tai, { change: 'flaw to asset', flaw: 'Coward', asset: 'Brave', roleplayedWell: true })
    expect(r.ok && r.character).toEqual({ assets: [...tai.assets, { name: 'Brave', rating: 'good' }], flaws: [{ name: 'Obsessive' }, { name: 'Enemies' }] })
    expect(developCharacter(points(1), stamp, tai, { change: 'flaw to asset', flaw: 'Coward', asset: 'Brave', roleplayedWell: false }).ok).toBe(false)
  })

  it('LAD-23: good assets must outnumber expert ones — refused with a reason the GM may override', () => {
    // 4 good, 2 expert; raising two more would make 2 good and 4 expert. One raise leaves 3 good, 3 expert: refused.
    const r = developCharacter(points(4), stamp, tai, { change: 'raise asset', name: 'Driving' })
    expect(r).toEqual({ ok: false, problems: ['Good assets must outnumber expert ones; this would leave 3 good and 3 expert.'] })
    const overridden = developCharacter(points(4), stamp, tai, { change: 'raise asset', name: 'Driving' }, { gmOverride: true })
    expect(overridden.ok && overridden.overridden).toEqual(['Good assets must outnumber expert ones; this would leave 3 good and 3 expert.'])
  })

  it('LAD-23: no more than twice the original number of assets', () => {
    const full = { ...tai, assets: [...tai.assets, ...Array.from({ length: 6 }, (_, i) => ({ name: `Extra ${i}`, rating: 'good' as const }))] }
    const r = developCharacter(points(2), stamp, full, { change: 'new asset', name: 'Thirteenth', earnedInPlay: true })
    expect(r).toEqual({ ok: false, problems: ['No more than twice the original 6 assets; this would make 13.'] })
  })

  it('LAD-23: at least one flaw remains', () => {
    const lastFlaw = { ...tai, flaws: [{ name: 'Coward' }] }
    const r = developCharacter(points(1), stamp, lastFlaw, { change: 'flaw to asset', flaw: 'Coward', asset: 'Brave', roleplayedWell: true })
    expect(r).toEqual({ ok: false, problems: ['At least one flaw must remain, or the character loses their personality.'] })
  })

  it('LAD-23: the GM adds flaws and retires assets unused for five or six sessions, free of charge', () => {
    const flawed = developCharacter([], stamp, tai, { change: 'add flaw', name: 'Afraid of heights' })
    expect(flawed.ok && flawed.character.flaws.map((f) => f.name)).toEqual(['Coward', 'Obsessive', 'Enemies', 'Afraid of heights'])
    const seven = { ...tai, assets: [...tai.assets, { name: 'Sailing', rating: 'good' as const }] }
    const retired = developCharacter([], stamp, seven, { change: 'retire asset', name: 'Sailing', sessionsUnused: 6 })
    expect(retired.ok && retired.character.assets).toHaveLength(6)
    expect(retired.ok && retired.cost).toBe(0)
    expect(developCharacter([], stamp, seven, { change: 'retire asset', name: 'Sailing', sessionsUnused: 2 })).toEqual({
      ok: false,
      problems: ['An asset is retired after five or six sessions unused; "Sailing" has gone 2.'],
    })
  })

  it('LAD-23: returns every problem at once — the limits and the unpaid cost — and changes nothing', () => {
    const ledger = points(1)
    const r = developCharacter(ledger, stamp, tai, { change: 'raise asset', name: 'Driving' })
    expect(r).toEqual({
      ok: false,
      problems: [
        'Good assets must outnumber expert ones; this would leave 3 good and 3 expert.',
        'Tai has 1 Plot Point, and this needs 4 (development: raise asset).',
      ],
    })
    expect(plotPointBalance(ledger, 'Tai')).toBe(1)
    expect(tai.assets.find((a) => a.name === 'Driving')?.rating).toBe('good')
  })

  it('LAD-23: a GM override never waives the cost', () => {
    const r = developCharacter(points(3), stamp, tai, { change: 'raise asset', name: 'Driving' }, { gmOverride: true })
    expect(r).toEqual({ ok: false, problems: ['Tai has 3 Plot Points, and this needs 4 (development: raise asset).'] })
  })
})

describe('LAD-29 and LAD-30: a super develops from the Background Pool; the Vulnerability', () => {
  const widow: DevelopingCharacter = {
    assets: [
      { name: 'Web-shooting', rating: 'superb' },
      { name: 'Wall climbing', rating: 'superb' },
      { name: 'Spider Sense', rating: 'expert' },
      { name: 'Toughness', rating: 'expert' },
      { name: 'Acrobatics', rating: 'good' },
      { name: 'Fighting', rating: 'good' },
      { name: 'Sneak', rating: 'good' },
    ],
    flaws: [{ name: 'Hunted', vulnerability: true }, { name: 'Brash' }, { name: 'Broke' }, { name: 'Lonely' }],
  }
  const heroStamp = { ...stamp, character: 'Black Widow' }
  const background = (n: number) => {
    const r = awardPlotPoints([], heroStamp, { amount: n, reason: 'after session 3', pool: 'background' })
    if (!r.ok) throw new Error(r.reason)
    return r.ledger
  }

  it('LAD-29: the Vulnerability can never be turned into an asset', () => {
    const r = developCharacter(background(1), heroStamp, widow, { change: 'flaw to asset', flaw: 'Hunted', asset: 'Famous', roleplayedWell: true }, { pool: 'background', originalAssets: 7 })
    expect(r).toEqual({ ok: false, problems: ['A Vulnerability can never be turned into an asset; it can only be bought off.'] })
  })

  it('LAD-29: the Vulnerability is bought off for 2 PP after good roleplaying', () => {
    const r = developCharacter(background(2), heroStamp, widow, { change: 'buy off vulnerability', roleplayedWell: true }, { pool: 'background', originalAssets: 7 })
    expect(r.ok && r.character.flaws.map((f) => f.name)).toEqual(['Brash', 'Broke', 'Lonely'])
    expect(r.ok && plotPointBalance(r.ledger, 'Black Widow', 'background')).toBe(0)
    expect(developCharacter(background(2), heroStamp, widow, { change: 'buy off vulnerability', roleplayedWell: false }, { pool: 'background' }).ok).toBe(false)
    expect(developCharacter(background(2), stamp, tai, { change: 'buy off vulnerability', roleplayedWell: true }).ok).toBe(false)
  })

  it('LAD-30: a super advances assets from the Background Pool, not from the in-game pool', () => {
    const r = developCharacter(background(2), heroStamp, widow, { change: 'new asset', name: 'Science', earnedInPlay: true }, { pool: 'plot points', originalAssets: 7 })
    expect(r).toEqual({ ok: false, problems: ['Black Widow has 0 Plot Points, and this needs 2 (development: new asset).'] })
    const paid = developCharacter(background(2), heroStamp, widow, { change: 'new asset', name: 'Science', earnedInPlay: true }, { pool: 'background', originalAssets: 7 })
    expect(paid.ok).toBe(true)
  })
})
