/**
 * Exact odds that follow the inputs (DICE-2): the engine's, computed in the page as the inputs
 * change (no wait, no round trip), so the chart shows them in the frame after the change. A
 * refused input shows its sentence.
 */
import { computed, type Ref } from 'vue'
import type { MethodInput } from '../../../../../shared/contract'
import { ladderOdds } from '../../../composables/ladder-odds'

export function useOdds(input: Ref<MethodInput<'ladder.odds'> | null>) {
  const answer = computed(() => (input.value === null ? { odds: null, error: null } : ladderOdds(input.value)))
  const odds = computed(() => answer.value.odds)
  const error = computed(() => answer.value.error)
  return { odds, error }
}
