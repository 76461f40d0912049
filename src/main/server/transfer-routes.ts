/**
 * HTTP routes for campaign files, which are too big for the WebSocket (256 KiB a message):
 * `GET /transfer/export?campaignId=N` downloads a campaign file, `POST /transfer/import` takes one
 * as the request body. Both need the GM token as `Authorization: Bearer <token>`, a Host the
 * server answers to, and (when the browser sends one) the page's own Origin. Uploads over
 * `MAX_IMPORT_BYTES` are refused before they are read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApiError, CallResult } from '../../shared/contract'
import type { Core } from '../app'
import { AppError } from '../services/core'
import { importCampaign, MAX_IMPORT_BYTES, openCampaignExport, runTransfer, stopTransfer, type CampaignExport } from '../services/transfer'

export type TransferCore = Pick<Core, 'library' | 'deps' | 'events'>

function sendJson(res: ServerResponse, status: number, body: CallResult): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(text)
}

function fail(res: ServerResponse, status: number, code: ApiError['code'], message: string): void {
  sendJson(res, status, { ok: false, error: { code, message, details: [] } })
}

function failWith(res: ServerResponse, err: unknown): void {
  if (err instanceof AppError) {
    fail(res, err.code === 'not_found' ? 404 : err.code === 'conflict' ? 409 : 422, err.code, err.message)
  } else {
    fail(res, 500, 'internal', `Lantern could not do this: ${(err as Error).message}`)
  }
}

/** The token from `Authorization: Bearer …`, or null. */
export function bearerToken(req: IncomingMessage): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
  return m ? m[1]! : null
}

/**
 * Answers a request under /transfer/ (the caller has checked the Host); false for other paths.
 * @example if (await handleTransferRoute(req, res, core, isGm)) return
 */
export async function handleTransferRoute(
  req: IncomingMessage,
  res: ServerResponse,
  core: TransferCore | undefined,
  isGm: (token: string | null) => boolean,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://x')
  if (url.pathname !== '/transfer/export' && url.pathname !== '/transfer/import') return false
  res.setHeader('x-content-type-options', 'nosniff')
  if (!core) {
    fail(res, 404, 'not_found', 'This server has no library to export from or import into.')
    return true
  }
  if (req.headers.origin !== undefined && req.headers.origin !== `http://${req.headers.host}`) {
    fail(res, 403, 'forbidden', 'Campaign files can only be moved from Lantern’s own page.')
    return true
  }
  if (!isGm(bearerToken(req))) {
    fail(res, 401, 'forbidden', 'Only the GM can export or import a campaign: this request has no GM key.')
    return true
  }
  if (url.pathname === '/transfer/export') {
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' }).end()
      return true
    }
    const id = Number(url.searchParams.get('campaignId'))
    if (!Number.isInteger(id) || id < 1) {
      fail(res, 400, 'invalid_input', 'Say which campaign to export (campaignId, a whole number).')
      return true
    }
    let opened: CampaignExport
    try {
      opened = await openCampaignExport(core.library.handle, id, core.deps.now())
    } catch (err) {
      failWith(res, err)
      return true
    }
    // Streamed as it is read and compressed (no length known ahead: chunked); the page counts the
    // rows against x-lantern-rows. A page that goes away (Cancel, closed tab) stops the export.
    const stop = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) stop.abort()
    })
    try {
      res.writeHead(200, {
        'content-type': 'application/gzip',
        'content-disposition': `attachment; filename="${opened.fileName}"; filename*=UTF-8''${encodeURIComponent(opened.fileName)}`,
        'x-lantern-rows': String(opened.rows),
        'cache-control': 'no-store',
      })
      await opened.writeTo(res, { signal: stop.signal })
    } catch {
      // Headers are sent: all that is left is to cut the response, so the page sees an incomplete file.
      res.destroy()
    } finally {
      await opened.close()
    }
    return true
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end()
    return true
  }
  const tooBig = () => fail(res, 413, 'refused', 'This file is larger than 512 MiB, more than Lantern imports. Nothing was imported.')
  const declared = Number(req.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES) {
    tooBig()
    req.resume()
    return true
  }
  // An upload of a declared length (Node's parser never passes more) is copied into one buffer
  // as it comes, with no second copy at the end; one without is gathered in pieces and joined.
  const whole = Number.isFinite(declared) ? Buffer.allocUnsafe(declared) : null
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      if (size + chunk.length > (whole?.length ?? MAX_IMPORT_BYTES)) {
        tooBig()
        req.destroy()
        return true
      }
      if (whole) chunk.copy(whole, size)
      else chunks.push(chunk)
      size += chunk.length
    }
  } catch {
    return true // the page went away mid-upload; nothing was written
  }
  // A page that goes away (closed, or its upload stopped) before the answer stops the import.
  res.on('close', () => {
    if (!res.writableEnded) stopTransfer(core.deps)
  })
  try {
    const data = whole ? whole.subarray(0, size) : Buffer.concat(chunks, size)
    // A damaged library refuses the import in the same words as every other change (backup/health.ts).
    const calls = { import: () => runTransfer(core.deps, 'import', (run) => importCampaign(core.library.handle, data, core.deps.now(), { ...run, db: core.deps.db })) }
    const result = await (core.library.health?.guard(calls) ?? calls).import()
    core.events.emit('campaign.changed', { campaignId: result.campaignId, change: 'created' })
    sendJson(res, 200, { ok: true, value: result })
  } catch (err) {
    failWith(res, err)
  }
  return true
}
