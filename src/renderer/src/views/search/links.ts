/** Where a search hit opens: the screen that shows that record. */
import type { RouteLocationRaw } from 'vue-router'
import type { SearchHit } from '../../../../shared/contract'

export function searchHitLink(campaignId: number, hit: SearchHit): RouteLocationRaw {
  const id = String(campaignId)
  switch (hit.kind) {
    case 'adventure':
      return { name: 'adventures', params: { id }, hash: `#adventure-${hit.openId}` }
    case 'character':
      return { name: 'character', params: { id, characterId: String(hit.openId) } }
    case 'inventory_item':
      return { name: 'character', params: { id, characterId: String(hit.openId) } }
    case 'ledger_entry':
    case 'injury':
      // The campaign's own ledger (Threat) has no character page; its entries open where the log is.
      return hit.characterId === null
        ? { name: 'campaign-home', params: { id } }
        : { name: 'character', params: { id, characterId: String(hit.characterId) }, hash: '#records' }
    case 'location':
      return { name: 'locations', params: { id }, query: { at: String(hit.openId) } }
    case 'encounter_table':
    case 'encounter_row':
      return { name: 'encounter-tables', params: { id }, query: { table: String(hit.openId) } }
    case 'session':
      return { name: 'sessions', params: { id } }
    case 'log_entry':
      return { name: 'log-entry', params: { id, entryId: String(hit.openId) } }
  }
}
