/**
 * What the main process and the renderer share about recaps: their variants, and reading a recap's
 * YAML front matter back off (the preview shows it apart). The recap itself is written by a
 * Markdown library in the main process (services/recap/build.ts).
 */

export const RECAP_VARIANTS = ['gm', 'players'] as const
export type RecapVariant = (typeof RECAP_VARIANTS)[number]

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
