/**
 * The players' screen: the projection players see (projection.ts), what the GM shows them
 * (reveals.ts), the hub that keeps it current (hub.ts), and the sharing host the server registers
 * for a running core (server/share.ts), which the GM's `players.share` starts and stops.
 */
import type { MethodOutput } from '../../../shared/contract'
import type { ServiceDeps } from '../core'

export { playerView, ROLLS_SHOWN } from './projection'
export { playersControls, readReveals, setFoeShown, setHandout, undoRevealEntry } from './reveals'
export { playersGate } from './audience/gate'
export { PLAYERS_AUDIENCES, PLAYERS_COLUMNS, playersEntries, type PlayersEntry, type PlayersRow } from './audience/read'
export { PlayersHub } from './hub'

export interface SharingHost {
  /** Refused while another campaign is shared, unless `replacing` names it. */
  share(campaignId: number, replacing?: number): Promise<MethodOutput<'players.share'>>
  stop(): Promise<boolean>
  changeKey(): Promise<MethodOutput<'players.changeKey'>>
  status(): MethodOutput<'players.status'>
  view(): Promise<MethodOutput<'players.view'>>
}

const hosts = new WeakMap<object, SharingHost>()

/** The running core's sharing host, registered by the server that can listen for players. */
export function registerSharing(deps: ServiceDeps, host: SharingHost | null): void {
  if (host) hosts.set(deps, host)
  else hosts.delete(deps)
}

export function sharingOf(deps: ServiceDeps): SharingHost | null {
  return hosts.get(deps) ?? null
}
