/**
 * Real damage to real library files, for the tests of what Lantern does with it: garbage written
 * over one page of a table's b-tree, a file emptied, a file cut short.
 */
import BetterSqlite3 from 'better-sqlite3'
import { closeSync, openSync, statSync, truncateSync, writeSync } from 'node:fs'
import type { Core } from '../../src/main/app'

/**
 * Writes garbage over a leaf page in the middle of `table`'s b-tree in a closed library file (not
 * its first or last page, so a new row still lands on a whole page); returns the page's number.
 */
export function damageTablePage(file: string, table = 'log_entry'): number {
  const db = new BetterSqlite3(file, { readonly: true })
  const pageSize = db.pragma('page_size', { simple: true }) as number
  const leaves = db.prepare("select pageno from dbstat where name = ? and pagetype = 'leaf' order by pageno").pluck().all(table) as number[]
  db.close()
  if (leaves.length < 3) throw new Error(`${table} spans ${leaves.length} leaf pages; the test needs at least 3`)
  const page = leaves[Math.floor(leaves.length / 2)]!
  const fd = openSync(file, 'r+')
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize)
  closeSync(fd)
  return page
}

/** Cuts `bytes` off the end of a file. */
export function cutShort(file: string, bytes: number): void {
  truncateSync(file, statSync(file).size - bytes)
}

/** SQLite's integrity check of a file: 'ok', or its first finding. */
export function integrity(file: string): string {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
  try {
    return String(db.pragma('integrity_check', { simple: true }))
  } catch (err) {
    return (err as Error).message
  } finally {
    db.close()
  }
}

/** Writes `n` notes into a campaign's log, enough for its b-tree to span many pages. */
export async function fillLog(core: Core, campaignId: number, n = 60): Promise<void> {
  for (let i = 0; i < n; i++) {
    const r = await core.router.call('log.note', { campaignId, text: `Watch ${i}: `.padEnd(400, 'the road is quiet. ') }, { scope: 'gm' })
    if (!r.ok) throw new Error(r.error.message)
  }
}
