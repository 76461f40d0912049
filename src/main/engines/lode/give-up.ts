/**
 * LODE-11: giving up Halfmagic. The successes count as an ordinary result and a Destiny point is
 * gained; only the first one a character gains this way in a scene is kept, later ones must be
 * given to another player's character (judgement call: "the first" is counted per character).
 */
import type { Refusable } from './refusal'
import type { PoolResult } from './roll'

/** Who has already kept a Destiny point from giving up Halfmagic in the current scene. */
export interface HalfmagicScene {
  keptBy: string[]
}

/**
 * A new scene: nobody has kept a point yet.
 * @example newHalfmagicScene() // { keptBy: [] }
 */
export function newHalfmagicScene(): HalfmagicScene {
  return { keptBy: [] }
}

export interface GiveUpInput {
  result: PoolResult
  /** The character whose roll it is. */
  character: string
  /** Another player's character to receive the Destiny point; needed once one was kept this scene. */
  giveTo?: string
}

/**
 * Turns a Halfmagic result into an ordinary one and says who gains the Destiny point.
 * @example giveUpHalfmagic(newHalfmagicScene(), { result, character: 'Brann' }) // destinyTo 'Brann'
 */
export function giveUpHalfmagic(
  scene: HalfmagicScene,
  input: GiveUpInput,
): Refusable<{ scene: HalfmagicScene; result: PoolResult; destinyTo: string }> {
  const { result, character, giveTo } = input
  if (result.halfmagic <= 0) return { ok: false, reason: 'This roll has no Halfmagic to give up.' }
  if (character.trim() === '') return { ok: false, reason: 'Say whose roll this is before giving up its Halfmagic.' }
  const ordinary: PoolResult = { ...result, halfmagic: 0 }
  if (giveTo !== undefined && giveTo.trim() !== '' && giveTo !== character) {
    return { ok: true, scene, result: ordinary, destinyTo: giveTo }
  }
  if (scene.keptBy.includes(character)) {
    return {
      ok: false,
      reason: `${character} already kept a Destiny point for giving up Halfmagic in this scene: this one must go to another player's character. Say whose.`,
    }
  }
  return { ok: true, scene: { keptBy: [...scene.keptBy, character] }, result: ordinary, destinyTo: character }
}
