import { afterEach, describe, expect, it } from 'vitest'
import { campaignDice } from '../../src/main/services/core/dice'
import { unitOfWork } from '../../src/main/services/core/context'
import { appendLog } from '../../src/main/services/core/log'
import { seededDice } from '../../src/main/engines/dice'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import type { Core } from '../../src/main/app'

const libs: TempLibrary[] = []
afterEach(() => libs.splice(0).forEach((l) => l.cleanup()))

async function rollAndLog(core: Core, campaignId: number, fail = false): Promise<number[]> {
  return unitOfWork(core.deps, async (tx) => {
    const dice = await campaignDice(tx, campaignId)
    const faces = [dice.roll(20), dice.roll(6)]
    await appendLog(tx, { campaignId, kind: 'test.roll', payload: { faces }, dice: dice.faces })
    if (fail) throw new Error('the change failed after rolling')
    return faces
  })
}

describe("a campaign's dice", () => {
  it('are repeatable from the seed, go on where they left off after a restart, and are logged with their faces', async () => {
    const a = tempLibrary()
    const b = tempLibrary()
    libs.push(a, b)
    let coreA = await a.open()
    const coreB = await b.open()
    const idA = (await gm(coreA, 'campaign.create', { name: 'A', system: 'osr', seed: 'same-seed' })).id
    const idB = (await gm(coreB, 'campaign.create', { name: 'B', system: 'osr', seed: 'same-seed' })).id

    const first = await rollAndLog(coreA, idA)
    await coreA.close()
    coreA = await a.open() // restart the app
    const second = await rollAndLog(coreA, idA)

    // Another library with the same seed rolls the same sequence.
    expect([await rollAndLog(coreB, idB), await rollAndLog(coreB, idB)]).toEqual([first, second])
    // Roll n uses the generator seeded `${seed}#${n}`.
    const expected = seededDice('same-seed#1')
    expect(first).toEqual([expected.roll(20), expected.roll(6)])
    expect(second).not.toEqual(first)

    const [latest] = await gm(coreA, 'log.list', { campaignId: idA, limit: 1 })
    expect(latest?.dice).toEqual([
      { sides: 20, face: second[0] },
      { sides: 6, face: second[1] },
    ])
    await coreA.close()
    await coreB.close()
  })

  it('give their faces back when the change that rolled them fails: the next roll is the same', async () => {
    const lib = tempLibrary()
    libs.push(lib)
    const core = await lib.open()
    const id = (await gm(core, 'campaign.create', { name: 'A', system: 'osr', seed: 's' })).id
    await expect(rollAndLog(core, id, true)).rejects.toThrow('failed after rolling')
    const faces = await rollAndLog(core, id)
    const expected = seededDice('s#1')
    expect(faces).toEqual([expected.roll(20), expected.roll(6)])
    expect((await gm(core, 'log.list', { campaignId: id, kind: 'test.roll' })).length).toBe(1)
    await core.close()
  })
})
