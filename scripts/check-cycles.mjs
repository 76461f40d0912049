// Import cycles in the project's TypeScript, type-only imports included, found with dpdm.
// Usage: node scripts/check-cycles.mjs [--root DIR] [GLOB ...]   (default: src/**/*.ts under the project)
// Prints each cycle and exits 1 when there is one; prints one line and exits 0 when there is none.
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
let root = fileURLToPath(new URL('..', import.meta.url))
const at = args.indexOf('--root')
if (at >= 0) {
  root = args[at + 1]
  args.splice(at, 2)
}
const globs = args.length > 0 ? args : ['src/**/*.ts']

process.chdir(root)
const tree = await parseDependencyTree(globs, { context: root, transform: false, skipDynamicImports: false })
const cycles = parseCircular(tree)
if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`)
  console.error(prettyCircular(cycles, '  '))
  process.exit(1)
}
console.log(`No import cycles among ${Object.keys(tree).filter((f) => !f.includes('node_modules')).length} files.`)
