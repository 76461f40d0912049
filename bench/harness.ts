/**
 * A small benchmark harness: each case is timed in batches until a minimum time has passed, and
 * reported as time per operation and as a ratio against the group's baseline case, which runs in
 * the same process right beside it. Timings are printed, never asserted.
 */
import type { Core } from '../src/main/app'
import { performance } from 'node:perf_hooks'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { backgroundIndexing } from '../src/main/services/core/log-search-queue'
import { backgroundCheckpoint } from '../src/main/services/core/wal-checkpoint'

export interface CaseOptions {
  /** This case is the one the others in the group are compared with. */
  baseline?: boolean
  /** How long to keep running the case, in ms, after warm-up (default 400). */
  minMs?: number
  /** Operations done by one call of fn (e.g. a loop of 8,640 turns counts as 8,640). Default 1. */
  opsPerCall?: number
  /** Fixed number of calls instead of a time budget (for slow cases). */
  calls?: number
  /**
   * After timing, this many more calls are run with every thread of this process traced by strace
   * (`countFsyncs`), and the fsyncs per operation printed beside the time. Only for cases of a
   * change; the traced calls are not timed (strace slows every system call).
   */
  fsyncCalls?: number
}

export interface CaseResult {
  label: string
  perOpMs: number
  medianCallMs: number
  calls: number
  baseline: boolean
  /** fsync + fdatasync calls per operation, where counted; null where strace could not count them. */
  fsyncs?: number | null
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

/** The middle of some timings (the mean of the two middle ones for an even count). */
export function median(xs: number[]): number {
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
    if (opts.fsyncCalls) {
      const n = opts.fsyncCalls
      const count = await countFsyncs(async () => {
        for (let i = 0; i < n; i++) await fn()
      })
      result.fsyncs = count === null ? null : count / (n * (opts.opsPerCall ?? 1))
    }
    this.results.push(result)
    return result
  }

  /** Records a measurement taken elsewhere (e.g. in a browser) so it prints in the same table. */
  record(label: string, perOpMs: number, calls: number, baseline = false, fsyncs?: number | null): void {
    this.results.push({ label, perOpMs, medianCallMs: perOpMs, calls, baseline, ...(fsyncs === undefined ? {} : { fsyncs }) })
  }

  print(): void {
    const base = this.results.find((r) => r.baseline)
    const lines = [`\n## ${this.title}`]
    const w = Math.max(...this.results.map((r) => r.label.length), 10)
    const counted = this.results.some((r) => r.fsyncs !== undefined)
    const fsyncHead = counted ? `  ${'fsyncs/op'.padStart(9)}` : ''
    lines.push(`${'case'.padEnd(w)}  ${'per op'.padStart(11)}  ${'ops/s'.padStart(12)}  ${'calls'.padStart(6)}${fsyncHead}  vs baseline`)
    for (const r of this.results) {
      const ops = r.perOpMs > 0 ? 1000 / r.perOpMs : Infinity
      const ratio = base ? (r === base ? 'baseline' : `${(r.perOpMs / base.perOpMs).toFixed(2)}×`) : '—'
      const f = r.fsyncs === undefined ? '' : r.fsyncs === null ? 'n/a' : r.fsyncs.toFixed(2)
      const fsyncCol = counted ? `  ${f.padStart(9)}` : ''
      lines.push(
        `${r.label.padEnd(w)}  ${fmtTime(r.perOpMs).padStart(11)}  ${ops.toFixed(0).padStart(12)}  ${String(r.calls).padStart(6)}${fsyncCol}  ${ratio}`,
      )
    }
    if (counted) lines.push('fsyncs/op: fsync + fdatasync system calls per operation, counted by strace attached to every thread of this process.')
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

/**
 * Lets the event loop run as it does in the app after a change answers: the events sent on the
 * next turn of the loop, and the log's search indexing that the change started (a batch on a
 * timer, log-search-queue.ts) run to its end, and the checkpoint of the write-ahead log that
 * follows it when the log has grown (wal-checkpoint.ts). A bench of a change awaits this after each call, so
 * its figure is what the change costs in all, not only until its answer.
 * @example await call(core, 'log.note', …); await settle(core)
 */
export async function settle(core: Core): Promise<void> {
  // The indexing's timers do not keep a process alive (the app's window or server does): this does.
  const alive = setInterval(() => {}, 1000)
  try {
    await new Promise<void>((resolve) => setImmediate(resolve))
    await backgroundIndexing(core.deps.db)
    await backgroundCheckpoint(core.deps.db)
  } finally {
    clearInterval(alive)
  }
}

/** A change through the router, then the loop let run until what it started has finished (`settle`). */
export async function change(core: Core, method: string, input: unknown): Promise<unknown> {
  const value = await call(core, method, input)
  await settle(core)
  return value
}

let straceMissing: boolean | undefined

/**
 * Counts the fsync and fdatasync system calls made by this process while `run` runs: strace is
 * attached to every one of its threads (and follows any they start), writes one line per such call to a
 * file, and is detached afterwards. null when strace is not installed or may not attach.
 * @example const n = await countFsyncs(async () => { for (let i = 0; i < 20; i++) await change(core, 'log.note', …) })
 */
export async function countFsyncs(run: () => Promise<void>): Promise<number | null> {
  straceMissing ??= spawnSync('strace', ['-V']).status !== 0
  if (straceMissing) {
    await run()
    return null
  }
  const dir = mkdtempSync(join(tmpdir(), 'lantern-fsyncs-'))
  const out = join(dir, 'trace.txt')
  // -f with the process's id attaches to every one of its threads ("attached with N threads").
  const tracer = spawn('strace', ['-f', '-e', 'trace=fsync,fdatasync', '-o', out, '-p', String(process.pid)], { stdio: ['ignore', 'ignore', 'pipe'] })
  const exited = new Promise<number | null>((resolve) => tracer.on('exit', (code) => resolve(code)))
  try {
    // Traced once strace has said so on its stderr.
    const attached = await new Promise<boolean>((resolve) => {
      let said = ''
      tracer.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString()
        if (/attached/.test(said)) resolve(true)
      })
      void exited.then(() => resolve(false))
    })
    await run()
    tracer.kill('SIGINT')
    await exited
    if (!attached) return null
    return readFileSync(out, 'utf8').split('\n').filter((line) => /^\d+\s+f(data)?sync\(/.test(line)).length
  } finally {
    if (tracer.exitCode === null) tracer.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
}


/**
 * Lantern's built server (out/main/server.js, built first if needed) on 127.0.0.1 with a port of
 * its own and the given GM token, on a library file; answers once it prints its address.
 */
export async function startBuiltServer(dataFile: string, token: string): Promise<{ server: ChildProcess; url: string }> {
  const { buildIfNeeded, outDir } = (await import(resolve('scripts/build-if-needed.mjs'))) as { buildIfNeeded: () => void; outDir: () => string }
  buildIfNeeded()
  const server = spawn(process.execPath, [join(outDir(), 'main/server.js'), '--port', '0', '--data', dataFile], {
    env: { ...process.env, LANTERN_GM_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((ok, fail) => {
    let out = ''
    server.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)\?token=/.exec(out)
      if (m) ok(m[1]!)
    })
    server.on('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)))
  })
  return { server, url }
}

/** Debian's Chromium (or CHROMIUM_PATH) for the benches that drive a page, as the browser tests launch it. */
export async function benchChromium(): Promise<import('@playwright/test').Browser> {
  const { chromium } = await import('@playwright/test')
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  })
}
