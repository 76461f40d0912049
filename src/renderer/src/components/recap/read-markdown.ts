/**
 * Reads Markdown into its syntax tree (mdast) exactly as the recap's writer in the main process reads
 * the GM's notes (services/recap/notes.ts): CommonMark with the GFM extensions (task lists, tables,
 * strikethrough, autolinks, footnotes), so the preview shows the tree the file holds.
 */
import type { Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'

export function readMarkdown(source: string): Root {
  return fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
}
