/**
 * Runs every `bench/*.bench.ts` in name order (or only those whose name contains an argument):
 *   npm run bench            # all
 *   npm run bench -- ladder  # only files with "ladder" in their name
 */
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import os from 'node:os'

const here = dirname(fileURLToPath(import.meta.url))
const filters = process.argv.slice(2)
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()

async function main(): Promise<void> {
console.log(`# Lantern benchmarks — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`)
console.log('Times are medians per operation; ratios compare with the baseline run in the same process.')
for (const f of files) {
  const mod = (await import(pathToFileURL(join(here, f)).href)) as { default: () => Promise<void> }
  console.log(`\n# ${f}`)
  await mod.default()
}
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
