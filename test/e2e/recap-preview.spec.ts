/**
 * The recap's preview shows the tree its Markdown file holds: the same headings, list items and
 * links, read by the same Markdown reader; raw HTML stays text, images are not loaded, and only
 * https addresses are links (the only ones the desktop app opens in the system browser).
 */
import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { splitFrontMatter } from '../../src/shared/recap/markdown'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'

const NOTES = `## Recap
The party met *Mother Vex* at the **gate**, read \`the ledger\` and ~~ran~~ walked on.

### Places
1. The gate
2. The [old mill](https://example.org/mill "The mill") and [the tower][tower]
   - a nested [wiki](http://example.org/wiki)
3. A [bad link](javascript:alert(1)) and a [relative one](notes/other.md)

- [x] Pay the ferryman
- [ ] Find the missing key

> The bell tolls at midnight.

| Who | Gold |
| :-- | ---: |
| Ana | 12 |
| Glam | 3 |

![A map of the keep](https://example.org/map.png)

<img src=x onerror="document.title='pwned'"> and <b>bold?</b>

---

Said at https://example.org/autolink too.

[tower]: https://example.org/tower
`

const squash = (s: string) => s.replace(/\s+/g, ' ').trim()

function text(node: Nodes): string {
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? ''
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return (node.children as Nodes[]).map(text).join('')
  return ''
}

/** What the Markdown file holds, read as the recap is written: headings, list items, https links. */
function holds(markdown: string) {
  const tree = fromMarkdown(splitFrontMatter(markdown).body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
  const definitions = new Map<string, string>()
  const headings: string[] = []
  const items: string[] = []
  const links: string[] = []
  const unlinked: string[] = []
  const ticks: boolean[] = []
  const walk = (node: Nodes, visit: (n: Nodes) => void) => {
    visit(node)
    if ('children' in node) for (const c of node.children as Nodes[]) walk(c, visit)
  }
  walk(tree, (n) => {
    if (n.type === 'definition') definitions.set(n.identifier, n.url)
  })
  walk(tree, (n) => {
    if (n.type === 'heading') headings.push(`h${n.depth} ${squash(text(n))}`)
    if (n.type === 'listItem') {
      items.push(squash(text(n)))
      if (typeof n.checked === 'boolean') ticks.push(n.checked)
    }
    if (n.type === 'link' || n.type === 'linkReference') {
      const url = n.type === 'link' ? n.url : definitions.get(n.identifier)!
      if (/^https:\/\//i.test(url)) links.push(`${new URL(url).href} ${squash(text(n))}`)
      else unlinked.push(squash(text(n)))
    }
  })
  return { headings, items, links, unlinked, ticks }
}

test('the recap preview holds exactly the headings, list items and links of its Markdown file', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 1400 })
  await createCampaign(page, lantern, 'The Sunken Keep', 'Old-school core')
  await openSection(page, 'Table')
  const main = page.getByRole('main')
  const bar = main.getByRole('region', { name: 'Session' })
  await bar.getByLabel('Session title').fill('The Mill')
  await bar.getByRole('button', { name: 'Start session' }).click()
  await expect(bar).toContainText('Session 1 · The Mill')
  await bar.getByRole('button', { name: 'Close session' }).click()
  await expect(bar.getByRole('status')).toHaveText('Session 1 closed at Day 1 · 00:00.')

  await openSection(page, 'Sessions')
  await main.getByRole('button', { name: 'Edit Session 1: The Mill' }).click()
  await page.getByLabel('GM notes').fill(NOTES)
  await page.getByRole('button', { name: 'Save session' }).click()
  await main.getByRole('link', { name: 'Recap of Session 1: The Mill' }).click()

  const preview = main.getByRole('region', { name: 'Preview' })
  const source = main.getByLabel('Markdown source')
  for (const variant of ['Players', 'GM (everything)']) {
    await main.getByLabel(variant, { exact: true }).check()
    await expect(preview.getByRole('heading', { name: 'Places' })).toBeVisible()
    // The GM's variant keeps the notes' own "Recap" heading; the players' reads it as the summary.
    // Waiting for it in both the preview and the source means the variant has finished loading.
    if (variant === 'GM (everything)') {
      await expect(preview.getByRole('heading', { name: 'Recap', level: 3 })).toBeVisible()
      await expect(source).toHaveValue(/^### Recap$/m)
      await preview.screenshot({ path: 'test-results/shots-recap/recap-preview-gm.png' })
    } else {
      await expect(preview.getByRole('heading', { name: 'Recap' })).toHaveCount(0)
      await expect(source).not.toHaveValue(/^#+ Recap$/m)
    }
    const markdown = await source.inputValue()
    const want = holds(markdown)
    const shown = await preview.locator('.markdown-preview').evaluate((root) => {
      const all = (sel: string) => [...root.querySelectorAll(sel)]
      const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim()
      return {
        headings: all('h1, h2, h3, h4, h5, h6').map((e) => `${e.tagName.toLowerCase()} ${squash(e.textContent)}`),
        items: all('li').map((e) => squash(e.textContent)),
        links: all('a').map((e) => `${e.getAttribute('href')} ${squash(e.textContent)}`),
        rels: all('a').map((e) => `${e.getAttribute('target')} ${e.getAttribute('rel')}`),
        ticks: all('li > input[type=checkbox], li > p > input[type=checkbox]').map((e) => (e as unknown as { checked: boolean }).checked),
        images: all('img').length,
      }
    })
    expect(shown.headings).toEqual(want.headings)
    expect(shown.items).toEqual(want.items)
    expect(shown.links).toEqual(want.links)
    expect(shown.ticks).toEqual(want.ticks)
    // Every link opens in a new window with no hold on Lantern's page; no image is loaded.
    expect(new Set(shown.rels)).toEqual(new Set(['_blank noopener noreferrer']))
    expect(shown.images).toBe(0)
    // Sanity: the notes' own headings, items and links are among them.
    expect(want.headings.filter((x) => x.endsWith(' Places'))).toHaveLength(1)
    expect(want.items).toContain('Pay the ferryman')
    expect(want.links).toContain('https://example.org/tower the tower')
    // A link to anything but an https address shows its words only.
    for (const words of want.unlinked) await expect(preview).toContainText(words)
  }

  // The GM's variant: the rest of what the notes hold, as a reader sees it.
  await expect(preview.locator('em', { hasText: 'Mother Vex' })).toBeVisible()
  await expect(preview.locator('strong', { hasText: 'gate' })).toBeVisible()
  await expect(preview.locator('code', { hasText: 'the ledger' })).toBeVisible()
  await expect(preview.locator('del', { hasText: 'ran' })).toBeVisible()
  await expect(preview.locator('blockquote')).toHaveText('The bell tolls at midnight.')
  await expect(preview.getByRole('columnheader')).toHaveText(['Who', 'Gold'])
  await expect(preview.getByRole('cell', { name: '12' })).toHaveCSS('text-align', 'right')
  await expect(preview.locator('hr')).toHaveCount(1)
  await expect(preview).toContainText('A map of the keep')
  // Raw HTML is shown as the text it is, never run.
  await expect(preview).toContainText(`<img src=x onerror="document.title='pwned'"> and <b>bold?</b>`)
  await expect(preview.locator('b')).toHaveCount(0)
  expect(await page.title()).not.toBe('pwned')

  // A link opens its page in a new window (answered here: the test reaches no other machine).
  await page.context().route('https://example.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>The mill</title>' }))
  const [opened] = await Promise.all([page.waitForEvent('popup'), preview.getByRole('link', { name: 'old mill' }).click()])
  await expect(opened).toHaveTitle('The mill')
  expect(opened.url()).toBe('https://example.org/mill')
  await opened.close()
  expect(problems).toEqual([])
})
