import { spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const script = join(__dirname, '../../scripts/check-cycles.mjs')
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 })

describe('the import-cycle check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-cycles-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('finds no cycle in src/, type-only imports included', () => {
    const r = run()
    expect(r.stderr).toBe('')
    expect(r.stdout).toMatch(/^No import cycles among \d+ files\./)
    expect(r.status).toBe(0)
  })

  it('fails on a planted cycle, naming both files, even when one side imports only a type', () => {
    mkdirSync(join(dir, 'src/inner'), { recursive: true })
    writeFileSync(join(dir, 'src/a.ts'), "import { b } from './inner/b'\nexport const a = () => b\n")
    writeFileSync(join(dir, 'src/inner/b.ts'), "import type { a } from '../a'\nexport const b = 1\nexport type A = typeof a\n")
    writeFileSync(join(dir, 'src/c.ts'), "import { a } from './a'\nexport const c = a\n")
    const r = run('--root', dir)
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('Import cycles (1)')
    expect(r.stderr).toContain('src/a.ts')
    expect(r.stderr).toContain('src/inner/b.ts')
    expect(r.stderr).not.toContain('src/c.ts')
  })
})
