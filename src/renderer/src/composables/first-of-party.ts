/**
 * The party rolls most: a roll panel starts on the first player character, once the party is
 * known, unless the GM has already chosen (`ready` decides, given the first one's id).
 */
import { watch } from 'vue'

/** @example onFirstOfParty(() => pcs.value[0]?.id, (id) => { if (who.value === null) who.value = id }) */
export function onFirstOfParty(first: () => number | undefined, ready: (id: number) => void): void {
  let done = false
  watch(
    first,
    (id) => {
      if (done || id === undefined) return
      done = true
      ready(id)
    },
    { immediate: true },
  )
}
