import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { compel, concede, newChapter, refresh, rollRank, sacrifice, type Aspect } from '../../../src/main/engines/ranks'

const poorRoll = rollRank(scriptedDice([2, 4]), { ability: 'fair' })
const goodRoll = rollRank(scriptedDice([4, 3]), { ability: 'fair' })
const hurt = { weary: true, hurt: true, doomed: false }

describe('RK-9: once per chapter each', () => {
  it('Concession: the roll becomes a failure, that Harm level is recovered, the character leaves and may make a friendly NPC', () => {
    const r = concede({ moves: newChapter(), harm: hurt, roll: goodRoll, harmFromRoll: 'hurt' })
    expect(r).toEqual({
      ok: true,
      moves: { used: ['concession'] },
      harm: { weary: true, hurt: false, doomed: false },
      recovered: 'hurt',
      outcome: 'failure',
      leavesScene: true,
      friendlyNpc: true,
    })
  })

  it('Concession on a roll that marked no Harm recovers nothing, and cannot recover a box that is not marked', () => {
    const r = concede({ moves: newChapter(), harm: hurt, roll: poorRoll })
    expect(r.ok && r.harm).toEqual(hurt)
    expect(concede({ moves: newChapter(), harm: hurt, roll: poorRoll, harmFromRoll: 'doomed' })).toMatchObject({ ok: false })
  })

  it('Sacrifice: only after a failed roll; that Harm is recovered, something is lost, the attempt is a stalemate', () => {
    const r = sacrifice({ moves: newChapter(), harm: hurt, roll: poorRoll, harmFromRoll: 'hurt', lost: 'the old mule', leaveScene: false })
    expect(r).toMatchObject({ ok: true, attempt: 'stalemate', lost: 'the old mule', leavesScene: false, recovered: 'hurt' })
    expect(sacrifice({ moves: newChapter(), harm: hurt, roll: goodRoll, lost: 'the old mule', leaveScene: true })).toEqual({
      ok: false,
      reason: 'Sacrifice comes after failing a roll; this roll is good, not a failure.',
    })
    expect(sacrifice({ moves: newChapter(), harm: hurt, roll: poorRoll, lost: ' ', leaveScene: true }).ok).toBe(false)
  })

  it('Refresh: recovers one Harm level, and the chosen PC may reciprocate and recover one too', () => {
    const r = refresh({ moves: newChapter(), harm: hurt, partner: 'Georgia', partnerHarm: { weary: true, hurt: false, doomed: false } })
    expect(r).toEqual({
      ok: true,
      moves: { used: ['refresh'] },
      harm: { weary: true, hurt: false, doomed: false },
      recovered: 'hurt',
      partnerHarm: { weary: false, hurt: false, doomed: false },
      partnerRecovered: 'weary',
    })
    expect(refresh({ moves: newChapter(), harm: hurt, partner: '' }).ok).toBe(false)
  })

  it('Compel: the GM complicates through an aspect and the character refreshes one aspect', () => {
    const aspects: Aspect[] = [{ name: 'Hot-headed', used: false }, { name: 'Fencing master', used: true }]
    const r = compel({ moves: newChapter(), aspects, compelled: 'Hot-headed', refresh: 'Fencing master' })
    expect(r).toEqual({
      ok: true,
      moves: { used: ['compel'] },
      aspects: [{ name: 'Hot-headed', used: false }, { name: 'Fencing master', used: false }],
      refreshed: 'Fencing master',
    })
    expect(compel({ moves: newChapter(), aspects, compelled: 'Greedy' })).toMatchObject({ ok: false, reason: expect.stringMatching(/'Greedy' is not one of them/) })
  })

  it('each move is refused a second time in the same chapter, and comes back in a new one', () => {
    const first = concede({ moves: newChapter(), harm: hurt, roll: poorRoll })
    if (!first.ok) throw new Error(first.reason)
    expect(concede({ moves: first.moves, harm: hurt, roll: poorRoll })).toEqual({
      ok: false,
      reason: 'Concession was already used this chapter; it comes back next chapter.',
    })
    // other moves are still free this chapter
    expect(refresh({ moves: first.moves, harm: hurt, partner: 'Georgia' }).ok).toBe(true)
    expect(concede({ moves: newChapter(), harm: hurt, roll: poorRoll }).ok).toBe(true)
    const twice = compel({ moves: { used: ['compel'] }, aspects: [{ name: 'Hot-headed', used: false }], compelled: 'Hot-headed' })
    expect(twice).toMatchObject({ ok: false, reason: expect.stringMatching(/Compel was already used/) })
    const sac = sacrifice({ moves: { used: ['sacrifice'] }, harm: hurt, roll: poorRoll, lost: 'a sword', leaveScene: true })
    expect(sac).toMatchObject({ ok: false, reason: expect.stringMatching(/Sacrifice was already used/) })
    expect(refresh({ moves: { used: ['refresh'] }, harm: hurt, partner: 'Georgia' }).ok).toBe(false)
  })
})
