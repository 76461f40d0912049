/**
 * What the players' listener serves over HTTP: the players' page and the files it loads, nothing
 * else (never the GM's page or the GM app's own chunks), under the page's own strict CSP, to a
 * Host it answers to.
 *
 * The files are a fixed list, made once per renderer folder (again when players.html changes):
 * players.html, the files it names (its script, style sheet, icon), and, from the build's manifest
 * (`.vite/manifest.json`), everything its entry reaches: its file, the chunks it imports (and
 * imports lazily), their style sheets and assets. A request is answered only when its path is one
 * of them exactly, so no spelling of `..`, an encoded slash, a backslash or a NUL can reach any
 * other file, and a path without an extension is not the page. Without a manifest (a page made by
 * hand) only players.html and the files it names are served.
 */
import { readFile, stat } from 'node:fs/promises'
import { sendFile } from './compressed'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve, sep } from 'node:path'
import { contentTypeFor } from '../security'

const PAGE = 'players.html'
const MANIFEST = '.vite/manifest.json'

/** One chunk of Vite's build manifest, as far as the players' list reads it. */
interface ManifestChunk {
  file?: string
  src?: string
  isEntry?: boolean
  css?: string[]
  assets?: string[]
  imports?: string[]
  dynamicImports?: string[]
}

/** A file of the renderer folder as the page names it, or null unless it is plainly one of its own files: no `..`, no hidden folder, no page. */
function ownFile(root: string, rel: string): { path: string; file: string } | null {
  const parts = rel.split('/')
  if (parts.some((p) => p === '' || p.startsWith('.') || /[\\\0]/.test(p)) || /\.html?$/i.test(rel)) return null
  const file = resolve(root, ...parts)
  if (!file.startsWith(resolve(root) + sep)) return null
  return { path: '/' + parts.map(encodeURIComponent).join('/'), file }
}

/** The files players.html names in its `src` and `href` attributes, relative to the folder. */
function namedIn(html: string): string[] {
  const names: string[] = []
  for (const m of html.matchAll(/\b(?:src|href)\s*=\s*(["'])(.*?)\1/gi)) {
    try {
      const u = new URL(m[2]!, 'http://players.invalid/')
      if (u.origin === 'http://players.invalid') names.push(decodeURIComponent(u.pathname).slice(1))
    } catch {
      // Not a URL of this page's own: nothing to serve for it.
    }
  }
  return names
}

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [])

/** The files players.html's entry reaches in the manifest, relative to the folder. */
function reachedIn(manifest: Record<string, ManifestChunk>): string[] {
  const entry = Object.entries(manifest).find(([key, c]) => c?.isEntry === true && (c.src ?? key) === PAGE)
  const files: string[] = []
  const seen = new Set<string>()
  const walk = (key: string): void => {
    const chunk = Object.hasOwn(manifest, key) ? manifest[key] : undefined
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.push(...strings([chunk.file]), ...strings(chunk.css), ...strings(chunk.assets))
    for (const k of [...strings(chunk.imports), ...strings(chunk.dynamicImports)]) walk(k)
  }
  if (entry) walk(entry[0])
  return files
}

async function stamp(file: string): Promise<string> {
  return stat(file).then(
    (s) => `${s.mtimeMs}:${s.size}`,
    () => 'none',
  )
}

/** The players' files of one renderer folder: URL path → file. */
async function listFiles(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  let html = ''
  try {
    html = await readFile(resolve(root, PAGE), 'utf8')
  } catch {
    return files
  }
  files.set('/', resolve(root, PAGE))
  files.set(`/${PAGE}`, resolve(root, PAGE))
  let manifest: Record<string, ManifestChunk> = {}
  try {
    const read = JSON.parse(await readFile(resolve(root, MANIFEST), 'utf8')) as unknown
    if (typeof read === 'object' && read !== null && !Array.isArray(read)) manifest = read as Record<string, ManifestChunk>
  } catch {
    // No manifest: a page made by hand, served with the files it names.
  }
  for (const rel of [...namedIn(html), ...reachedIn(manifest)]) {
    const own = ownFile(root, rel)
    if (own && (await stat(own.file).then((s) => s.isFile(), () => false))) files.set(own.path, own.file)
  }
  return files
}

/** Each renderer folder's list, with the stamps of the files it was made from. */
const lists = new Map<string, { stamp: string; files: Promise<Map<string, string>> }>()

/**
 * The players' files of a renderer folder, made again when players.html or the manifest has
 * changed since (looked at when the page itself is asked for).
 */
export async function playersFiles(rendererDir: string, recheck = false): Promise<Map<string, string>> {
  const root = resolve(rendererDir)
  const kept = lists.get(root)
  if (kept && !recheck) return kept.files
  const now = `${await stamp(resolve(root, PAGE))}|${await stamp(resolve(root, MANIFEST))}`
  const again = lists.get(root)
  if (again && again.stamp === now) return again.files
  const files = listFiles(root)
  lists.set(root, { stamp: now, files })
  return files
}

/** The players' page's CSP: its own scripts and styles, its one WebSocket, nothing else. */
export function playersPagePolicy(wsOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${wsOrigin}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * Serves one request of the players' listener.
 * @example http.on('request', (req, res) => void servePlayersPage(req, res, 'out/renderer', hostOk))
 */
export async function servePlayersPage(req: IncomingMessage, res: ServerResponse, rendererDir: string, hostOk: boolean): Promise<void> {
  if (!hostOk) {
    res.writeHead(421).end('Misdirected request')
    return
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  // The path exactly as asked, never decoded or resolved: it must be one of the list's.
  const path = (req.url ?? '/').split(/[?#]/)[0]!
  const page = path === '/' || path === `/${PAGE}`
  const file = (await playersFiles(rendererDir, page)).get(path)
  if (!file) {
    res.writeHead(404).end('Not found')
    return
  }
  try {
    const body = await readFile(file)
    res.setHeader('content-security-policy', playersPagePolicy(`ws://${req.headers.host}`))
    res.setHeader('x-content-type-options', 'nosniff')
    res.setHeader('x-frame-options', 'DENY')
    res.setHeader('referrer-policy', 'no-referrer')
    res.setHeader('cross-origin-opener-policy', 'same-origin')
    res.setHeader('content-type', contentTypeFor(file))
    res.setHeader('cache-control', file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable')
    await sendFile(req, res, file, body)
  } catch {
    res.writeHead(404).end('Not found')
  }
}
