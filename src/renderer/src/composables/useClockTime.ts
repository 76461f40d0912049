/**
 * A game-time field that starts at the clock's time and follows the clock while the GM has not
 * edited it; a time the GM typed stays (the next entry is often the same moment); `reset` makes it
 * follow the clock again.
 */
import { ref, watch } from 'vue'
import { useClock } from '../stores/clock'

export function useClockTime() {
  const clock = useClock()
  const now = () => clock.clock?.time ?? null
  const value = ref<number | null>(now())
  let followed = value.value
  watch(now, (t) => {
    if (value.value === followed) value.value = t
    followed = t
  })
  function reset(): void {
    value.value = now()
    followed = value.value
  }
  return { value, reset }
}
