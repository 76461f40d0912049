/** The campaign's locations as a tree, built from each location's parent. */
import type { Location } from '../../../../shared/contract'

export interface LocationTree {
  /** Top-level places, by name. */
  roots: Location[]
  /** The places directly inside each place, by name. */
  children: Map<number, Location[]>
  byId: Map<number, Location>
}

/** @example buildTree(list).children.get(keep.id) // [Cellars, Gatehouse] */
export function buildTree(locations: readonly Location[]): LocationTree {
  const byId = new Map(locations.map((l) => [l.id, l]))
  const children = new Map<number, Location[]>()
  const roots: Location[] = []
  for (const l of locations) {
    // A parent that is not in the list (deleted elsewhere a moment ago) shows the place at the top.
    if (l.parentId === null || !byId.has(l.parentId)) roots.push(l)
    else children.set(l.parentId, [...(children.get(l.parentId) ?? []), l])
  }
  return { roots, children, byId }
}

/** A place and everything inside it, however deep: none of them can become its parent. */
export function selfAndInside(tree: LocationTree, id: number): Set<number> {
  const out = new Set<number>([id])
  const stack = [id]
  while (stack.length > 0) {
    for (const c of tree.children.get(stack.pop()!) ?? []) {
      if (!out.has(c.id)) {
        out.add(c.id)
        stack.push(c.id)
      }
    }
  }
  return out
}

/** Every place in tree order with its depth, for pickers ("Sunken Keep" indented under "Brigand Hills"). */
export function flatten(tree: LocationTree): { location: Location; depth: number }[] {
  const out: { location: Location; depth: number }[] = []
  const walk = (list: Location[], depth: number) => {
    for (const l of list) {
      out.push({ location: l, depth })
      walk(tree.children.get(l.id) ?? [], depth + 1)
    }
  }
  walk(tree.roots, 0)
  return out
}

/** "Brigand Hills › Sunken Keep". */
export function pathOf(tree: LocationTree, id: number): string {
  const names: string[] = []
  const seen = new Set<number>()
  for (let at = tree.byId.get(id); at && !seen.has(at.id); at = at.parentId === null ? undefined : tree.byId.get(at.parentId)) {
    seen.add(at.id)
    names.unshift(at.name)
  }
  return names.join(' › ')
}
