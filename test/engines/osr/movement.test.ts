import { describe, expect, it } from 'vitest'
import { NORMAL_SPEED_FT, speed, TURN_MINUTES, TURNS_PER_HOUR } from '../../../src/main/engines/osr'

describe('OSR-7: turns and speed under load', () => {
  it('OSR-7: a turn is 5 minutes, 12 to the hour; 1,000 ft in the open, 100 ft enclosed', () => {
    expect(TURN_MINUTES * TURNS_PER_HOUR).toBe(60)
    expect(NORMAL_SPEED_FT).toEqual({ open: 1000, enclosed: 100 })
  })

  it('OSR-7 (seed example): Glam with his 25 lb pack moves at full speed', () => {
    expect(speed({ place: 'open', loadLbs: 25 })).toEqual({ fullLoadSteps: 0, perTurnFt: 1000, perRoundFt: 200 })
  })

  it('OSR-7 (seed example): Glam with 145 lbs (two full 50s) moves 600 ft in the open and 60 ft enclosed', () => {
    expect(speed({ place: 'open', loadLbs: 145 })).toMatchObject({ fullLoadSteps: 2, perTurnFt: 600 })
    expect(speed({ place: 'enclosed', loadLbs: 145 })).toMatchObject({ fullLoadSteps: 2, perTurnFt: 60 })
  })

  it('OSR-7: only full 50s count — 49 lbs costs nothing, 50 lbs a fifth', () => {
    expect(speed({ place: 'open', loadLbs: 49.9 }).perTurnFt).toBe(1000)
    expect(speed({ place: 'open', loadLbs: 50 }).perTurnFt).toBe(800)
  })

  it('OSR-7 Decision: speed never goes below 0, however much is carried', () => {
    expect(speed({ place: 'open', loadLbs: 250 }).perTurnFt).toBe(0)
    expect(speed({ place: 'open', loadLbs: 400 })).toEqual({ fullLoadSteps: 8, perTurnFt: 0, perRoundFt: 0 })
  })

  it('OSR-7: a non-humanoid speed can be given; a negative load is refused', () => {
    expect(speed({ place: 'open', loadLbs: 100, normalFt: 1500 }).perTurnFt).toBe(900)
    expect(() => speed({ place: 'open', loadLbs: -5 })).toThrow(/load must be a number of at least 0; got -5/)
    expect(() => speed({ place: 'swamp' as 'open', loadLbs: 0, normalFt: 300 })).toThrow(/"swamp" is not a kind of place; use one of open, enclosed/)
  })

  it('OSR-14: each round a combatant moves 20 % of its speed — 200 ft open, 20 ft enclosed; Glam loaded 120 / 12', () => {
    expect(speed({ place: 'open', loadLbs: 0 }).perRoundFt).toBe(200)
    expect(speed({ place: 'enclosed', loadLbs: 0 }).perRoundFt).toBe(20)
    expect(speed({ place: 'open', loadLbs: 145 }).perRoundFt).toBe(120)
    expect(speed({ place: 'enclosed', loadLbs: 145 }).perRoundFt).toBe(12)
  })
})
