/** The players' screen: the players' own view, and the GM's sharing and reveal controls. */
import type { ModuleHandlers } from '../router'
import type { PlayersMethod } from '../../shared/api/players.names'
import { AppError, type ServiceDeps } from '../services/core'
import { playersControls, setFoeShown, setHandout, sharingOf, type SharingHost } from '../services/players'

function host(deps: ServiceDeps): SharingHost {
  const h = sharingOf(deps)
  if (!h) throw new AppError('refused', "This Lantern cannot share the players' screen: it was started without its server. Nothing was shared.")
  return h
}

export function playersHandlers(deps: ServiceDeps): ModuleHandlers<PlayersMethod> {
  return {
    'players.view': () => sharingOf(deps)?.view() ?? null,
    'players.share': (i) => host(deps).share(i.campaignId, i.replacing),
    'players.stop': async () => ({ stopped: (await sharingOf(deps)?.stop()) ?? false }),
    'players.changeKey': () => host(deps).changeKey(),
    'players.status': () => sharingOf(deps)?.status() ?? { sharing: null },
    'players.controls': (i) => playersControls(deps, i.campaignId),
    'players.reveal': (i) => setFoeShown(deps, i),
    'players.handout': (i) => setHandout(deps, i),
  }
}
