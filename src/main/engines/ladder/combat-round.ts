/**
 * The combat round (LAD-12): all hand-to-hand simultaneously, then all gunfire simultaneously; anyone who attacked
 * or was attacked hand-to-hand this round cannot fire.
 */

/** LAD-12: a round lasts 10–30 seconds of game time; the campaign picks, 20 s unless set. */
export const DEFAULT_ROUND_SECONDS = 20

/**
 * Checks a campaign's combat round length (LAD-12).
 * @example combatRoundSeconds() // 20
 */
export function combatRoundSeconds(setting: number = DEFAULT_ROUND_SECONDS): number {
  if (!Number.isInteger(setting) || setting < 10 || setting > 30) {
    throw new RangeError(`A combat round lasts 10 to 30 seconds of game time; ${setting} is outside that.`)
  }
  return setting
}

export interface RoundPlan {
  melee: { attacker: string; defender: string }[]
  gunfire: { shooter: string; target: string }[]
  /** Combatants whose next attack is lost to a Wound (LAD-17). */
  lostAttack?: string[]
  /** Combatants knocked out by a Wound to the head, not yet come round (LAD-17: three combat rounds). */
  knockedOut?: string[]
}

export type RoundOrder =
  | {
      ok: true
      seconds: number
      phases: [{ phase: 'hand-to-hand'; fights: RoundPlan['melee'] }, { phase: 'gunfire'; shots: RoundPlan['gunfire'] }]
    }
  | { ok: false; problems: string[] }

/**
 * Orders a round (LAD-12) and returns every problem with the GM's plan, in plain words.
 * @example planCombatRound({ melee: [{ attacker: 'Tai', defender: 'Guard' }], gunfire: [{ shooter: 'Guard', target: 'Tai' }] }).ok // false: the guard was attacked hand-to-hand
 */
export function planCombatRound(plan: RoundPlan, roundSeconds = DEFAULT_ROUND_SECONDS): RoundOrder {
  const seconds = combatRoundSeconds(roundSeconds)
  const problems: string[] = []
  const lost = new Set(plan.lostAttack ?? [])
  const out = new Set(plan.knockedOut ?? [])
  for (const { attacker } of plan.melee) {
    if (out.has(attacker)) problems.push(`${attacker} is knocked out by the blow to the head and cannot attack this round (LAD-17).`)
    else if (lost.has(attacker)) problems.push(`${attacker} lost their next attack to a Wound and cannot attack this round (LAD-17).`)
  }
  for (const { shooter } of plan.gunfire) {
    const fight = plan.melee.find((f) => f.attacker === shooter || f.defender === shooter)
    if (fight) {
      const how = fight.attacker === shooter ? `attacked ${fight.defender}` : `was attacked by ${fight.attacker}`
      problems.push(`${shooter} ${how} hand-to-hand this round, so cannot fire (LAD-12).`)
    }
    if (out.has(shooter)) problems.push(`${shooter} is knocked out by the blow to the head and cannot fire this round (LAD-17).`)
    else if (lost.has(shooter)) problems.push(`${shooter} lost their next attack to a Wound and cannot fire this round (LAD-17).`)
  }
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, seconds, phases: [{ phase: 'hand-to-hand', fights: plan.melee }, { phase: 'gunfire', shots: plan.gunfire }] }
}
