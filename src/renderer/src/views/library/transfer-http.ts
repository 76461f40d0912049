/**
 * Campaign files over HTTP (browser mode): the WebSocket carries at most 256 KiB a message, so a
 * campaign file is downloaded from GET /transfer/export and uploaded to POST /transfer/import,
 * with the GM key as a Bearer header. Both report bytes done as they go.
 */
import type { ApiError } from '../../../../shared/contract'
import type { TransferImported } from '../../../../shared/api/transfer'

export type Progress = (done: number, total: number | null) => void

function gmKey(): string {
  const key = localStorage.getItem('lantern.token')
  if (!key) throw new Error('Lantern has no GM key for this address. Open the address that `npm run web` printed.')
  return key
}

/** In the desktop app there is no HTTP server: files go through the library folder instead. */
export function isDesktop(): boolean {
  return Boolean((window as { lantern?: unknown }).lantern)
}

/** "1.2 MB", "640 KB" — sizes as a GM reads them. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

/**
 * Downloads a campaign file, reporting bytes as they arrive (the file is made as it is sent, so
 * its size is not known ahead); returns the file name, size and rows. `signal` stops it: the server
 * stops reading the campaign and no file is saved.
 */
export async function downloadCampaign(campaignId: number, onProgress: Progress, signal?: AbortSignal): Promise<{ fileName: string; bytes: number; rows: number | null }> {
  const res = await fetch(`/transfer/export?campaignId=${campaignId}`, { headers: { authorization: `Bearer ${gmKey()}` }, ...(signal ? { signal } : {}) })
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: ApiError } | null
    throw new Error(body?.error?.message ?? `The export failed (HTTP ${res.status}).`)
  }
  const total = Number(res.headers.get('content-length')) || null
  const rows = Number(res.headers.get('x-lantern-rows')) || null
  const disposition = res.headers.get('content-disposition') ?? ''
  const fileName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? 'campaign.lantern.gz')
  const reader = res.body.getReader()
  const parts: Uint8Array<ArrayBuffer>[] = []
  let done = 0
  for (;;) {
    const { value, done: finished } = await reader.read()
    if (finished) break
    parts.push(value as Uint8Array<ArrayBuffer>)
    done += value.length
    onProgress(done, total)
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'application/gzip' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return { fileName, bytes: done, rows }
}

/** Uploads a campaign file, reporting bytes sent; resolves with the new campaign or the refusal. */
export function uploadCampaign(file: File, onProgress: Progress): Promise<TransferImported> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/transfer/import')
    xhr.setRequestHeader('authorization', `Bearer ${gmKey()}`)
    xhr.setRequestHeader('content-type', 'application/gzip')
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : null)
    xhr.onerror = () => reject(new Error('The connection to Lantern was lost during the upload. Nothing was imported.'))
    xhr.onload = () => {
      type Body = { ok: boolean; value?: TransferImported; error?: ApiError }
      const body = ((): Body | null => {
        try {
          return JSON.parse(xhr.responseText) as Body
        } catch {
          return null
        }
      })()
      if (body?.ok && body.value) resolve(body.value)
      else reject(new Error(body?.error?.message ?? `The import failed (HTTP ${xhr.status}).`))
    }
    xhr.send(file)
  })
}
