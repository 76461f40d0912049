import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { rollTask, underVulnerability, validateCharacter, validateSuperhero } from '../../../src/main/engines/ladder'
import type { CharacterSheet, SuperheroSheet } from '../../../src/main/engines/ladder'

/** Tai Givar, the seed's time-travelling agent, with Orb as her ally. */
const tai: CharacterSheet = {
  concept: 'Time-travelling secret agent sent back to stop famous assassinations',
  assets: [
    { name: 'Guns', rating: 'expert' },
    { name: 'Great Eyesight', rating: 'expert' },
    { name: 'Driving', rating: 'good' },
    { name: 'Stamina', rating: 'good' },
    { name: 'Disguise Herself', rating: 'good' },
    { name: 'Running', rating: 'good' },
  ],
  flaws: [{ name: 'Curiosity' }, { name: 'Stubbornness' }, { name: 'Fear of snakes' }],
  features: ['Piercing gaze', 'Long dark hair', 'Always in period costume'],
  allies: [{ name: 'Orb', concept: 'Computer-generated quirky white-haired old man', howMet: 'Sent back in time to aid Tai' }],
  equipment: ['Time beacon', 'Pistol'],
  episodes: ['Failed to save Lincoln'],
}

/** Black Widow, the seed's spider hero. */
const widow: SuperheroSheet = {
  concept: 'Spider-powered vigilante',
  assets: [
    { name: 'Web-shooting', rating: 'superb' },
    { name: 'Wall climbing', rating: 'superb' },
    { name: 'Spider Sense', rating: 'expert' },
    { name: 'Toughness', rating: 'expert' },
    { name: 'Acrobatics', rating: 'good' },
    { name: 'Fighting', rating: 'good' },
    { name: 'Sneak', rating: 'good' },
  ],
  flaws: [{ name: 'Secret identity known to her nemesis', vulnerability: true }, { name: 'Brash' }, { name: 'Broke' }, { name: 'Lonely' }],
  features: ['Freckles', 'Chews gum', 'Laughs at danger'],
  heroicFeatures: [{ text: 'Black costume with a red hourglass', costume: true }, { text: 'Silent landing' }, { text: 'Mocking quips' }],
  allies: [],
  equipment: ['Web cartridges'],
  episodes: [],
}

describe('LAD-24: a character\'s shape at creation', () => {
  it('seed: Tai Givar — two Expert assets (Guns, Eyesight), four Good, three flaws and features, Orb as ally — is valid', () => {
    expect(validateCharacter(tai)).toEqual({ ok: true })
  })

  it('LAD-24: location and allies are optional; up to 3 allies and 3 episodes', () => {
    expect(validateCharacter({ ...tai, allies: [], episodes: [], location: 'A Georgian town house' })).toEqual({ ok: true })
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `Ally ${i}`, concept: 'c', howMet: 'h' }))
    expect(validateCharacter({ ...tai, allies: four, episodes: ['a', 'b', 'c', 'd'] })).toEqual({
      ok: false,
      problems: ['A character has up to 3 allies; this one has 4.', 'Up to 3 episodes of the past count at creation; this sheet has 4.'],
    })
  })

  it('LAD-24: explains every problem found, not only the first', () => {
    const messy: CharacterSheet = {
      concept: ' ',
      assets: [
        { name: 'Guns', rating: 'expert' },
        { name: 'Guns', rating: 'expert' },
        { name: 'Fists', rating: 'expert' },
        { name: '', rating: 'good' },
        { name: 'Flying', rating: 'superb' },
      ],
      flaws: [{ name: 'Greedy' }, { name: 'Kryptonite', vulnerability: true }],
      features: ['Scar'],
      allies: [{ name: 'Bob', concept: '', howMet: '' }],
      equipment: [''],
      episodes: [''],
    }
    const result = validateCharacter(messy)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems).toEqual([
      'The concept is missing: in a few words, who is this character?',
      'Every asset needs a name (what the character is good at).',
      'Assets named twice: Guns.',
      'A character has exactly 3 identifying features, each written; this one has 1.',
      'Ally 1 needs a concept, how they met.',
      'An episode is listed but not written.',
      'An equipment line is blank.',
      'A character has 6 assets (4 good, 2 expert); this one has 5.',
      'A character has exactly 4 good assets; this one has 1.',
      'A character has exactly 2 expert assets; this one has 3.',
      'No asset of a character is rated superb at creation; 1 asset is.',
      'A character has exactly 3 flaws; this one has 2.',
      'Only a super has a Vulnerability; mark it as an ordinary flaw.',
    ])
  })
})

describe('LAD-29: the Superhero', () => {
  it('seed: Black Widow — Superb web-shooting and wall climbing, Expert spider sense and toughness, three Good — is valid', () => {
    expect(validateSuperhero(widow)).toEqual({ ok: true })
  })

  it('LAD-29: a normal character\'s shape is not a super\'s', () => {
    expect(validateCharacter(widow).ok).toBe(false)
    expect(validateSuperhero({ ...tai, heroicFeatures: widow.heroicFeatures }).ok).toBe(false)
  })

  it('LAD-29: 4 flaws with exactly one Vulnerability, 3 heroic features with exactly one costume — every problem listed', () => {
    const result = validateSuperhero({
      ...widow,
      flaws: [{ name: 'Kryptonite', vulnerability: true }, { name: 'Weak heart', vulnerability: true }, { name: 'Proud' }],
      heroicFeatures: [{ text: 'Cape' }, { text: 'Square jaw' }],
    })
    expect(result).toEqual({
      ok: false,
      problems: [
        'A super has exactly 4 flaws, one of them the Vulnerability; this one has 3.',
        'Exactly one flaw is the Vulnerability; 2 are marked.',
        'The heroic identity has exactly 3 identifying features, each written; this one has 2.',
        'Exactly one heroic feature describes the costume; 0 are marked.',
      ],
    })
  })

  it('LAD-29: the Vulnerability is always rolled under a bad wonky ladder, on the extended ladder, whatever was declared', () => {
    const task = underVulnerability({ asset: 'superb', wonky: 'good' })
    expect(task).toEqual({ asset: 'superb', wonky: 'bad', extended: true })
    expect(rollTask(scriptedDice([2, 3]), task).result).toBe('expert')
  })
})
