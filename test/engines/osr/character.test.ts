import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  creationProblems,
  hardinessForFace,
  hardinessForLevelOdds,
  levelForExperience,
  levelUp,
  modifierForFace,
  modifierOdds,
  optionAllowanceOdds,
  optionBonus,
  optionProblems,
  rollCharacter,
  rollHardinessForLevel,
  rollMaximumHardiness,
  rollModifiers,
  rollOptionAllowance,
  sampleSpell,
  seesInTheDark,
  shareExperience,
  type OsrCharacter,
} from '../../../src/main/engines/osr'
import { expectFrequenciesMatch } from './helpers'

/** Glam's rolls from the seed: B 2, M 3, S 5, H 3; then 3d6 of gold the seed does not give. */
const GLAM_FACES = [2, 3, 5, 3, 3, 4, 3]

function rollGlam(): OsrCharacter {
  const made = rollCharacter(scriptedDice(GLAM_FACES), { name: 'Glam', allowance: 2, options: ['deft touch', 'high tolerance'] })
  if (!made.ok) throw new Error(made.problems.join('; '))
  return made.character
}

describe('OSR-1: modifiers B, M, S', () => {
  it('OSR-1: 1–2 → −1, 3–4 → 0, 5–6 → +1', () => {
    expect([1, 2, 3, 4, 5, 6].map(modifierForFace)).toEqual([-1, -1, 0, 0, 1, 1])
  })

  it('OSR-1 (seed example): rolling 2, 3 and 5 gives B −1, M 0, S +1, rolled in that order', () => {
    expect(rollModifiers(scriptedDice([2, 3, 5]))).toEqual({ B: -1, M: 0, S: 1, faces: [2, 3, 5] })
  })

  it('OSR-1: each modifier is −1, 0 or +1 with odds 1/3, and 200,000 rolls agree', () => {
    const odds = modifierOdds()
    expect(odds).toEqual({ [-1]: 2 / 6, 0: 2 / 6, 1: 2 / 6 })
    expectFrequenciesMatch('osr-modifier', odds, (d) => rollModifiers(d).M)
  })
})

describe('OSR-2: hardiness', () => {
  it('OSR-2 (seed example): a 3 with S +1 gives 4 H; at L2 a 5 makes the maximum 10', () => {
    expect(rollHardinessForLevel(scriptedDice([3]), { S: 1 })).toEqual({ gain: 4, faces: [3] })
    expect(rollMaximumHardiness(scriptedDice([3, 5]), { level: 2, S: 1 })).toEqual({ maxH: 10, faces: [3, 5] })
  })

  it('OSR-2: each roll is at least 1 even with S −1', () => {
    expect(hardinessForFace(1, { S: -1 })).toBe(1)
    expect(hardinessForFace(2, { S: -1 })).toBe(1)
  })

  it('OSR-2 / OSR-4 a: great vigour adds +1 per level per time taken, on top of the roll', () => {
    expect(hardinessForFace(1, { S: -1, vigour: 2 })).toBe(3)
    expect(rollMaximumHardiness(scriptedDice([4, 4, 4]), { level: 3, S: 0, vigour: 1 }).maxH).toBe(15)
  })

  it('OSR-2: exact odds of one level’s hardiness, and 200,000 rolls agree', () => {
    const odds = hardinessForLevelOdds({ S: -1, vigour: 1 })
    expect(odds).toEqual({ 2: 2 / 6, 3: 1 / 6, 4: 1 / 6, 5: 1 / 6, 6: 1 / 6 })
    expectFrequenciesMatch('osr-hardiness', odds, (d) => rollHardinessForLevel(d, { S: -1, vigour: 1 }).gain)
  })
})

describe('OSR-4: options', () => {
  it('OSR-4: the GM allows 1d3 options, rolled on a d6 (DICE-1)', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => rollOptionAllowance(scriptedDice([f])).allowance)).toEqual([1, 1, 2, 2, 3, 3])
    expect(optionAllowanceOdds()).toEqual({ 1: 2 / 6, 2: 2 / 6, 3: 2 / 6 })
  })

  it('OSR-4: great vigour, deft touch, high tolerance and monstrous form may be taken twice', () => {
    for (const twice of ['great vigour', 'deft touch', 'high tolerance', 'monstrous form']) {
      expect(optionProblems([twice, twice], 2)).toEqual([])
    }
  })

  it('OSR-4: arcane knowledge, divine audience and heightened awareness only once; nothing three times', () => {
    expect(optionProblems(['arcane knowledge', 'arcane knowledge'], 3)).toEqual(['arcane knowledge may be taken only once; it was taken 2 times.'])
    expect(optionProblems(['great vigour', 'great vigour', 'great vigour'], 3)).toEqual(['great vigour may be taken at most twice; it was taken 3 times.'])
  })

  it('OSR-4: returns every problem — over the allowance and an unknown option together', () => {
    const problems = optionProblems(['deft touch', 'flying', 'high tolerance'], 2)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/allowed 2 option\(s\) but 3 were chosen/)
    expect(problems[1]).toMatch(/"flying" is not one of the options/)
  })

  it('OSR-4 d, e: deft touch helps moving carefully and mechanisms; heightened awareness finding hidden things and seeing in the dark', () => {
    expect(optionBonus(['deft touch'], 'moving in silence')).toBe(1)
    expect(optionBonus(['deft touch', 'deft touch'], 'working a mechanism')).toBe(2)
    expect(optionBonus(['deft touch'], 'finding something hidden')).toBe(0)
    expect(optionBonus(['heightened awareness'], 'finding something hidden')).toBe(1)
    expect(seesInTheDark(['heightened awareness'])).toBe(true)
    expect(seesInTheDark(['deft touch'])).toBe(false)
  })
})

describe('OSR-1 … OSR-5: generating a character', () => {
  it('Seed example: the sample character Glam — B −1, S +1, 4 H, deft touch; resistance 13+ by the rule', () => {
    // The seed gives Glam options d) and f) but prints 14+: high tolerance's "two extra points"
    // (OSR-3, OSR-4 f) make it 15 − 2 = 13+. The rule wins; reported to the lead.
    const glam = rollGlam()
    expect(glam).toEqual({
      name: 'Glam',
      level: 1,
      B: -1,
      M: 0,
      S: 1,
      h: 4,
      maxH: 4,
      resistance: 13,
      options: ['deft touch', 'high tolerance'],
      gold: 50,
      patron: null,
      spells: [],
    })
  })

  it('rolls in the seed order B, M, S, H, gold and reports every face', () => {
    const made = rollCharacter(scriptedDice(GLAM_FACES), { name: 'Glam', allowance: 2, options: ['deft touch'] })
    expect(made.ok && made.rolls).toEqual({ modifiers: [2, 3, 5], hardiness: [3], gold: [3, 4, 3] })
    expect(made.ok && made.faces).toEqual(GLAM_FACES)
    expect(made.ok && made.character.resistance).toBe(15)
  })

  it('great vigour raises starting H; a mage learns one L1 spell; a priest names a patron', () => {
    const smite = sampleSpell('smite-foe')
    const mage = rollCharacter(scriptedDice(GLAM_FACES), {
      name: 'Ysolde',
      allowance: 3,
      options: ['great vigour', 'arcane knowledge', 'high tolerance'],
      spells: [smite],
    })
    expect(mage.ok && mage.character.maxH).toBe(5)
    expect(mage.ok && mage.character.spells).toEqual([{ id: 'smite-foe', name: 'Smite Foe', art: 'arcane', level: 1 }])
    const priest = rollCharacter(scriptedDice(GLAM_FACES), { name: 'Brother Ash', allowance: 1, options: ['divine audience'], patron: 'the Lamplighter' })
    expect(priest.ok && priest.character.patron).toBe('the Lamplighter')
  })

  it('refuses bad choices with every problem and rolls no dice', () => {
    const dice = scriptedDice([])
    const made = rollCharacter(dice, {
      name: ' ',
      allowance: 1,
      options: ['divine audience'],
      spells: [sampleSpell('smite-foe'), sampleSpell('reveal-intent')],
    })
    expect(made.ok).toBe(false)
    expect(!made.ok && made.problems).toEqual([
      'The character needs a name.',
      'Divine audience needs a patron deity agreed with the GM.',
      'Smite Foe is a spell; learning it needs arcane knowledge.',
      'Reveal Intent is a level 2 invocation; a level 1 caster can learn invocations of level 1 at most.',
    ])
    expect(creationProblems({ name: 'Glam', allowance: 2, options: ['deft touch'], patron: 'Sol' })).toEqual([
      'Only a character with divine audience has a patron deity.',
    ])
  })
})

describe('OSR-6: experience and levels', () => {
  it('OSR-6: experience is shared equally by the party', () => {
    expect(shareExperience({ earned: 3, partySize: 4 })).toBe(0.75)
    expect(() => shareExperience({ earned: 3, partySize: 0 })).toThrow(/party size must be at least 1/)
  })

  it("OSR-6: by the seed's guide a level per small fortune or small army, halves mixing; or the GM's thresholds", () => {
    expect(levelForExperience({ experience: 0.5 })).toBe(1)
    expect(levelForExperience({ experience: 0.5 + 0.5 })).toBe(2)
    expect(levelForExperience({ experience: 2000, thresholds: [1000, 3000, 6000] })).toBe(2)
    expect(levelForExperience({ experience: 3000, thresholds: [1000, 3000, 6000] })).toBe(3)
    expect(() => levelForExperience({ experience: 1, thresholds: [10, 5] })).toThrow(/level 3 \(5\) is below the one for level 2/)
  })

  it('OSR-6 (seed example): Glam reaches L2, rolls 5: maximum H 10, resistance one lower', () => {
    const { character, report } = levelUp(scriptedDice([5]), rollGlam())
    expect(character).toMatchObject({ level: 2, maxH: 10, h: 10, resistance: 12 })
    expect(report).toMatchObject({ maxHGain: 6, resistance: { from: 13, to: 12 }, faces: [5] })
  })

  it('OSR-6: the strike bonus is recalculated at L3 and casters gain one spell of capacity', () => {
    const mage: OsrCharacter = { ...rollGlam(), level: 2, options: ['arcane knowledge'], resistance: 14 }
    const { character, report } = levelUp(scriptedDice([1]), mage)
    expect(report.strikeBonus).toEqual({ from: 0, to: 1 })
    expect(report.spellCapacity).toEqual({ arcane: { from: 2, to: 3 }, divine: { from: 0, to: 0 } })
    // S +1 on a 1 still gives 2; a wounded caster keeps the wound's size.
    expect(levelUp(scriptedDice([1]), { ...mage, h: 1 }).character).toMatchObject({ h: 3, maxH: 6 })
    expect(character.resistance).toBe(13)
  })

  it('OSR-6: the dead gain no level', () => {
    expect(() => levelUp(scriptedDice([5]), { ...rollGlam(), h: -4, maxH: 0 })).toThrow(/Glam is dead/)
  })
})
