import { BenchGroup } from './harness'
import { seededDice } from '../src/main/engines/dice'
import { challengeRound, playOut, resolveChallenge, startChallenge, winOdds, type Side, type SideState } from '../src/main/engines/challenge'

/** The naive alternative to resolveChallenge: challengeRound in a bare loop, no reports kept. */
function bareLoop(a: Side, b: Side): number {
  let sa: SideState = { pool: a.rating, bonus: a.bonus ?? 0, reserves: a.reserves ?? 0, resistance: a.resistance ?? 0 }
  let sb: SideState = { pool: b.rating, bonus: b.bonus ?? 0, reserves: b.reserves ?? 0, resistance: b.resistance ?? 0 }
  let rounds = 0
  while (sa.pool > 0 && sb.pool > 0 && rounds < 100) {
    const r = challengeRound(sa, sb)
    sa = r.a
    sb = r.b
    rounds++
  }
  return rounds
}

/** Sampling, the way odds are not computed (DICE-2): 1,000 challenges at comparison. */
function sample(a: Side, b: Side, n: number, seed: string): number {
  const dice = seededDice(seed)
  let wins = 0
  for (let i = 0; i < n; i++) {
    const started = startChallenge([a, b], { randomness: { place: 'comparison', dice } })
    if (!started.ok) throw new Error(started.problems.join(' '))
    const played = playOut(started.state, { dice })
    if (played.ok && played.state.winner === 'single') wins++
  }
  return wins
}

export default async function (): Promise<void> {
  let sink = 0
  const cecilie = { rating: 7, reserves: 5 }
  const motherDragon = { rating: 6, reserves: 4, resistance: 4 } // 7 rounds to the end
  const long = [{ rating: 30, reserves: 12 }, { rating: 28, bonus: 2, resistance: 1 }] as const

  const g = new BenchGroup('challenge: resolveChallenge, one whole challenge per call')
  await g.add('bare challengeRound loop, Cecilie v mother dragon', () => (sink += bareLoop(cecilie, motherDragon)), { baseline: true })
  await g.add('resolveChallenge, Cecilie v mother dragon (7 rounds)', () => (sink += resolveChallenge(cecilie, motherDragon).rounds.length))
  await g.add('resolveChallenge, Akane 2 v meal 8 (1 round)', () => (sink += resolveChallenge({ rating: 2 }, { rating: 8 }).rounds.length))
  await g.add('resolveChallenge, 30 (reserves 12) v 28 + 2 (resistance 1), 2 rounds', () => (sink += resolveChallenge(long[0], long[1]).rounds.length))
  g.print()

  const o = new BenchGroup('challenge: exact win odds with dice at comparison (winOdds)')
  await o.add('sampling 1,000 challenges 10 v 10 (the inexact way)', () => (sink += sample({ rating: 10 }, { rating: 10 }, 1000, 'bench')), {
    baseline: true,
    calls: 10,
  })
  await o.add('winOdds 10 v 10', () => (sink += winOdds({ rating: 10 }, { rating: 10 }, 'comparison').a), { calls: 20 })
  await o.add('winOdds 30 v 30', () => (sink += winOdds({ rating: 30 }, { rating: 30 }, 'comparison').a), { calls: 10 })
  await o.add('winOdds 30 (reserves 6) v 30 + 3 (resistance 1)', () => (sink += winOdds({ rating: 30, reserves: 6 }, { rating: 30, bonus: 3, resistance: 1 }, 'comparison').a), {
    calls: 5,
  })
  o.print()
  if (sink < 0) console.log(sink)
}
