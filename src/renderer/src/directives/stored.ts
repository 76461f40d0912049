/**
 * `v-stored="value"`: a text field showing a stored value that it saves on `change` (when the GM
 * leaves it). Unlike `:value`, which Vue writes back into the field each time the component draws
 * again, the field is written only when the stored value itself changes: a redraw for anything
 * else (an answer, a reload after another field's save) leaves what the GM is typing alone.
 * @example <textarea v-stored="location.description" @change="save(($event.target as HTMLTextAreaElement).value)" />
 */
import type { Directive } from 'vue'

type Field = HTMLInputElement | HTMLTextAreaElement

const shown = (v: unknown): string => (v === null || v === undefined ? '' : String(v))

export const vStored: Directive<Field, unknown> = {
  mounted(el, { value }) {
    el.value = shown(value)
  },
  updated(el, { value, oldValue }) {
    if (shown(value) !== shown(oldValue)) el.value = shown(value)
  },
}
