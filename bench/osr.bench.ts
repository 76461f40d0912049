import { BenchGroup } from './harness'
import { seededDice } from '../src/main/engines/dice'
import { checkOdds, encounterCheck, encounterWithinOdds, rollCheck, rollStrike, strikeOdds, type StrikeInput } from '../src/main/engines/osr'

/** 30 days of 5-minute turns: 30 × 24 × 12. */
const TURNS_IN_30_DAYS = 30 * 24 * 12

export default async function (): Promise<void> {
  const d = seededDice('osr-bench')
  let sink = 0

  const check = new BenchGroup('osr: one check (OSR-10)')
  await check.add('bare d20 roll', () => { for (let i = 0; i < 1000; i++) sink += d.roll(20) }, { baseline: true, opsPerCall: 1000 })
  await check.add('rollCheck', () => { for (let i = 0; i < 1000; i++) sink += rollCheck(d, { modifier: -1 }).margin }, { opsPerCall: 1000 })
  await check.add('checkOdds (exact)', () => { for (let i = 0; i < 1000; i++) sink += checkOdds({ modifier: i % 7 - 3 }).success }, { opsPerCall: 1000 })
  check.print()

  const glamOnChief: StrikeInput = { attackerB: -1, attackerLevel: 1, defenderM: 1, defenderArmour: 3, weapon: 'short' }
  const ogre: StrikeInput = { attackerB: 1, attackerLevel: 3, defenderM: 0, defenderArmour: 1, weapon: 'long', advanced: true, monstrousForm: 2 }
  const strike = new BenchGroup('osr: a strike with harm (OSR-15 … OSR-17)')
  await strike.add('bare d20 + d6 rolls', () => { for (let i = 0; i < 1000; i++) sink += d.roll(20) + d.roll(6) }, { baseline: true, opsPerCall: 1000 })
  await strike.add('rollStrike, Glam on the chief', () => { for (let i = 0; i < 1000; i++) sink += rollStrike(d, glamOnChief).totalHarm }, { opsPerCall: 1000 })
  await strike.add('rollStrike, 3 rolls, 2d6+2', () => { for (let i = 0; i < 1000; i++) sink += rollStrike(d, ogre).totalHarm }, { opsPerCall: 1000 })
  await strike.add('strikeOdds (exact), 3 rolls, 2d6+2', () => { sink += strikeOdds(ogre).hit }, {})
  strike.print()

  const turns = new BenchGroup(`osr: ${TURNS_IN_30_DAYS.toLocaleString('en')} encounter checks, 30 days of turns (OSR-9)`)
  await turns.add(`${TURNS_IN_30_DAYS} bare d20 rolls`, () => { for (let i = 0; i < TURNS_IN_30_DAYS; i++) sink += d.roll(20) }, { baseline: true })
  await turns.add(`${TURNS_IN_30_DAYS} encounterCheck calls`, () => { for (let i = 0; i < TURNS_IN_30_DAYS; i++) sink += encounterCheck(d, { threshold: 19 }).encounter ? 1 : 0 })
  await turns.add('encounterWithinOdds, 8,640 turns (closed form)', () => { sink += encounterWithinOdds({ turns: TURNS_IN_30_DAYS, threshold: 19 }) })
  turns.print()

  if (sink < 0) console.log(sink)
}
