/** After a roll, its result is brought into view: at a table the GM should not have to scroll to read it. */
import { nextTick, type Ref } from 'vue'

export async function reveal(el: Ref<HTMLElement | null>): Promise<void> {
  await nextTick()
  el.value?.scrollIntoView({ block: 'nearest' })
}
