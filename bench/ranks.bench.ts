/**
 * Resolution and Ranks: the cost of a roll (1d6 − 1d6 on the ladder) and of its exact odds; then,
 * through the service on a real SQLite file, what the table reads after each change (`ranks.table`,
 * its latest settled roll among them, RK-9) and a roll accepted, in a new campaign and in one that
 * has settled 2,000 rolls.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { DiceRoll } from '@dice-roller/rpg-dice-roller'
import { createCore } from '../src/main/app'
import { BenchGroup, call, change, median } from './harness'
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

  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  const core = await createCore({ dataFile: join(dir, 'ranks.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
  try {
    const table = new BenchGroup('Ranks at the table through the service: per call, median of 50')
    for (const [label, history] of [['a new campaign', 0], ['a campaign of 2,000 settled rolls', 2_000]] as const) {
      const { id: campaignId } = (await call(core, 'campaign.create', { name: label, system: 'ranks', seed: 'bench' })) as { id: number }
      const roll = async () => {
        const r = (await call(core, 'ranks.roll', { campaignId, characterId: null, who: 'Cult enforcer', ability: 'Fighting', rank: 'fair' })) as { id: number }
        await change(core, 'ranks.accept', { rollId: r.id })
      }
      for (let i = 0; i < history; i++) await roll()
      const reads: number[] = []
      const rolls: number[] = []
      for (let i = 0; i < 50; i++) {
        let t0 = performance.now()
        await call(core, 'ranks.table', { campaignId })
        reads.push(performance.now() - t0)
        t0 = performance.now()
        await roll()
        rolls.push(performance.now() - t0)
      }
      table.record(`router: ranks.table (read after every change), ${label}`, median(reads), 50, history === 0)
      table.record(`router: ranks.roll then ranks.accept, ${label}`, median(rolls), 50)
    }
    table.print()
  } finally {
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
