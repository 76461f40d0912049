/**
 * A small benchmark harness: each case is timed in batches until a minimum time has passed, and
 * reported as time per operation and as a ratio against the group's baseline case, which runs in
 * the same process right beside it. Timings are printed, never asserted.
 */
import type { Core } from '../src/main/app'
import { performance } from 'node:perf_hooks'

export interface CaseOptions {
  /** This case is the one the others in the group are compared with. */
  baseline?: boolean
  /** How long to keep running the case, in ms, after warm-up (default 400). */
  minMs?: number
  /** Operations done by one call of fn (e.g. a loop of 8,640 turns counts as 8,640). Default 1. */
  opsPerCall?: number
  /** Fixed number of calls instead of a time budget (for slow cases). */
  calls?: number
}

export interface CaseResult {
  label: string
  perOpMs: number
  medianCallMs: number
  calls: number
  baseline: boolean
}

function fmtTime(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`
  if (ms >= 1) return `${ms.toFixed(3)} ms`
  if (ms >= 0.001) return `${(ms * 1000).toFixed(2)} µs`
  return `${(ms * 1e6).toFixed(1)} ns`
}

async function timeCase(fn: () => unknown, opts: CaseOptions): Promise<{ perCall: number[] }> {
  const minMs = opts.minMs ?? 400
  // Warm-up: let the JIT settle and caches fill.
  const warmEnd = performance.now() + Math.min(100, minMs / 4)
  let warmed = 0
  do {
    await fn()
    warmed++
  } while (performance.now() < warmEnd && warmed < 1000 && !opts.calls)
  const perCall: number[] = []
  const end = performance.now() + minMs
  while (opts.calls ? perCall.length < opts.calls : performance.now() < end || perCall.length < 5) {
    const t0 = performance.now()
    await fn()
    perCall.push(performance.now() - t0)
  }
  return { perCall }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/** A titled group of cases printed as one table. */
export class BenchGroup {
  readonly results: CaseResult[] = []
  constructor(readonly title: string) {}

  /** Times fn and records the result; returns per-operation milliseconds (median call / opsPerCall). */
  async add(label: string, fn: () => unknown, opts: CaseOptions = {}): Promise<CaseResult> {
    const { perCall } = await timeCase(fn, opts)
    const medianCallMs = median(perCall)
    const result: CaseResult = {
      label,
      perOpMs: medianCallMs / (opts.opsPerCall ?? 1),
      medianCallMs,
      calls: perCall.length,
      baseline: !!opts.baseline,
    }
    this.results.push(result)
    return result
  }

  /** Records a measurement taken elsewhere (e.g. in a browser) so it prints in the same table. */
  record(label: string, perOpMs: number, calls: number, baseline = false): void {
    this.results.push({ label, perOpMs, medianCallMs: perOpMs, calls, baseline })
  }

  print(): void {
    const base = this.results.find((r) => r.baseline)
    const lines = [`\n## ${this.title}`]
    const w = Math.max(...this.results.map((r) => r.label.length), 10)
    lines.push(`${'case'.padEnd(w)}  ${'per op'.padStart(11)}  ${'ops/s'.padStart(12)}  ${'calls'.padStart(6)}  vs baseline`)
    for (const r of this.results) {
      const ops = r.perOpMs > 0 ? 1000 / r.perOpMs : Infinity
      const ratio = base ? (r === base ? 'baseline' : `${(r.perOpMs / base.perOpMs).toFixed(2)}×`) : '—'
      lines.push(
        `${r.label.padEnd(w)}  ${fmtTime(r.perOpMs).padStart(11)}  ${ops.toFixed(0).padStart(12)}  ${String(r.calls).padStart(6)}  ${ratio}`,
      )
    }
    console.log(lines.join('\n'))
  }
}

/** A bench file's default export. */
export type BenchFile = () => Promise<void>

/** A GM call through the core's router, as the screens make it; a refusal stops the bench with its message. */
export async function call(core: Core, method: string, input: unknown): Promise<unknown> {
  const r = await core.router.call(method, input, { scope: 'gm' })
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`)
  return r.value
}

