/**
 * Imports one campaign file into a fresh, empty library and prints, as one JSON line, the import's
 * time and the process's peak resident size (the kernel's maxRSS) before and after it. Run by
 * transfer-1m.bench.ts in a process of its own, so the seeding's memory does not count:
 *   tsx bench/transfer-import-child.ts <campaign file> <scratch folder>
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCore } from '../src/main/app'
import { importCampaign } from '../src/main/services/transfer'

async function main(): Promise<void> {
  const [file, dir] = process.argv.slice(2)
  if (!file || !dir) throw new Error('usage: transfer-import-child.ts <campaign file> <scratch folder>')
  const core = await createCore({ dataFile: join(dir, 'import-target.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
  try {
    const data = readFileSync(file)
    const beforeKiB = process.resourceUsage().maxRSS
    const t0 = performance.now()
    const result = await importCampaign(core.handle, data, new Date())
    const ms = performance.now() - t0
    const peakKiB = process.resourceUsage().maxRSS
    console.log(JSON.stringify({ ms, rows: result.rows, beforeKiB, peakKiB }))
  } finally {
    await core.close()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
