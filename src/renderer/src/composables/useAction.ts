/**
 * Something a component asks the API to do: `busy` while it runs (its buttons disabled, a second
 * start ignored), the failure's message in `error`, a refusal's problems beside the form's fields
 * in `errors`, all cleared when the next attempt starts; `busy` is reset however the call ends.
 * What was said belongs to the form that asked, for what it showed then: it is cleared when the GM
 * goes to another page (the route changes) or the form is handed another record (`scope`).
 * @example
 * const { busy, error, run } = useAction()
 * const roll = () => run(async () => (result.value = await api.call('encounterTable.roll', { id })))
 */
import { inject, ref, shallowRef, watch, type Ref, type WatchSource } from 'vue'
import { routeLocationKey } from 'vue-router'
import { ApiCallError } from '../api'
import { fieldErrors } from '../field-errors'

export interface ActionOptions {
  /**
   * The form's fields: a refusal's problems that name one go to `errors[field]` as sentences,
   * anything else to `errors.form` with the whole message (as `fieldErrors` maps them).
   */
  fields?: readonly string[] | ((field: string) => boolean)
  /** What the form is about (a character's id, an item's): when it changes, what was said is cleared. */
  scope?: WatchSource
}

export interface RunOptions {
  /**
   * The flag held while the call runs, and checked first (a run while it is set does nothing): the
   * action's own `busy` unless given; `false` for a call that leaves the buttons enabled.
   */
  busy?: Ref<boolean> | false
  /** Takes the failure instead of showing it (a refusal the component words itself); `fail(err)` shows it as usual. */
  onError?: (err: unknown) => void
}

export function useAction(options: ActionOptions = {}) {
  const busy = ref(false)
  /** The last failure's message, or a message the component set with `fail`. */
  const error = ref<string | null>(null)
  /** The last failure's problems by field, with `form` for the rest (see `ActionOptions.fields`). */
  const errors = ref<Record<string, string>>({})
  /** The last failure as thrown: an `ApiCallError` carries the refusal's code and details. */
  const failure = shallowRef<unknown>(null)
  const fields = options.fields
  const isField = typeof fields === 'function' ? fields : (f: string) => fields?.includes(f) ?? false

  function clear(): void {
    error.value = null
    errors.value = {}
    failure.value = null
  }
  // A message from another page, campaign or record never shows here.
  const route = inject(routeLocationKey, null)
  if (route) watch(() => route.fullPath, clear)
  if (options.scope) watch(options.scope, clear)

  /** Shows a failure: an error as the API or the browser threw it, or the component's own sentence. */
  function fail(err: unknown): void {
    if (typeof err === 'string') {
      failure.value = null
      error.value = err
      errors.value = { form: err }
      return
    }
    failure.value = err
    error.value = err instanceof Error ? err.message : String(err)
    errors.value = fieldErrors(err, isField)
  }

  /** The refusal's problem with one field, in the API's words (undefined when it names none). */
  function fieldProblem(field: string): string | undefined {
    return failure.value instanceof ApiCallError ? failure.value.fieldProblem(field) : undefined
  }

  /** Runs `work` (the call and what follows it); resolves to its value, or undefined when it failed or did not start. */
  async function run<T>(work: () => Promise<T>, how: RunOptions = {}): Promise<T | undefined> {
    const flag = how.busy ?? busy
    if (flag && flag.value) return undefined
    clear()
    if (flag) flag.value = true
    try {
      return await work()
    } catch (err) {
      if (how.onError) how.onError(err)
      else fail(err)
      return undefined
    } finally {
      if (flag) flag.value = false
    }
  }

  return { busy, error, errors, failure, run, fail, clear, fieldProblem }
}
