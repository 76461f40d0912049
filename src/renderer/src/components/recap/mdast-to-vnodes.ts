/**
 * A Markdown syntax tree (mdast) as Vue elements, without ever setting HTML: each node becomes an
 * element from a fixed list with its text set as text. Raw HTML in the Markdown shows as its text;
 * an image is never loaded (its alt text stands in its place); a link is a link only to an https
 * address, opened in a new window without access to Lantern's page (in the desktop app the window
 * rules of security.ts hand it to the system browser, `https:` only).
 */
import type { Definition, List, ListItem, Nodes, Paragraph, Parents, Root, TableRow } from 'mdast'
import { h, type VNode } from 'vue'

type Child = VNode | string

interface Context {
  /** Link and image definitions by identifier, for `[text][label]` references. */
  definitions: Map<string, Definition>
  /** Inside a tight list's item: its paragraphs show as bare text, as GitHub and Obsidian show them. */
  tight: boolean
  /** Whether links are links (false where the text sits inside a button: its words only). */
  links: boolean
}

export function mdastToVNodes(tree: Root, options: { links?: boolean; inline?: boolean } = {}): Child[] {
  const definitions = new Map<string, Definition>()
  const collect = (node: Nodes) => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node)
    if ('children' in node) for (const child of node.children) collect(child)
  }
  collect(tree)
  // Inline: a single paragraph's text stands as it is, inside the line that holds it.
  return children(tree, { definitions, tight: options.inline === true, links: options.links !== false })
}

/**
 * The address a link may open: an absolute https URL (the only kind the desktop app hands to the
 * system browser), or null.
 */
export function linkHref(url: string): string | null {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' ? u.href : null
  } catch {
    return null
  }
}

/** The text of a node as a reader sees it. */
function plainText(node: Nodes): string {
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? ''
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('')
  return ''
}

function children(parent: Parents, ctx: Context): Child[] {
  const out: Child[] = []
  for (const child of parent.children) {
    const v = one(child, ctx)
    if (Array.isArray(v)) out.push(...v)
    else if (v !== null) out.push(v)
  }
  return out
}

function one(node: Nodes, ctx: Context): Child | Child[] | null {
  switch (node.type) {
    case 'root':
      return children(node, ctx)
    case 'paragraph':
      return ctx.tight ? children(node, ctx) : h('p', children(node, ctx))
    case 'heading':
      return h(`h${node.depth}`, children(node, ctx))
    case 'thematicBreak':
      return h('hr')
    case 'blockquote':
      return h('blockquote', children(node, { ...ctx, tight: false }))
    case 'list':
      return list(node, ctx)
    case 'listItem':
      return listItem(node, { ...ctx, tight: false })
    case 'code':
      return h('pre', [h('code', node.value)])
    case 'html':
      // Shown as the text it is: HTML is never set.
      return node.value
    case 'table': {
      const [head, ...body] = node.children
      const row = (r: TableRow, cell: 'th' | 'td') =>
        h(
          'tr',
          r.children.map((c, i) => {
            const align = node.align?.[i]
            return h(cell, align ? { class: `align-${align}` } : {}, children(c, ctx))
          }),
        )
      return h('table', [head ? h('thead', [row(head, 'th')]) : null, body.length ? h('tbody', body.map((r) => row(r, 'td'))) : null])
    }
    case 'tableRow':
    case 'tableCell':
      return children(node, ctx)
    case 'text':
      return node.value
    case 'emphasis':
      return h('em', children(node, ctx))
    case 'strong':
      return h('strong', children(node, ctx))
    case 'delete':
      return h('del', children(node, ctx))
    case 'inlineCode':
      return h('code', node.value)
    case 'break':
      return h('br')
    case 'link':
      return ctx.links ? link(node.url, node.title, children(node, ctx)) : children(node, ctx)
    case 'linkReference': {
      const def = ctx.definitions.get(node.identifier)
      return def && ctx.links ? link(def.url, def.title, children(node, ctx)) : children(node, ctx)
    }
    case 'image':
    case 'imageReference': {
      const url = node.type === 'image' ? node.url : (ctx.definitions.get(node.identifier)?.url ?? '')
      return h('span', { class: 'image-alt', title: `An image, not shown in the preview${url ? `: ${url}` : ''}` }, node.alt || 'Image')
    }
    case 'footnoteReference':
      return h('sup', `[${node.label ?? node.identifier}]`)
    case 'footnoteDefinition':
      return h('div', { class: 'footnote' }, [h('sup', `[${node.label ?? node.identifier}]`), ...children(node, { ...ctx, tight: false })])
    case 'definition':
    case 'yaml':
      return null
    default:
      return plainText(node)
  }
}

function link(url: string, title: string | null | undefined, content: Child[]): Child | Child[] {
  const href = linkHref(url)
  if (href === null) return content
  return h('a', { href, title: title ?? undefined, target: '_blank', rel: 'noopener noreferrer' }, content)
}

/** A list is loose when any of its items is separated by a blank line, or holds blocks so separated. */
function list(node: List, ctx: Context): VNode {
  const tight = !(node.spread || node.children.some((item) => item.spread))
  const items = node.children.map((item) => listItem(item, { ...ctx, tight }))
  const tasks = node.children.some((item) => typeof item.checked === 'boolean')
  const attrs = { class: tasks ? 'contains-task-list' : undefined }
  return node.ordered ? h('ol', { ...attrs, start: node.start !== null && node.start !== undefined && node.start !== 1 ? node.start : undefined }, items) : h('ul', attrs, items)
}

function listItem(node: ListItem, ctx: Context): VNode {
  if (typeof node.checked !== 'boolean') return h('li', children(node, ctx))
  const box = h('input', { type: 'checkbox', checked: node.checked, disabled: true, 'aria-label': node.checked ? 'Done' : 'Not done' })
  const [first, ...rest] = node.children
  // The box goes at the start of the item's first paragraph, so it stands on the line it ticks.
  const lead: Child[] =
    first?.type === 'paragraph' && !ctx.tight ? [h('p', [box, ' ', ...children(first as Paragraph, ctx)])] : [box, ' ', ...(first ? [one(first, ctx)].flat().filter((c): c is Child => c !== null) : [])]
  return h('li', { class: 'task-list-item' }, [...lead, ...children({ type: 'root', children: rest }, ctx)])
}
