import { BenchGroup } from './harness'
import { seededDice } from '../src/main/engines/dice'

export default async function (): Promise<void> {
  const g = new BenchGroup('dice: one d6 face')
  const d = seededDice('bench')
  let sink = 0
  await g.add('Math.random() d6', () => { for (let i = 0; i < 1000; i++) sink += Math.floor(Math.random() * 6) + 1 }, { baseline: true, opsPerCall: 1000 })
  await g.add('seededDice.roll(6)', () => { for (let i = 0; i < 1000; i++) sink += d.roll(6) }, { opsPerCall: 1000 })
  g.print()
  if (sink < 0) console.log(sink)
}
