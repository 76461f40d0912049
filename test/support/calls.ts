/** Calls through the real router with the GM scope, as the UI does. */
import type { Core } from '../../src/main/app'
import type { ApiError, MethodInput, MethodOutput } from '../../src/shared/contract'
import type { MethodName } from '../../src/shared/methods'

/** The value of a call that must succeed; throws with the API's message otherwise. */
export async function gm<K extends MethodName>(core: Core, method: K, input: MethodInput<K>): Promise<MethodOutput<K>> {
  const r = await core.router.call(method, input, { scope: 'gm' })
  if (!r.ok) throw new Error(`${method} refused: ${r.error.message}`)
  return r.value as MethodOutput<K>
}

/** The error of a call that must be refused; throws if it succeeded. */
export async function refused(core: Core, method: MethodName, input: unknown): Promise<ApiError> {
  const r = await core.router.call(method, input, { scope: 'gm' })
  if (r.ok) throw new Error(`${method} should have been refused but returned ${JSON.stringify(r.value)}`)
  return r.error
}

/** The kinds of a campaign's log entries, oldest first. */
export async function logKinds(core: Core, campaignId: number): Promise<string[]> {
  const entries = await gm(core, 'log.list', { campaignId, limit: 500 })
  return entries.map((e) => e.kind).reverse()
}
