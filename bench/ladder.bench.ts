/**
 * The Ladder: per-call times of rollTask and taskOdds, each against a baseline run in the same process.
 * rollTask is compared with one bare d6 from the same seeded dice; taskOdds (closed form) with the naive exact
 * way, trying every sequence of faces through rollTask.
 */
import { BenchGroup } from './harness'
import { scriptedDice, seededDice, type Dice } from '../src/main/engines/dice'
import { RUNGS, extendedConflictOdds, instantConflictOdds, rollTask, startExtendedConflict, taskOdds, type Rung, type TaskInput } from '../src/main/engines/ladder'

/** Naive exact odds: walk every face sequence rollTask can ask for, weighting each by 6^-length. */
function enumeratedOdds(input: TaskInput): Record<Rung, number> {
  const odds = Object.fromEntries(RUNGS.map((r) => [r, 0])) as Record<Rung, number>
  const walk = (prefix: number[]): void => {
    let used = 0
    const dice: Dice = {
      roll: () => {
        if (used === prefix.length) throw prefix
        return prefix[used++] as number
      },
    }
    try {
      odds[rollTask(dice, input).result] += 6 ** -prefix.length
    } catch (e) {
      if (e !== prefix) throw e
      for (let f = 1; f <= 6; f++) walk([...prefix, f])
    }
  }
  walk([])
  return odds
}

export default async function (): Promise<void> {
  let sink = 0
  const roll = new BenchGroup('ladder: rollTask, per call')
  const d = seededDice('bench-ladder')
  await roll.add('seededDice.roll(6)', () => { for (let i = 0; i < 1000; i++) sink += d.roll(6) }, { baseline: true, opsPerCall: 1000 })
  await roll.add('rollTask good, standard', () => {
    for (let i = 0; i < 1000; i++) sink += rollTask(d, { asset: 'good', difficulty: 'expert' }).faces.length
  }, { opsPerCall: 1000 })
  await roll.add('rollTask poor, extended, good wonky', () => {
    for (let i = 0; i < 1000; i++) sink += rollTask(d, { asset: 'poor', difficulty: 'superb', wonky: 'good', extended: true }).faces.length
  }, { opsPerCall: 1000 })
  await roll.add('rollTask on scriptedDice([6, 6, 3])', () => {
    for (let i = 0; i < 1000; i++) sink += rollTask(scriptedDice([6, 6, 3]), { asset: 'poor' }).faces.length
  }, { opsPerCall: 1000 })
  roll.print()

  const odds = new BenchGroup('ladder: taskOdds and conflict odds, per call')
  const hard: TaskInput = { asset: 'poor', difficulty: 'superb', wonky: 'good', extended: true }
  await odds.add('naive enumeration, poor extended good wonky', () => { sink += enumeratedOdds(hard).superb }, { baseline: true })
  await odds.add('taskOdds, poor extended good wonky', () => {
    for (let i = 0; i < 100; i++) sink += taskOdds(hard).success ?? 0
  }, { opsPerCall: 100 })
  await odds.add('taskOdds, good standard', () => {
    for (let i = 0; i < 100; i++) sink += taskOdds({ asset: 'good', difficulty: 'expert' }).success ?? 0
  }, { opsPerCall: 100 })
  await odds.add('instantConflictOdds, good vs expert', () => {
    for (let i = 0; i < 10; i++) sink += instantConflictOdds({ a: { asset: 'good' }, b: { asset: 'expert' } }).a
  }, { opsPerCall: 10 })
  await odds.add('extendedConflictOdds from 0–0, good vs expert', () => {
    sink += extendedConflictOdds(startExtendedConflict(), { a: { asset: 'good' }, b: { asset: 'expert' } }).a
  })
  odds.print()
  if (sink < 0) console.log(sink)
}
