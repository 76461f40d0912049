/**
 * The clock's combat is the one combat (CLK-2): each rules system's tracker follows it. A system
 * registers one follower; the clock calls it inside its own step when combat starts, at each round
 * and when it ends (whichever screen asked), and inside the undo of that step, so the tracker and
 * the clock always move, and go back, together.
 */
import type { ClockState } from '../../engines/clock'
import type { RolledFace } from '../../engines/dice'
import type { SystemId } from '../../../shared/contract'
import type { CampaignDice, Tx } from '../core'
import type { StepContext } from './step-context'

export interface CombatChange {
  kind: 'started' | 'round' | 'ended'
  /** The clock as the step leaves it (its combat is null once ended). */
  clock: ClockState
  /** The combat's round after the step: 0 when it starts, the rounds played when it ends. */
  round: number
  /** What the screen that asked passed along for its tracker (who fights, what was met); absent from the clock bar. */
  setup?: unknown
}

export interface CombatFollower {
  /**
   * Runs inside the clock step: the tracker's change and its log entries (through `ctx.recorder`).
   * Returns the clock with what the tracker put on it (timers a round's wounds set), or nothing.
   */
  follow(ctx: StepContext, change: CombatChange): Promise<ClockState | void>
  /** Runs inside the undo of a clock step whose log entries are `first`…`last`: takes back what `follow` wrote, or refuses. */
  undo(tx: Tx, campaignId: number, logs: { first: number; last: number }): Promise<void>
}

const followers = new Map<SystemId, CombatFollower>()

/**
 * A system's tracker follows the clock's combat from now on.
 * @example followCombat('osr', { follow: async (ctx, change) => …, undo: async (tx, id, logs) => … })
 */
export function followCombat(system: SystemId, follower: CombatFollower): void {
  followers.set(system, follower)
}

/** The tracker that follows this system's combats, if any. */
export function combatFollower(system: SystemId): CombatFollower | null {
  return followers.get(system) ?? null
}

/**
 * The dice a tracker rolls its round on: the same roll of the campaign's dice the clock's round
 * took, so the round takes no second one and the tracker throws the faces it would alone. Its
 * faces are recorded as its own, for its entry, and left out of the clock's (DICE-3: each face is
 * logged once, with what it decided; a GM-only round's faces stay out of the clock's public entry).
 * @example const dice = await roundDice(ctx); rollGunfire(dice, …); await ctx.recorder.log({ …, dice: dice.faces })
 */
export async function roundDice(ctx: StepContext): Promise<CampaignDice> {
  const step = await ctx.dice()
  const faces: RolledFace[] = []
  return {
    faces,
    roll(sides: number): number {
      const face = step.roll(sides)
      step.faces.pop()
      faces.push({ sides, face })
      return face
    },
  }
}
