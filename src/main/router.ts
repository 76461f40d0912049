/**
 * The router: the one door into the main process. It looks the method up in the contract, checks
 * the caller's scope, validates the input at run time and only then runs the handler. A refused
 * call returns `{ code, message, details }` and has written nothing.
 */
import type { z } from 'zod'
import { contract, type ApiError, type CallResult, type MethodOutput, type ParsedInput, type Scope } from '../shared/contract'
import type { MethodName } from '../shared/methods'
import { describeProblems } from '../shared/api/field-labels'
import { AppError, inCall, storageError } from './services/core'

export interface CallContext {
  scope: Scope
}

/** The handlers of some methods: one API module's share. */
export type ModuleHandlers<N extends MethodName> = {
  [K in N]: (input: ParsedInput<K>, ctx: CallContext) => Promise<MethodOutput<K>> | MethodOutput<K>
}
/** A handler for every method of the contract. */
export type Handlers = ModuleHandlers<MethodName>

export interface Router {
  call(method: unknown, input: unknown, ctx: CallContext): Promise<CallResult>
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'input' : path.map(String).join('.')
}

/**
 * Turns schema issues into one sentence that names every field by its label, as the GM knows it
 * (`details` keep the keys, for the form to put each problem beside its field).
 * @example describeIssues('inventory.add', issues).message // 'Quantity: must be at most 1,000,000. Nothing was changed.'
 */
export function describeIssues(method: string, issues: readonly z.core.$ZodIssue[]): ApiError {
  const details = issues.map((i) => {
    const field = fieldName(i.path)
    // Zod's wording for unknown keys names the keys; keep it, it is already plain.
    const problem = i.code === 'unrecognized_keys' ? `unexpected field(s): ${i.keys.join(', ')}` : i.message
    return { field, problem }
  })
  const said = describeProblems(details, method)
  // A problem that ends a sentence itself ("road, forest, marsh …") takes no second full stop.
  return { code: 'invalid_input', message: `${said}${/[.!?…]$/.test(said) ? '' : '.'} Nothing was changed.`, details }
}

function refuse(code: ApiError['code'], message: string, field = 'method'): CallResult {
  return { ok: false, error: { code, message, details: [{ field, problem: message }] } }
}

/**
 * @param options.checkOutputs validate handlers' outputs against the contract too (on in tests
 *   and development, where a mismatch is a bug to catch early).
 * @example const r = await createRouter(handlers).call('campaign.list', {}, { scope: 'gm' })
 */
export function createRouter(handlers: Handlers, options: { checkOutputs?: boolean } = {}): Router {
  const checkOutputs = options.checkOutputs ?? true
  return {
    async call(method, input, ctx) {
      if (typeof method !== 'string' || !Object.hasOwn(contract, method)) {
        return refuse('unknown_method', `Lantern has no method called ${JSON.stringify(method)}.`)
      }
      const name = method as MethodName
      const def = contract[name]
      if (def.scope === 'gm' && ctx.scope !== 'gm') {
        return refuse('forbidden', "Only the GM can do this; this connection is a player's.")
      }
      const parsed = def.input.safeParse(input ?? {})
      if (!parsed.success) return { ok: false, error: describeIssues(name, parsed.error.issues) }
      try {
        const handler = handlers[name] as (i: unknown, c: CallContext) => unknown
        // Its changes lock the campaign the input names (services/core/change-scope.ts).
        const value = await inCall(name, parsed.data, async () => handler(parsed.data, ctx))
        if (checkOutputs) {
          const out = def.output.safeParse(value)
          if (!out.success) {
            console.error(`Lantern: ${name} returned a value its contract refuses`, out.error.issues)
            return refuse('internal', 'Lantern made a mistake: its answer was not in the shape the screen expects. Please report it; the details are in its log.')
          }
        }
        return { ok: true, value }
      } catch (err) {
        if (err instanceof AppError) return { ok: false, error: err.toApiError() }
        const storage = storageError(err)
        if (storage) {
          console.error(`Lantern: ${name} could not be saved`, err)
          return { ok: false, error: storage.toApiError() }
        }
        console.error(`Lantern: ${name} failed`, err)
        return refuse('internal', `Something went wrong inside Lantern: ${(err as Error).message}. Nothing was saved.`)
      }
    },
  }
}
