/**
 * The GM's session notes as Markdown source: parsed into a syntax tree (CommonMark with the GFM
 * extensions Obsidian and GitHub add: task lists, tables, strikethrough), cut to what a variant may
 * read, their open threads taken out, and their headings shifted under the recap's own.
 */
import type { Heading, ListItem, Nodes, Paragraph, PhrasingContent, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import type { RecapVariant } from '../../../shared/recap/markdown'

/** A heading that opens the players' part of the notes: "Recap", "For the players", "Players' recap", "Session recap". */
const RECAP_HEADING = /^(?:players[’']?\s+)?(?:recap|for the players|session recap)\s*:?$/i
/** A heading that opens a list of threads: "Threads", "Open threads", "Thread". */
const THREADS_HEADING = /^(?:open\s+)?threads?\s*:?$/i
/** A line marked as a thread. */
const THREAD_LINE = /^\s*thread\s*:\s*/i

/** One open thread: the GM's own Markdown for it (a list item's blocks, or a line's inline content). */
export type Thread = { blocks: RootContent[] } | { inline: PhrasingContent[] }

export interface NotesPart {
  /** The notes' blocks for this variant, threads taken out, headings not yet shifted. */
  blocks: RootContent[]
  threads: Thread[]
}

/** The plain text of a node, as a reader sees it. */
export function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('')
  return ''
}

export function parseNotes(notes: string): RootContent[] {
  return fromMarkdown(notes, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }).children
}

/**
 * The blocks a variant reads: the GM reads all of them; the players only what stands under a
 * heading "Recap" (also "For the players", "Players' recap", "Session recap", any level), up to the
 * next heading of that level or higher (their Recap heading itself left out).
 */
function blocksFor(blocks: RootContent[], variant: RecapVariant): RootContent[] {
  const out: RootContent[] = []
  let recapDepth: number | null = null
  for (const node of blocks) {
    if (node.type === 'heading') {
      if (recapDepth !== null && node.depth <= recapDepth) recapDepth = null
      if (RECAP_HEADING.test(plainText(node).trim())) {
        recapDepth = node.depth
        if (variant === 'gm') out.push(node)
        continue
      }
    }
    if (variant === 'gm' || recapDepth !== null) out.push(node)
  }
  return out
}

/** A paragraph cut into its lines (soft line breaks inside text nodes part them). */
function linesOf(p: Paragraph): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [[]]
  for (const child of p.children) {
    if (child.type !== 'text' || !child.value.includes('\n')) {
      lines.at(-1)!.push(child)
      continue
    }
    const parts = child.value.split('\n')
    parts.forEach((value, i) => {
      if (i > 0) lines.push([])
      if (value !== '') lines.at(-1)!.push({ type: 'text', value })
    })
  }
  return lines
}

/** The line without its "Thread:" mark, or null when it is not marked. */
function threadLine(line: PhrasingContent[]): PhrasingContent[] | null {
  const first = line[0]
  if (first?.type !== 'text' || !THREAD_LINE.test(first.value)) return null
  const rest = first.value.replace(THREAD_LINE, '')
  return [...(rest ? [{ type: 'text' as const, value: rest }] : []), ...line.slice(1)]
}

/** Lines joined back into a paragraph's children. */
function joinLines(lines: PhrasingContent[][]): PhrasingContent[] {
  const out: PhrasingContent[] = []
  lines.forEach((line, i) => {
    if (i > 0) out.push({ type: 'text', value: '\n' })
    out.push(...line)
  })
  return out
}

/**
 * Takes the open threads out of the blocks: everything under a "Threads" heading (each list item,
 * each line), every unchecked task item (`- [ ] …`), and every line starting "Thread:".
 */
function takeThreads(blocks: RootContent[]): NotesPart {
  const kept: RootContent[] = []
  const threads: Thread[] = []
  let threadsDepth: number | null = null
  for (const node of blocks) {
    if (node.type === 'heading') {
      if (threadsDepth !== null && node.depth <= threadsDepth) threadsDepth = null
      if (THREADS_HEADING.test(plainText(node).trim())) {
        threadsDepth = node.depth
        continue
      }
    }
    if (threadsDepth !== null) {
      if (node.type === 'list') for (const item of node.children) threads.push({ blocks: untick(item).children })
      else if (node.type === 'paragraph') for (const line of linesOf(node)) threads.push({ inline: threadLine(line) ?? line })
      else threads.push({ blocks: [node] })
      continue
    }
    if (node.type === 'list') {
      const open = node.children.filter((item) => item.checked === false)
      for (const item of open) threads.push({ blocks: untick(item).children })
      const rest = node.children.filter((item) => item.checked !== false)
      if (rest.length) kept.push(open.length ? { ...node, children: rest } : node)
      continue
    }
    if (node.type === 'paragraph') {
      const lines = linesOf(node)
      const plain = lines.filter((line) => {
        const thread = threadLine(line)
        if (thread) threads.push({ inline: thread })
        return !thread
      })
      if (plain.length === lines.length) kept.push(node)
      else if (plain.length) kept.push({ ...node, children: joinLines(plain) })
      continue
    }
    kept.push(node)
  }
  return { blocks: kept, threads }
}

function untick(item: ListItem): ListItem {
  return { ...item, checked: null }
}

/**
 * The GM's notes for one variant: the GM reads them all; the players read only the Recap section.
 * Open threads are taken out and returned apart.
 * @example notesFor('Secret.\n## Recap\nWe won.\n- [ ] Find the key', 'players').threads.length // 1
 */
export function notesFor(notes: string, variant: RecapVariant): NotesPart {
  return takeThreads(blocksFor(parseNotes(notes), variant))
}

/**
 * Shifts the notes' headings so the highest of them sits at `top` (a recap section's own level
 * plus one), keeping their order below it; never past level 6.
 * @example shiftHeadings([{ type: 'heading', depth: 1, children: [] }], 3)[0].depth // 3
 */
export function shiftHeadings(blocks: RootContent[], top: number): RootContent[] {
  const depths: number[] = []
  const visit = (n: Nodes) => {
    if (n.type === 'heading') depths.push(n.depth)
    if ('children' in n) for (const c of n.children as Nodes[]) visit(c)
  }
  blocks.forEach(visit)
  if (depths.length === 0) return blocks
  const by = Math.max(0, top - Math.min(...depths))
  if (by === 0) return blocks
  const shift = (n: RootContent): RootContent => {
    if (n.type === 'heading') return { ...n, depth: Math.min(6, n.depth + by) as Heading['depth'] }
    if ('children' in n && (n.type === 'blockquote' || n.type === 'list' || n.type === 'listItem')) {
      return { ...n, children: (n.children as RootContent[]).map(shift) } as RootContent
    }
    return n
  }
  return blocks.map(shift)
}
