/**
 * Shows Markdown as the reader will see it, without ever setting HTML: markdown-it (raw HTML off)
 * parses it into tokens, and each token becomes a Vue element from a short list of allowed tags,
 * its text set as text. Anything outside the list shows as its plain text.
 */
import MarkdownIt from 'markdown-it'
import { defineComponent, h, type VNode, type VNodeArrayChildren } from 'vue'

const md = new MarkdownIt({ html: false, linkify: false })
type Token = ReturnType<typeof md.parse>[number]

const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td'])
const INLINE_TAGS = new Set(['em', 'strong', 's', 'a'])

/** Builds children from tokens[start…] until the closing token at this nesting (or the end). */
function build(tokens: Token[], start: number, inline: boolean): { nodes: VNodeArrayChildren; next: number } {
  const nodes: VNodeArrayChildren = []
  let i = start
  while (i < tokens.length) {
    const t = tokens[i]!
    if (t.nesting === -1) return { nodes, next: i + 1 }
    if (t.nesting === 1) {
      const inner = build(tokens, i + 1, inline)
      const allowed = inline ? INLINE_TAGS : BLOCK_TAGS
      // A link shows its text only: a recap's links are never followed from the preview.
      const tag = t.tag === 'a' ? 'span' : t.tag
      nodes.push(allowed.has(t.tag) ? h(tag, inner.nodes) : h('span', inner.nodes))
      i = inner.next
      continue
    }
    nodes.push(leaf(t))
    i++
  }
  return { nodes, next: i }
}

function leaf(t: Token): VNode | string {
  switch (t.type) {
    case 'inline':
      return h('span', { class: 'inline' }, build(t.children ?? [], 0, true).nodes)
    case 'text':
      return t.content
    case 'softbreak':
      return '\n'
    case 'hardbreak':
      return h('br')
    case 'code_inline':
      return h('code', t.content)
    case 'fence':
    case 'code_block':
      return h('pre', [h('code', t.content)])
    case 'hr':
      return h('hr')
    default:
      return t.content
  }
}

export default defineComponent({
  name: 'MarkdownPreview',
  props: { source: { type: String, required: true } },
  setup(props) {
    return () => h('div', { class: 'markdown-preview' }, build(md.parse(props.source, {}), 0, false).nodes)
  },
})
