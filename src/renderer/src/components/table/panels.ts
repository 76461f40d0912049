/**
 * The centre of the table for each rules system: its roll panel and trackers. Each system's
 * `TablePanel.vue` takes `{ campaign: Campaign; sessionId: number | null }`.
 */
import { defineAsyncComponent, type Component } from 'vue'
import type { SystemKey } from '../../../../shared/systems'

export const TABLE_PANELS: Partial<Record<SystemKey, Component>> = {
  ladder: defineAsyncComponent(() => import('./ladder/TablePanel.vue')),
  osr: defineAsyncComponent(() => import('./osr/TablePanel.vue')),
  lode: defineAsyncComponent(() => import('./lode/TablePanel.vue')),
  ranks: defineAsyncComponent(() => import('./ranks/TablePanel.vue')),
  challenge: defineAsyncComponent(() => import('./challenge/TablePanel.vue')),
}
