/**
 * CLK-3's Decision at the clock service: an advance in exploration stops at the turn of the first
 * encounter, whatever span was asked; the report and the clock say where and how much was left,
 * and "go on" advances the rest, stopping again at the next encounter.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { advanceClock, newClock } from '../../src/main/engines/clock'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'

let lib: TempLibrary
let core: Core
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const DAY = 86_400
const when = (t: number) => `Day ${Math.floor(t / DAY) + 1} · ${String(Math.floor((t % DAY) / 3600)).padStart(2, '0')}:${String(Math.floor((t % 3600) / 60)).padStart(2, '0')}`

/** A Ladder campaign whose party is somewhere enclosed with encounters on 17–20. */
async function ladderDen(seed: string): Promise<number> {
  const campaignId = (await gm(core, 'campaign.create', { name: 'The Den', system: 'ladder', seed })).id
  await gm(core, 'clock.setEncounter', { campaignId, threshold: 17, place: 'enclosed' })
  return campaignId
}

/** Where the engine, with the campaign's n-th dice, stops an advance of `seconds` from `time`. */
function engineStop(seed: string, n: number, time: number, seconds: number) {
  const clock = { ...newClock({ time, place: 'enclosed' }), encounters: { threshold: 17, modifiers: [], place: 'enclosed' as const } }
  const moved = advanceClock(clock, { seconds }, seededDice(`${seed}#${n}`))
  if (!moved.ok) throw new Error(moved.reason)
  return moved.stopped
}

describe('CLK-3: an advance in exploration stops at the first encounter', () => {
  it('CLK-3: in a Ladder campaign with 17–20, enclosed, one press of D logs one encounter and stops at its turn, saying how much of the day is left', async () => {
    const campaignId = await ladderDen('one press of D')
    const expected = engineStop('one press of D', 1, 0, DAY)!
    const r = await gm(core, 'clock.advance', { campaignId, span: { days: 1 } })
    expect(r.stopped).toEqual({ kind: 'encounter', at: expected.at })
    expect(r.left).toEqual({ seconds: DAY - expected.at, of: '1 day' })
    expect(r.encounter).toMatchObject({ at: expected.at, place: 'enclosed' })
    expect(r.clock).toMatchObject({ time: expected.at, goOn: { seconds: DAY - expected.at, of: '1 day', at: expected.at, kind: 'encounter' } })
    expect(r.summary).toMatch(new RegExp(`^Advanced .+ of 1 day: an encounter at ${when(expected.at)}, .+ left$`))
    // One encounter in the log, not a day of them; the checks that found nothing are in the step's entry.
    expect(await gm(core, 'log.list', { campaignId, kind: 'clock.event.encounter-check' })).toHaveLength(1)
    const [step] = await gm(core, 'log.list', { campaignId, kind: 'clock.advanced' })
    expect((step?.payload.checks as unknown[]).length).toBe(expected.at / 300)
    expect(step?.payload.stopped).toEqual({ kind: 'encounter', at: expected.at, left: DAY - expected.at })
    // The clock bar reads the same after a reload.
    expect((await gm(core, 'clock.get', { campaignId })).goOn).toEqual(r.clock.goOn)
  })

  it('CLK-3: whatever the span — turns, minutes, rest 8 hours — it stops at the same turn with the same dice', async () => {
    const expected = engineStop('spans', 1, 0, 8 * 3600)
    expect(expected).not.toBeNull()
    for (const [span, seconds, of] of [
      [{ turns: 96 }, 96 * 300, '96 turns'],
      [{ hours: 8 }, 8 * 3600, '8 hours'],
      [{ minutes: 480 }, 8 * 3600, '480 minutes'],
    ] as const) {
      // Each campaign has its own dice: the same seed gives each its first advance's same faces.
      const campaignId = await ladderDen('spans')
      const r = await gm(core, 'clock.advance', { campaignId, span })
      expect([r.stopped, r.left]).toEqual([{ kind: 'encounter', at: expected!.at }, { seconds: seconds - expected!.at, of }])
    }
  })

  it('CLK-3: G goes on with the rest of the span, stopping again at the next encounter, until the day is done', async () => {
    const campaignId = await ladderDen('go on')
    let r = await gm(core, 'clock.advance', { campaignId, span: { days: 1 } })
    const stops = [r.stopped!.at]
    for (let n = 2; r.clock.goOn !== null; n++) {
      const before = r.clock.time
      const expected = engineStop('go on', n, before, r.clock.goOn.seconds)
      r = await gm(core, 'clock.goOn', { campaignId })
      expect(r.stopped?.at ?? null).toBe(expected?.at ?? null)
      if (r.stopped && r.clock.goOn) {
        stops.push(r.stopped.at)
        expect(r.summary).toMatch(new RegExp(`^Went on with .+ of 1 day: an encounter at ${when(r.stopped.at)}, .+ left$`))
        expect(r.left).toEqual({ seconds: DAY - r.stopped.at, of: '1 day' })
      }
    }
    expect(r.clock.time).toBe(DAY)
    expect(r.left).toBeNull()
    expect(stops.length).toBeGreaterThan(20) // about a fifth of 288 turns meet something at 17–20
    expect(stops).toEqual([...stops].sort((a, b) => a - b))
    expect((await refused(core, 'clock.goOn', { campaignId })).message).toBe('There is nothing to go on with: the last advance ran to the end of what you asked.')
  })

  it('CLK-3: a combat at the encounter leaves the rest to go on with; undo of a go-on gives back the stop it went on from', async () => {
    const campaignId = await ladderDen('fight then go on')
    const first = await gm(core, 'clock.advance', { campaignId, span: { hours: 8 } })
    expect(first.clock.goOn).not.toBeNull()
    await gm(core, 'clock.startCombat', { campaignId })
    await gm(core, 'clock.nextRound', { campaignId })
    const ended = await gm(core, 'clock.endCombat', { campaignId })
    expect(ended.clock.goOn).toEqual(first.clock.goOn)
    const went = await gm(core, 'clock.goOn', { campaignId })
    expect(went.clock.time).toBeGreaterThan(ended.clock.time)
    const undone = await gm(core, 'clock.undo', { campaignId })
    expect(undone.clock).toMatchObject({ time: ended.clock.time, goOn: first.clock.goOn })
  })

  it('CLK-3: downtime makes no checks: resting 8 hours in downtime runs to its end with no dice', async () => {
    const campaignId = await ladderDen('downtime')
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    const r = await gm(core, 'clock.advance', { campaignId, span: { hours: 8 } })
    expect([r.clock.time, r.stopped, r.left, r.clock.goOn]).toEqual([8 * 3600, null, null, null])
    const [step] = await gm(core, 'log.list', { campaignId, kind: 'clock.advanced' })
    expect(step?.dice).toBeNull()
  })

  it('CLK-3: an "until" that stops at what it names leaves nothing of its own; what an earlier advance left stays until the GM drops it', async () => {
    const campaignId = await ladderDen('until')
    const stopped = await gm(core, 'clock.advance', { campaignId, span: { days: 1 } })
    expect(stopped.clock.goOn).not.toBeNull()
    const until = await gm(core, 'clock.advance', { campaignId, until: ['encounter', 'light out', 'timer', 'new day'] })
    expect(until.stopped?.kind).toBe('encounter')
    expect(until.left).toBeNull()
    expect(until.clock.goOn).toEqual(stopped.clock.goOn)

    // Dropped: no time passes, nothing is left; undo brings the rest back.
    const dropped = await gm(core, 'clock.goOn', { campaignId, drop: true })
    expect(dropped.clock.time).toBe(until.clock.time)
    expect(dropped.clock.goOn).toBeNull()
    expect(dropped.summary).toMatch(/^Dropped the .+ left of 1 day: nothing to go on with$/)
    expect((await refused(core, 'clock.goOn', { campaignId, drop: true })).message).toBe('There is nothing to drop: no advance has a rest left to go on with.')
    expect((await gm(core, 'play.undo', { campaignId })).undone).toMatch(/^Dropped the/)
    expect((await gm(core, 'clock.get', { campaignId })).goOn).toEqual(stopped.clock.goOn)
  })

  it('CLK-3: a later stop with a rest of its own takes the place of the earlier rest, and says so', async () => {
    const campaignId = await ladderDen('replace')
    const first = await gm(core, 'clock.advance', { campaignId, span: { days: 1 } })
    expect(first.clock.goOn).not.toBeNull()
    let r = first
    for (let i = 0; i < 50 && (r === first || r.left === null); i++) r = await gm(core, 'clock.advance', { campaignId, span: { days: 1 } })
    expect(r.left).not.toBeNull()
    expect(r.summary).toContain(' (in place of the ')
    expect(r.clock.goOn?.at).toBe(r.stopped?.at)
  })
})
