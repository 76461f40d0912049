/**
 * The rules check of a character's sheet as the GM types: asked a moment after the last key (at
 * once for a sheet just shown); only the latest question's answer is kept.
 */
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'
import type { CheckResult } from '../../../../shared/contract'
import { useConnection } from '../../stores/connection'
import type { CharacterForm } from './character-form'

/**
 * @param onEdit called when the GM changes the sheet, kind or status of a form already shown
 */
export function useSheetCheck(form: Ref<CharacterForm | null>, campaignId: () => number, characterId: () => number | null, onEdit: () => void) {
  const api = useConnection().client()
  const check = ref<CheckResult>({ problems: [], fields: [], facts: [] })
  const checking = ref(false)
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = 0

  function runCheck(): void {
    const f = form.value
    if (!f) return
    const mine = ++asked
    const id = characterId()
    checking.value = true
    api
      .call('character.check', {
        campaignId: campaignId(),
        kind: f.kind,
        status: f.status,
        sheet: f.sheet as unknown as Record<string, unknown>,
        ...(id === null ? {} : { characterId: id }),
      })
      .then((r) => {
        if (mine === asked) check.value = r
      })
      .catch((err: Error) => {
        if (mine === asked) check.value = { problems: [err.message], fields: [], facts: [] }
      })
      .finally(() => {
        if (mine === asked) checking.value = false
      })
  }

  watch(
    () => (form.value ? JSON.stringify([form.value.sheet, form.value.kind, form.value.status]) : null),
    (now, before) => {
      clearTimeout(timer)
      if (now === null) return
      if (before !== null) onEdit()
      timer = setTimeout(runCheck, before === null ? 0 : 250)
    },
    { immediate: true },
  )
  onBeforeUnmount(() => clearTimeout(timer))

  return { check, checking, runCheck }
}
