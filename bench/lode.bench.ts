/**
 * LODE: rollPool against @dice-roller/rpg-dice-roller on a 10-die exploding success count, and the
 * cost of exact poolOdds for 10, 30 and 60 dice.
 */
import { DiceRoll } from '@dice-roller/rpg-dice-roller'
import { BenchGroup } from './harness'
import { seededDice } from '../src/main/engines/dice'
import { poolOdds, rollPool } from '../src/main/engines/lode'

/** A naive exact alternative for plain pools only: the N-fold convolution of one die's successes. */
function naivePlainOdds(n: number): number[] {
  const one = [1 / 2]
  for (let k = 1, p = 5 / 12; p > 1e-28; k++, p /= 6) one[k] = p
  let dist = [1]
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dist.length + one.length - 1).fill(0)
    for (let a = 0; a < dist.length; a++) for (let b = 0; b < one.length; b++) next[a + b]! += dist[a]! * one[b]!
    dist = next
  }
  return dist
}

export default async function (): Promise<void> {
  const rolls = new BenchGroup('LODE: one roll of 10 dice, 6s explode, count 4–6 (rolls per second)')
  const dice = seededDice('bench-lode')
  let sink = 0
  const batch = 200
  // rpg-dice-roller reads `10d6!>=4` as "explode on 4 or more and add the faces"; the LODE roll in
  // its notation is `10d6!=6>=4` (explode on 6, count faces of 4 or more). Both are timed.
  await rolls.add("rpg-dice-roller '10d6!=6>=4' (same roll as LODE)", () => { for (let i = 0; i < batch; i++) sink += new DiceRoll('10d6!=6>=4').total }, { baseline: true, opsPerCall: batch })
  await rolls.add("rpg-dice-roller '10d6!>=4' (as the issue wrote it)", () => { for (let i = 0; i < batch; i++) sink += new DiceRoll('10d6!>=4').total }, { opsPerCall: batch })
  await rolls.add('rollPool { baseDice: 10 } (seededDice)', () => { for (let i = 0; i < batch; i++) sink += rollPool(dice, { baseDice: 10 }).successes }, { opsPerCall: batch })
  await rolls.add('bare seededDice.roll(6) × 10', () => { for (let i = 0; i < batch; i++) for (let j = 0; j < 10; j++) sink += dice.roll(6) }, { opsPerCall: batch })
  rolls.print()

  const odds = new BenchGroup('LODE: exact poolOdds (one call each)')
  await odds.add('naive N-fold convolution, 30 plain dice', () => { sink += naivePlainOdds(30).length }, { baseline: true })
  await odds.add('poolOdds 10 dice', () => { sink += poolOdds({ baseDice: 10 }).successes.length })
  await odds.add('poolOdds 30 dice', () => { sink += poolOdds({ baseDice: 30 }).successes.length })
  await odds.add('poolOdds 30 dice, Blessing 3', () => { sink += poolOdds({ baseDice: 30, blessing: 3 }).successes.length })
  await odds.add('poolOdds 60 dice', () => { sink += poolOdds({ baseDice: 60 }).successes.length })
  await odds.add('poolOdds 60 dice, Curse 2', () => { sink += poolOdds({ baseDice: 60, curse: 2 }).successes.length })
  await odds.add('sampling instead: 10,000 rollPool of 30 dice', () => { for (let i = 0; i < 10_000; i++) sink += rollPool(dice, { baseDice: 30 }).successes }, { calls: 10 })
  odds.print()
  if (sink < 0) console.log(sink)
}
