/**
 * The documentation a clone of the repository holds is whole: every relative link in README.md and
 * docs/ reaches a file of the repository (and its #anchor a heading of that file, by GitHub's slug
 * rules), no page points outside the repository, and every rule number the code and tests cite is
 * defined, once, in docs/rules/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import GithubSlugger from 'github-slugger'
import type { Nodes, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '../..')
const RULE = /\b(?:LAD|OSR|LODE|CH|RK|CLK|DICE)-\d+\b/g

function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const p = join(dir, entry)
    return statSync(p).isDirectory() ? filesUnder(p, name) : name.test(entry) ? [p] : []
  })
}

const pages = [join(root, 'README.md'), ...filesUnder(join(root, 'docs'), /\.md$/)]

const read = (file: string): Root => fromMarkdown(readFileSync(file, 'utf8'), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })

function walk(node: Nodes, visit: (n: Nodes) => void): void {
  visit(node)
  if ('children' in node) for (const child of node.children) walk(child, visit)
}

function text(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return (node.children as Nodes[]).map(text).join('')
  return ''
}

/** The anchors GitHub gives a page's headings (a repeated heading gets -1, -2 …). */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  walk(read(file), (n) => {
    if (n.type === 'heading') anchors.add(slugger.slug(text(n)))
  })
  return anchors
}

/** Every address a page links to or shows as an image (definitions included), with where. */
function addressesOf(file: string): { url: string; at: string }[] {
  const out: { url: string; at: string }[] = []
  walk(read(file), (n) => {
    if (n.type === 'link' || n.type === 'image' || n.type === 'definition') out.push({ url: n.url, at: `${relative(root, file)}:${n.position?.start.line}` })
  })
  return out
}

const inRepository = (path: string) => path === root || path.startsWith(root + sep)

describe('the documentation', () => {
  it('links only to files of the repository, and to headings those files have', () => {
    const broken: string[] = []
    for (const page of pages) {
      for (const { url, at } of addressesOf(page)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) continue // another site, mailto:
        const [path = '', anchor] = url.split('#', 2)
        const target = path === '' ? page : resolve(dirname(page), decodeURIComponent(path))
        if (!inRepository(target)) broken.push(`${at}: ${url} is outside the repository`)
        else if (!existsSync(target)) broken.push(`${at}: ${url} names no file`)
        else if (anchor !== undefined && /\.md$/i.test(target) && !anchorsOf(target).has(decodeURIComponent(anchor))) {
          broken.push(`${at}: ${url} names no heading of ${relative(root, target)}`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  it('names, even as code, no relative path that is not a file of the repository', () => {
    const missing: string[] = []
    for (const page of pages) {
      walk(read(page), (n) => {
        if (n.type !== 'inlineCode' || !/^\.\.?\/\S+$/.test(n.value)) return
        const target = resolve(dirname(page), n.value)
        if (!inRepository(target) || !existsSync(target)) missing.push(`${relative(root, page)}:${n.position?.start.line}: ${n.value}`)
      })
    }
    expect(missing).toEqual([])
  })

  it('defines every rule number that the code and the tests cite, each exactly once', () => {
    const defined = new Map<string, string[]>()
    for (const page of filesUnder(join(root, 'docs/rules'), /\.md$/)) {
      walk(read(page), (n) => {
        const number = n.type === 'heading' ? /^(?:LAD|OSR|LODE|CH|RK|CLK|DICE)-\d+(?=\s|$)/.exec(text(n))?.[0] : undefined
        if (number) defined.set(number, [...(defined.get(number) ?? []), relative(root, page)])
      })
    }
    const cited = new Map<string, string>()
    const sources = [...filesUnder(join(root, 'src'), /\.(ts|vue|mts|mjs|js|json|css|html)$/), ...filesUnder(join(root, 'test'), /\.(ts|mts|mjs|js|json)$/)]
    for (const file of [...sources, ...pages]) {
      for (const m of readFileSync(file, 'utf8').matchAll(RULE)) if (!cited.has(m[0])) cited.set(m[0], relative(root, file))
    }
    const undefinedRules = [...cited].filter(([number]) => !defined.has(number)).map(([number, file]) => `${number} (cited in ${file})`)
    expect(undefinedRules).toEqual([])
    expect([...defined].filter(([, where]) => where.length > 1)).toEqual([])
    // The check reads what it should: the code cites rules of every system.
    for (const prefix of ['LAD', 'OSR', 'LODE', 'CH', 'RK', 'CLK', 'DICE']) expect([...cited.keys()].some((n) => n.startsWith(`${prefix}-`))).toBe(true)
  })
})
