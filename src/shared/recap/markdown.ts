/**
 * Writing a GM's own text into CommonMark so it renders as typed, and reading a recap's YAML front
 * matter back off (the preview shows it apart). Shared: the main process writes recaps, the
 * renderer previews them.
 */

export const RECAP_VARIANTS = ['gm', 'players'] as const
export type RecapVariant = (typeof RECAP_VARIANTS)[number]

/**
 * Characters that can start markup anywhere in a line: emphasis, code spans, links and images,
 * raw HTML and entities, hard breaks, headings' closing #s, and the table and strikethrough
 * extensions many Markdown apps add (Obsidian, GitHub). Each is escaped with a backslash, which
 * CommonMark allows before any ASCII punctuation.
 */
const INLINE_MARKUP = /[\\`*_[\]<>#|~&!]/g

/**
 * One line of user text, safe anywhere inside a paragraph, list item or heading: newlines become
 * spaces, markup characters are escaped.
 * @example mdInline('*Grim* [Bob] <b>') // '\\*Grim\\* \\[Bob\\] \\<b\\>'
 */
export function mdInline(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(INLINE_MARKUP, '\\$&')
    .replace(/\s+$/, '')
}

/**
 * One line of user text that begins a line of its own (a paragraph's line): also escapes what only
 * counts at the start of a line (list markers, "1.", block quotes, setext underlines) and drops the
 * indent that would make it a code block.
 * @example mdLineStart('- not a list') // '\\- not a list'
 */
export function mdLineStart(text: string): string {
  const line = mdInline(text).replace(/^\s+/, '')
  return line.replace(/^([-+=>])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2')
}

/**
 * A GM's multi-line text as paragraphs: blank lines part paragraphs, each other line break stays a
 * line break (a trailing backslash, CommonMark's hard break).
 * @example mdParagraphs('Rats!\nMore rats.') // 'Rats\\!\\\nMore rats.'
 */
export function mdParagraphs(text: string): string {
  const paragraphs: string[][] = [[]]
  for (const raw of text.split(/\r\n?|\n/)) {
    const line = mdLineStart(raw)
    if (line === '') {
      if (paragraphs.at(-1)!.length > 0) paragraphs.push([])
    } else paragraphs.at(-1)!.push(line)
  }
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => p.join('\\\n'))
    .join('\n\n')
}

/**
 * A YAML scalar that reads back as exactly this text: a double-quoted string (JSON's escapes are
 * YAML's), or null.
 * @example yamlValue('Rats: "big" ones') // '"Rats: \\"big\\" ones"'
 */
export function yamlValue(value: string | number | null): string {
  if (value === null) return 'null'
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value).replace(/\u2028/g, '\\L').replace(/\u2029/g, '\\P')
}

/**
 * Splits a recap into its front matter (the lines between the opening and closing `---`) and its
 * body, for a preview that shows them apart.
 * @example splitFrontMatter('---\na: 1\n---\n# Hi') // { frontMatter: 'a: 1', body: '# Hi' }
 */
export function splitFrontMatter(markdown: string): { frontMatter: string; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n?/.exec(markdown)
  if (!m) return { frontMatter: '', body: markdown }
  return { frontMatter: m[1]!, body: markdown.slice(m[0].length) }
}
