/**
 * A form's fields as they were sent. A form clears itself once its change is saved, but the GM may
 * already be typing the next one while the answer is on its way: `same()` tells whether every field
 * still holds what was sent, and a form clears only then (otherwise what was typed stays). Name the
 * fields the form clears, not those the form sets itself (a default that follows the character).
 * @example const sent = sentForm([reason, xp]); await api.call(…); if (sent.same()) (reason.value = '', xp.value = 0)
 */
import type { Ref } from 'vue'

export function sentForm(fields: readonly Ref<unknown>[]): { same(): boolean } {
  const values = fields.map((f) => f.value)
  return { same: () => fields.every((f, i) => f.value === values[i]) }
}
