/**
 * The shape of the source tree: small files, comments that describe the code, and services reached
 * through each domain's public face (its index.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '../..')
const src = join(root, 'src')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? filesUnder(p) : /\.(ts|vue|mjs)$/.test(name) ? [p] : []
  })
}

const files = filesUnder(src)

describe('the source tree', () => {
  it('has no file over 300 lines', () => {
    const long = files
      .map((f) => ({ file: relative(root, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > 300)
    expect(long).toEqual([])
  })

  it('has no comment that names an issue number', () => {
    const hits = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${relative(root, f)}:${i + 1}`, line }))
        .filter(({ line }) => /issue [0-9]/i.test(line)),
    )
    expect(hits).toEqual([])
  })

  it('lets handlers and the app reach a services domain only through its index.ts', () => {
    const services = join(src, 'main/services')
    const outside = files.filter((f) => f.startsWith(join(src, 'main')) && !f.startsWith(services + '/'))
    const inner: string[] = []
    for (const f of outside) {
      for (const m of readFileSync(f, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = resolve(dirname(f), m[1]!)
        if (!target.startsWith(services + '/')) continue
        const parts = relative(services, target).split('/')
        if (parts.length > 1 && !(parts.length === 2 && parts[1] === 'index')) inner.push(`${relative(root, f)} → ${m[1]}`)
      }
    }
    expect(inner).toEqual([])
  })
})
