/**
 * Writing a recap's Markdown syntax tree: `mdast-util-to-markdown` with GFM (task items, tables,
 * strikethrough), and two node kinds of the recap's own: an Obsidian wikilink, and a bullet list of
 * one-line text items written in one pass.
 */
import type { Root } from 'mdast'
import { toMarkdown, type Handle } from 'mdast-util-to-markdown'
import { gfmToMarkdown } from 'mdast-util-gfm'

/** An Obsidian link to a note, written as `[[target]]` or `[[target|shown]]`. */
export interface WikiLink {
  type: 'wikiLink'
  target: string
  alias: string | null
}

/**
 * A bullet list of one-line text items (the timeline's lines): the same Markdown as a `list` of
 * `listItem`s each holding a text paragraph, written by the serializer's own escaping in one pass
 * over all its lines instead of one pass per item (a 100,000-entry session has 100,000 lines).
 */
export interface TextLines {
  type: 'textLines'
  lines: string[]
}

declare module 'mdast' {
  interface PhrasingContentMap {
    wikiLink: WikiLink
  }
  interface BlockContentMap {
    textLines: TextLines
  }
  interface RootContentMap {
    wikiLink: WikiLink
    textLines: TextLines
  }
}

/**
 * An Obsidian link for a name: the characters a link or a note's file name cannot hold
 * (`[ ] | # ^ \ / * " < > : ?`) are left out of the target, and the name is shown as written.
 * @example wikiLink('Glam *the* Bold') // { type: 'wikiLink', target: 'Glam the Bold', alias: 'Glam *the* Bold' }
 */
export function wikiLink(name: string): WikiLink {
  const target = name
    .replace(/[[\]|#^\\/*"<>:?]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  const shown = name.replace(/[[\]|\n]/g, '').trim()
  return { type: 'wikiLink', target, alias: shown === target ? null : shown }
}

const writeWikiLink: Handle = (node: WikiLink) => `[[${node.target}${node.alias ? `|${node.alias}` : ''}]]`

/**
 * Each line is text at the start of a list item's paragraph: `state.safe` escapes what is unsafe
 * there (inline markup anywhere, block markup after each line break), then each line gets its bullet.
 */
const writeTextLines: Handle = (node: TextLines, _parent, state, info) => {
  const exits = [state.enter('list'), state.enter('listItem'), state.enter('paragraph'), state.enter('phrasing')]
  const safe = state.safe(node.lines.join('\n'), { ...info, before: '\n', after: '\n' })
  for (const exit of exits.reverse()) exit()
  return safe
    .split('\n')
    .map((line) => `- ${line}`)
    .join('\n')
}

/** One line of data text: line breaks (and the spaces around them) become one space. */
export const oneLine = (value: string) => (/[\r\n\u2028\u2029]/.test(value) ? value.replace(/\s+/g, ' ') : value).trim()

/** Writes a recap tree as Markdown: `-` bullets, `*` emphasis, GFM task items and tables. */
export function writeMarkdown(tree: Root): string {
  return toMarkdown(tree, {
    bullet: '-',
    emphasis: '*',
    strong: '*',
    rule: '-',
    listItemIndent: 'one',
    fences: true,
    extensions: [gfmToMarkdown()],
    handlers: { wikiLink: writeWikiLink, textLines: writeTextLines },
  })
}
