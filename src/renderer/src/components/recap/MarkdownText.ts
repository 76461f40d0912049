/**
 * A short Markdown text (a log note) shown inline, as the recap will show it: read by the recap's
 * reader and built as elements by mdast-to-vnodes.ts, with no HTML ever set. `links: false` where
 * the text sits inside a button (a link there would be a control inside a control).
 */
import { computed, defineComponent, h } from 'vue'
import { mdastToVNodes } from './mdast-to-vnodes'
import { readMarkdown } from './read-markdown'
import './markdown-preview.css'

export default defineComponent({
  name: 'MarkdownText',
  props: { source: { type: String, required: true }, links: { type: Boolean, default: true } },
  setup(props) {
    const tree = computed(() => readMarkdown(props.source))
    return () => h('span', { class: 'markdown-preview markdown-text' }, mdastToVNodes(tree.value, { inline: true, links: props.links }))
  },
})
