/**
 * Resolution and Ranks: the cost of a roll (1d6 − 1d6 on the ladder) and of its exact odds.
 */
import { DiceRoll } from '@dice-roller/rpg-dice-roller'
import { BenchGroup } from './harness'
import { scriptedDice, seededDice } from '../src/main/engines/dice'
import { addAspect, aspectOdds, rankOdds, rankOddsWithAspect, rollRank, RANKS, type Rank } from '../src/main/engines/ranks'

export default async function (): Promise<void> {
  const dice = seededDice('bench-ranks')
  let sink = 0
  const batch = 500

  const rolls = new BenchGroup('Ranks: one roll (rolls per second)')
  await rolls.add('bare seededDice.roll(6) × 2', () => { for (let i = 0; i < batch; i++) sink += dice.roll(6) - dice.roll(6) }, { baseline: true, opsPerCall: batch })
  await rolls.add('rollRank { ability: good }', () => { for (let i = 0; i < batch; i++) sink += rollRank(dice, { ability: 'good' }).up }, { opsPerCall: batch })
  await rolls.add('rollRank then addAspect', () => { for (let i = 0; i < batch; i++) sink += addAspect(dice, rollRank(dice, { ability: 'good' })).up }, { opsPerCall: batch })
  await rolls.add("rpg-dice-roller '1d6-1d6'", () => { for (let i = 0; i < batch; i++) sink += new DiceRoll('1d6-1d6').total }, { opsPerCall: batch })
  rolls.print()

  const odds = new BenchGroup('Ranks: exact odds (one call each)')
  await odds.add('naive: 36 rollRank calls on scripted dice', () => {
    const counts = Object.fromEntries(RANKS.map((r) => [r, 0])) as Record<Rank, number>
    for (let up = 1; up <= 6; up++) for (let down = 1; down <= 6; down++) counts[rollRank(scriptedDice([up, down]), { ability: 'good' }).result]++
    sink += counts.good
  }, { baseline: true })
  await odds.add('rankOdds (36 outcomes)', () => { sink += rankOdds({ ability: 'good' }).good })
  const seen = rollRank(dice, { ability: 'fair' })
  await odds.add('aspectOdds on a seen roll (6 outcomes)', () => { sink += aspectOdds(seen).good })
  await odds.add('rankOddsWithAspect (216 outcomes)', () => { sink += rankOddsWithAspect({ ability: 'good' }).good })
  odds.print()
  if (sink < -1e12) console.log(sink)
}
