/**
 * A campaign file posted to the browser-mode server, as the Library page uploads it: with its
 * length declared (gathered into one buffer as it comes) and sent in pieces with no length
 * (chunked), both read whole into the library.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Core } from '../../src/main/app'
import { startServer, type RunningServer } from '../../src/main/server'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
let core: Core
let server: RunningServer

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  const rendererDir = join(lib.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lantern</title>')
  server = await startServer({ core, rendererDir, port: 0 })
})
afterEach(async () => {
  await server.close()
  await core.close()
  lib.cleanup()
})

const gm = () => ({ authorization: `Bearer ${server.gmToken}` })

/** A campaign with a few hundred notes, exported as the Library page downloads it. */
async function exported(): Promise<Buffer> {
  const made = await core.router.call('campaign.create', { name: 'The Sunken Keep', system: 'osr' }, { scope: 'gm' })
  if (!made.ok) throw new Error(made.error.message)
  const campaignId = (made.value as { id: number }).id
  for (let i = 0; i < 300; i++) {
    const r = await core.router.call('log.note', { campaignId, text: `Torch ${i} gutters in the east passage.` }, { scope: 'gm' })
    if (!r.ok) throw new Error(r.error.message)
  }
  const res = await fetch(`${server.url}transfer/export?campaignId=${campaignId}`, { headers: gm() })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

async function notesOf(campaignId: number): Promise<string[]> {
  return core.deps.db.selectFrom('log_entry').select('payload').where('campaign_id', '=', campaignId).where('kind', '=', 'note').orderBy('id').execute()
    .then((rows) => rows.map((r) => (JSON.parse(r.payload) as { text: string }).text))
}

it('imports an upload of a declared length, and one sent in pieces with none, each whole', async () => {
  const file = await exported()
  const declared = await fetch(`${server.url}transfer/import`, { method: 'POST', headers: gm(), body: file })
  const first = (await declared.json()) as { ok: boolean; value: { campaignId: number; name: string } }
  expect(first.ok).toBe(true)
  expect(first.value.name).toBe('The Sunken Keep (imported)')

  // The same file in 1 KiB pieces, with no length said (Transfer-Encoding: chunked).
  const pieces = new ReadableStream<Uint8Array>({
    start(c) {
      for (let at = 0; at < file.length; at += 1024) c.enqueue(file.subarray(at, at + 1024))
      c.close()
    },
  })
  const chunked = await fetch(`${server.url}transfer/import`, { method: 'POST', headers: gm(), body: pieces, duplex: 'half' } as RequestInit)
  const second = (await chunked.json()) as { ok: boolean; value: { campaignId: number } }
  expect(second.ok).toBe(true)

  const want = Array.from({ length: 300 }, (_, i) => `Torch ${i} gutters in the east passage.`)
  expect(await notesOf(first.value.campaignId)).toEqual(want)
  expect(await notesOf(second.value.campaignId)).toEqual(want)
})
