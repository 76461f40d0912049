/**
 * The app's files sent compressed when the browser takes it (its Accept-Encoding): Brotli, else
 * gzip, for text (HTML, scripts, styles, JSON, SVG) of more than a kilobyte. A file is compressed
 * once, on its first request, and kept while its content is the same (its SHA-256), so a
 * phone on the table's Wi-Fi loads the players' page in about a third of the bytes and the server
 * pays for it once per build.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

export type Encoding = 'br' | 'gzip'

/** Below this many bytes compressing saves too little to be worth it. */
const SMALLEST = 1024
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|map|webmanifest)$/i

/**
 * The encoding to send, from the request's Accept-Encoding: Brotli when accepted, else gzip, else
 * none (also when either is refused with q=0).
 * @example chooseEncoding('gzip, deflate, br') // 'br'
 */
export function chooseEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null
  const weights = new Map<string, number>()
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    weights.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1)
  }
  const star = weights.get('*') ?? 0
  const takes = (e: Encoding) => (weights.get(e) ?? star) > 0
  if (takes('br')) return 'br'
  if (takes('gzip')) return 'gzip'
  return null
}

/** Each file's compressed forms, made for the content whose digest is `digest`. */
const kept = new Map<string, { digest: string; forms: Partial<Record<Encoding, Promise<Buffer>>> }>()

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipped(body, { level: 9 })
}

/** The file's body in `encoding`, compressed on its first request and kept while its content is the same. */
async function compressedBody(file: string, body: Buffer, encoding: Encoding): Promise<Buffer> {
  const digest = createHash('sha256').update(body).digest('base64')
  let entry = kept.get(file)
  if (!entry || entry.digest !== digest) {
    entry = { digest, forms: {} }
    kept.set(file, entry)
  }
  const form = (entry.forms[encoding] ??= compress(body, encoding))
  return form.catch((err: unknown) => {
    delete entry.forms[encoding]
    throw err
  })
}

/**
 * Ends the response with the file's body (headers already set but for its encoding and length),
 * compressed when the request takes it and the file is text worth compressing; nothing but the
 * headers for HEAD.
 * @example await sendFile(req, res, file, await readFile(file))
 */
export async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, body: Buffer): Promise<void> {
  const worth = COMPRESSIBLE.test(file) && body.length >= SMALLEST
  const encoding = worth ? chooseEncoding(req.headers['accept-encoding']) : null
  // The same path answers differently by Accept-Encoding: caches must keep the forms apart.
  if (worth) res.setHeader('vary', 'accept-encoding')
  const sent = encoding ? await compressedBody(file, body, encoding) : body
  if (encoding) res.setHeader('content-encoding', encoding)
  res.setHeader('content-length', sent.length)
  res.writeHead(200).end(req.method === 'HEAD' ? undefined : sent)
}
