/**
 * Shows Markdown as the reader will see it: read into its syntax tree by the same reader as the
 * recap's writer (read-markdown.ts), and that tree built as elements with their text set as text
 * (mdast-to-vnodes.ts). No HTML is ever set.
 */
import { computed, defineComponent, h } from 'vue'
import { mdastToVNodes } from './mdast-to-vnodes'
import { readMarkdown } from './read-markdown'
import './markdown-preview.css'

export default defineComponent({
  name: 'MarkdownPreview',
  props: { source: { type: String, required: true } },
  setup(props) {
    const tree = computed(() => readMarkdown(props.source))
    // It scrolls on its own: focusable, so the keyboard can scroll it too.
    return () => h('div', { class: 'markdown-preview', tabindex: 0 }, mdastToVNodes(tree.value))
  },
})
