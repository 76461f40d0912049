/** Where a search hit opens: the screen that shows that record. */
import type { RouteLocationRaw } from 'vue-router'
import type { SearchHit } from '../../../../shared/contract'

export function searchHitLink(campaignId: number, hit: SearchHit): RouteLocationRaw {
  const id = String(campaignId)
  switch (hit.kind) {
    case 'adventure':
      return { name: 'adventures', params: { id }, hash: `#adventure-${hit.openId}` }
    default:
      return { name: 'campaign-home', params: { id } }
  }
}
