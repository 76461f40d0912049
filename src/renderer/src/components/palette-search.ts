/**
 * The command palette's look-up of the campaign's content: the same `search.query` the Search page
 * calls (characters, items, ledger reasons, injuries, places, tables and rows, adventures, sessions,
 * the log), a few of the best hits of each kind, each opening where the Search page's hit opens.
 */
import { ref } from 'vue'
import type { RouteLocationRaw } from 'vue-router'
import { SEARCH_KIND_LABELS, type SearchHit } from '../../../shared/contract'
import type { Api } from '../api'
import { searchHitLink } from '../views/search/links'

/** How many hits of one kind the palette shows; the Search page shows them all. */
export const HITS_PER_KIND = 3
/** How many hits are asked for, best first, before they are grouped by kind. */
const ASKED = 40
/** The longest text the search looks up (its own limit). */
export const SEARCH_LIMIT = 200

export interface PaletteHit {
  key: string
  /** The kind, as the Search page names it: "Item", "Ledger", "Log". */
  kind: string
  label: string
  /** The words around the match, when the label is the record's title. */
  detail: string | null
  characterId: number | null
  kindId: SearchHit['kind']
  to: RouteLocationRaw
}

/** A snippet without its match marks (\u0002 … \u0003). */
export function plainSnippet(snippet: string): string {
  return snippet.replace(/[\u0002\u0003]/g, '')
}

/**
 * The first `perKind` hits of each kind, kinds in the order of their best hit.
 * @example topByKind(hits, 3) // at most three items, three log entries, … in ranked order
 */
export function topByKind(hits: readonly SearchHit[], perKind = HITS_PER_KIND): SearchHit[] {
  const taken = new Map<string, SearchHit[]>()
  for (const h of hits) {
    const list = taken.get(h.kind) ?? taken.set(h.kind, []).get(h.kind)!
    if (list.length < perKind) list.push(h)
  }
  return [...taken.values()].flat()
}

function toPaletteHit(campaignId: number, h: SearchHit): PaletteHit {
  const snippet = plainSnippet(h.snippet).trim()
  const title = h.title.trim()
  return {
    key: `${h.kind}-${h.id}`,
    kind: SEARCH_KIND_LABELS[h.kind],
    label: title || snippet,
    detail: title && snippet && snippet !== title ? snippet : null,
    characterId: h.characterId,
    kindId: h.kind,
    to: searchHitLink(campaignId, h),
  }
}

/**
 * The palette's search: `find(text)` looks up the campaign's content (the latest call wins); a
 * failure is said in `problem`, never thrown.
 */
export function usePaletteSearch(api: Api, campaignId: () => number) {
  const hits = ref<PaletteHit[]>([])
  const problem = ref<string | null>(null)
  let seq = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  async function run(text: string, mine: number): Promise<void> {
    try {
      const found = await api.call('search.query', { campaignId: campaignId(), text, limit: ASKED })
      if (mine !== seq) return
      hits.value = topByKind(found).map((h) => toPaletteHit(campaignId(), h))
      problem.value = null
    } catch (err) {
      if (mine !== seq) return
      hits.value = []
      problem.value = `The campaign could not be searched: ${(err as Error).message}`
    }
  }

  /** Looks `text` up after a short pause for typing; empty or too long text clears the hits. */
  function find(text: string): void {
    const mine = ++seq
    clearTimeout(timer)
    const t = text.trim()
    if (!t || t.length > SEARCH_LIMIT) {
      hits.value = []
      problem.value = null
      return
    }
    timer = setTimeout(() => void run(t, mine), 120)
  }

  return { hits, problem, find }
}
