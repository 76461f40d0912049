/**
 * Where the keyboard goes when the GM adds a row to an editable list or removes one: into the new
 * row, so the first thing typed lands in it, and, after a removal, to the row that took the removed
 * one's place (its own remove button) or, after the last, to the list's "Add" button.
 */
import { nextTick, type Ref } from 'vue'

const FIELD = 'input:not([type="hidden"]):not([type="checkbox"]):not([disabled]), select:not([disabled]), textarea:not([disabled])'
const REMOVE = 'button[aria-label^="Remove"]'

/**
 * `list` holds one element per row; `add` is the "Add" button. `prefer` picks the field a new row
 * gives the keyboard (its text selected, to be typed over) before its first field.
 * `added` takes the new row's index as counted before adding: a `defineModel` list reads its old
 * value until the parent has taken the new one.
 * @example const at = rows.value.length; rows.value = [...rows.value, blank()]; void focus.added(at)
 */
export function useRowFocus(list: Ref<HTMLElement | null>, add: Ref<HTMLElement | null>, prefer?: string) {
  return {
    /** After rows were appended from `index` on: the keyboard to the first of them. */
    async added(index: number): Promise<void> {
      await nextTick()
      const row = list.value?.children[index]
      const preferred = prefer ? row?.querySelector<HTMLElement>(prefer) : null
      const field = preferred ?? row?.querySelector<HTMLElement>(FIELD)
      field?.focus()
      if (preferred instanceof HTMLInputElement) preferred.select()
    },
    /** After the row at `index` was removed. */
    async removed(index: number): Promise<void> {
      await nextTick()
      const rows = list.value?.children
      const next = rows && rows.length > 0 ? rows[Math.min(index, rows.length - 1)] : null
      ;(next?.querySelector<HTMLElement>(REMOVE) ?? add.value)?.focus()
    },
  }
}
