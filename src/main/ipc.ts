/** Binds the router to one IPC channel, serving only our own window's main frame. */
import type { CallResult } from '../shared/contract'
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../shared/methods'
import type { Router } from './router'
import type { EventBus } from './services/core'
import { isTrustedSender, type IpcSenderLike } from './security'

/** The parts of Electron's ipcMain this needs, so tests can drive it without Electron. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderLike, ...args: unknown[]) => Promise<CallResult>): void
  removeHandler(channel: string): void
}

export interface WindowLike {
  webContents: { id: number; send(channel: string, message: unknown): void; isDestroyed(): boolean }
}

/**
 * Serves `lantern:call` for `win` with the GM scope and relays every push event to it.
 * Returns a function that unbinds both.
 */
export function bindIpc(ipcMain: IpcMainLike, router: Router, events: EventBus, win: WindowLike): () => void {
  const expectedId = win.webContents.id
  ipcMain.handle(IPC_CALL_CHANNEL, async (event, method, input) => {
    if (!isTrustedSender(event, expectedId)) {
      return {
        ok: false,
        error: { code: 'forbidden', message: 'This call did not come from the Lantern window; it was refused.', details: [] },
      }
    }
    return router.call(method, input, { scope: 'gm' })
  })
  const off = events.on((message) => {
    if (!win.webContents.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, message)
  })
  return () => {
    ipcMain.removeHandler(IPC_CALL_CHANNEL)
    off()
  }
}
