import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CallResult } from '../../src/shared/contract'
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../src/shared/methods'
import { bindIpc, type IpcMainLike } from '../../src/main/ipc'
import type { IpcSenderLike } from '../../src/main/security'
import type { Core } from '../../src/main/app'
import { counts, tempLibrary, type TempLibrary } from '../support/temp-library'

/** Stands in for Electron's ipcMain: records the handler so the test can invoke it like a renderer. */
class RecordingIpcMain implements IpcMainLike {
  handlers = new Map<string, (event: IpcSenderLike, ...args: unknown[]) => Promise<CallResult>>()
  handle(channel: string, listener: (event: IpcSenderLike, ...args: unknown[]) => Promise<CallResult>): void {
    this.handlers.set(channel, listener)
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
}

let lib: TempLibrary
let core: Core
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('IPC binding', () => {
  it('serves the Lantern window with the GM scope, refuses any other sender, and relays events to the window', async () => {
    const ipc = new RecordingIpcMain()
    const sent: [string, unknown][] = []
    const win = { webContents: { id: 3, send: (c: string, m: unknown) => sent.push([c, m]), isDestroyed: () => false } }
    const unbind = bindIpc(ipc, core.router, core.events, win)
    const handler = ipc.handlers.get(IPC_CALL_CHANNEL)!

    const ours = { sender: { id: 3 }, senderFrame: { url: 'app://lantern/', parent: null } }
    const stranger = { sender: { id: 4 }, senderFrame: { url: 'app://lantern/', parent: null } }

    const refused = await handler(stranger, 'campaign.create', { name: 'Intruder', system: 'osr' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect((await counts(core)).campaigns).toBe(0)

    const created = await handler(ours, 'campaign.create', { name: 'Keep', system: 'osr' })
    expect(created).toMatchObject({ ok: true, value: { name: 'Keep', system: 'osr' } })
    expect(sent.map(([c, m]) => [c, (m as { event: string }).event])).toEqual([
      [IPC_EVENT_CHANNEL, 'log.added'],
      [IPC_EVENT_CHANNEL, 'campaign.changed'],
    ])

    unbind()
    expect(ipc.handlers.has(IPC_CALL_CHANNEL)).toBe(false)
    await handler(ours, 'campaign.create', { name: 'After', system: 'osr' })
    expect(sent).toHaveLength(2) // no longer relaying to a closed window
  })
})
