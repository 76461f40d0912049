/**
 * Every method of the contract, bound to its service: one function per API module, merged here.
 * A module missing from this object fails the typecheck (`Handlers` needs every method name).
 */
import type { Handlers } from '../router'
import type { ServiceDeps } from '../services/context'
import { coreHandlers, type AppInfo } from './core'
import { adventureHandlers } from './adventures'
import { searchHandlers } from './search'

export type { AppInfo } from './core'

export function createHandlers(deps: ServiceDeps, info: AppInfo): Handlers {
  return {
    ...coreHandlers(deps, info),
    ...adventureHandlers(deps),
    ...searchHandlers(deps),
  }
}
