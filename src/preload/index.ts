/**
 * The preload: exposes one object, `window.lantern`, whose `api` has a function per contract
 * method name (and nothing else), plus a way to hear pushed events. `ipcRenderer` itself never
 * reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, METHOD_NAMES } from '../shared/methods'

const api = Object.fromEntries(
  METHOD_NAMES.map((name) => [name, (input: unknown) => ipcRenderer.invoke(IPC_CALL_CHANNEL, name, input)]),
)

contextBridge.exposeInMainWorld('lantern', {
  api,
  onEvent(listener: (message: unknown) => void): () => void {
    const relay = (_e: IpcRendererEvent, message: unknown) => listener(message)
    ipcRenderer.on(IPC_EVENT_CHANNEL, relay)
    return () => ipcRenderer.removeListener(IPC_EVENT_CHANNEL, relay)
  },
})
