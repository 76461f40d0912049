/** Preferences of this screen (not of a campaign): the theme. Kept in localStorage. */
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'

export type Theme = 'dark' | 'light'
const KEY = 'lantern.theme'

export const usePreferences = defineStore('preferences', () => {
  const stored = localStorage.getItem(KEY)
  const theme = ref<Theme>(stored === 'light' ? 'light' : 'dark') // dark by default: the table is dim

  watch(
    theme,
    (t) => {
      localStorage.setItem(KEY, t)
      document.documentElement.dataset.theme = t
    },
    { immediate: true },
  )

  return { theme }
})
