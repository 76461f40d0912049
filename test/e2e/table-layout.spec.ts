/**
 * The table as one tool: at 1280 × 720 (a laptop's screen) each system's Roll button and odds chart
 * are in view without scrolling, in every roll panel and set-up a system has (the old-school check,
 * a Ladder spell, LODE's opposed roll, a challenge's two sides); the docked odds and Roll button
 * never lie over a field; the chart's labels stay on one line, the dropdowns show their words
 * whole, and the log column reads a line without wrapping every word. All of it holds too while an
 * encounter's banner is up on the clock bar, with the line saying where the advance stopped.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection, raiseEncounterBanner } from './support'

const VIEW = { width: 1280, height: 720 }

interface Panel {
  key: string
  /** Opens the panel, picks whatever the GM picks first, and gives its region. */
  open: (page: Page) => Promise<Locator>
  /**
   * Fields that run past the foot of the screen (a spell's, LODE's modifiers under its combat scene,
   * two sides of an opposed roll or a challenge): the docked odds and Roll button stay over the
   * fields below until the GM scrolls to them, and then cover none.
   */
  long?: true
  /** Fields (by label) the GM sets first: in view and clear of the dock even with an encounter's banner up, unscrolled. */
  first?: string[]
}
interface System {
  key: string
  name: string
  sheets: [string, object][]
  panels: Panel[]
}

const ladderSheet = (assets: [string, string, string?][], rotes: object[] = []) => ({
  concept: 'Rooftop courier',
  assets: assets.map(([name, rating, school]) => ({ name, rating, school: school ?? null })),
  rotes,
  flaws: ['Reckless', 'Owes the guild', 'Afraid of heights'].map((name) => ({ name, vulnerability: false })),
  features: ['scarred hands', 'brass goggles', 'a laugh like a kettle'],
})
const ranksSheet = { abilities: ['Courage', 'Daring', 'Ferocity'].map((name) => ({ name, rank: 'good' })), aspects: [{ name: 'Fencing master', used: false }], harm: { weary: false, hurt: false, doomed: false }, chapterMoves: [] }

const SYSTEMS: System[] = [
  {
    key: 'ladder',
    name: 'The Ladder',
    sheets: [
      ['Tai', ladderSheet([['Hand-to-hand fighting', 'good'], ['Running', 'good'], ['Hiding', 'good'], ['Pistols', 'good'], ['Climbing', 'expert'], ['Eyesight', 'expert']])],
      [
        'Mirela',
        ladderSheet(
          [['Green magic', 'expert', 'green'], ['Hedge charms', 'good', 'hedge'], ['Running', 'good'], ['Hiding', 'good'], ['Pistols', 'good'], ['Climbing', 'good']],
          [{ effect: 'a deep sleep falls on the guards', assets: ['Green magic'], rung: 'good' }],
        ),
      ],
    ],
    panels: [
      {
        key: 'task',
        first: ['Who', 'What', 'Difficulty', 'Ladder (LAD-5)'],
        open: async (page) => {
          const roll = page.getByRole('region', { name: 'Roll a task' })
          await roll.getByLabel('Who', { exact: true }).selectOption({ label: 'Tai' })
          return roll
        },
      },
      {
        key: 'spell',
        long: true,
        open: async (page) => {
          const roll = page.getByRole('region', { name: 'Roll a task' })
          await roll.getByLabel('Who', { exact: true }).selectOption({ label: 'Mirela' })
          await roll.getByRole('radio', { name: 'Cast a spell ✦' }).click()
          await roll.getByRole('checkbox', { name: /^Green magic/ }).check()
          return roll
        },
      },
    ],
  },
  {
    key: 'osr',
    name: 'Old-school core',
    sheets: [['Glam', { level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4 }]],
    panels: [
      {
        key: 'check',
        first: ['Who', 'Modifier', 'Helped by'],
        open: async (page) => {
          const roll = page.getByRole('region', { name: 'Roll', exact: true })
          await roll.getByLabel('Who', { exact: true }).selectOption({ label: 'Glam' })
          return roll
        },
      },
    ],
  },
  {
    key: 'lode',
    name: 'LODE',
    sheets: [
      ['Brann', { attributes: [{ name: 'Strength', dice: 1, note: '' }], skills: [{ name: 'Swordfighting', dice: 2, note: '' }], energySupply: 3 }],
      ['Ysolde', { attributes: [{ name: 'Agility', dice: 1, note: '' }], skills: [{ name: 'Knife fighting', dice: 1, note: '' }], energySupply: 2 }],
    ],
    panels: [
      {
        key: 'roll',
        long: true,
        open: async (page) => {
          const roll = page.getByRole('form', { name: 'Roll a pool' })
          await roll.getByLabel('Who rolls').selectOption({ label: 'Brann' })
          return roll
        },
      },
      {
        key: 'opposed',
        long: true,
        open: async (page) => {
          await page.getByRole('tab', { name: 'Opposed' }).click()
          const roll = page.getByRole('form', { name: 'Opposed roll' })
          await roll.getByLabel('First side', { exact: true }).selectOption({ label: 'Brann' })
          await roll.getByLabel('Opposing side', { exact: true }).selectOption({ label: 'Ysolde' })
          return roll
        },
      },
    ],
  },
  {
    key: 'challenge',
    name: 'The Challenge System',
    sheets: [['Cecilie', { abilities: [{ name: 'Vanquish Monster', rating: 7, bonus: 0, reserves: 5, resistance: 0 }], reductions: [] }]],
    panels: [
      {
        key: 'setup',
        long: true,
        open: async (page) => {
          const setup = page.getByRole('form', { name: 'Set up a challenge' })
          await setup.getByRole('group', { name: 'Challenger' }).getByLabel('Who').selectOption({ label: 'Cecilie' })
          await setup.getByRole('group', { name: 'Challenger' }).getByLabel('Ability').selectOption({ label: 'Vanquish Monster 7' })
          await setup.getByRole('group', { name: 'Opposition' }).getByLabel('Name').fill('the mother dragon')
          await setup.getByRole('group', { name: 'Opposition' }).getByLabel('Rating').fill('6')
          return setup
        },
      },
    ],
  },
  {
    key: 'ranks',
    name: 'Resolution and Ranks',
    sheets: [['Alexis', ranksSheet]],
    panels: [{ key: 'roll', open: async (page) => page.getByRole('region', { name: 'Rank roll' }) }],
  },
]

function prepare(lantern: Lantern, campaignId: number, sheets: [string, object][]): void {
  const db = new BetterSqlite3(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')")
  for (const [name, sheet] of sheets) add.run(campaignId, name, JSON.stringify(sheet))
  db.prepare("insert into location (campaign_id, name, kind, created_at, updated_at) values (?, 'The Hills', 'open', 't', 't')").run(campaignId)
  db.close()
}

/** What these checks use of the page's window (the tests are compiled without the DOM's types). */
interface PageWindow {
  document: { createElement(tag: 'canvas'): { getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } } }
  getComputedStyle(element: unknown): { fontWeight: string; fontSize: string; fontFamily: string; paddingLeft: string; paddingRight: string; lineHeight: string }
}
interface PageSelect {
  id: string
  name: string
  clientWidth: number
  selectedIndex: number
  options: { text: string }[]
}
interface PageLabel {
  textContent: string | null
  getBoundingClientRect(): { height: number; left: number; right: number }
}

/** Every field of a panel that comes before its dock, with where it sits, and where the dock sits. */
interface PageBox {
  top: number
  bottom: number
  left: number
  right: number
}
interface PageElement {
  getBoundingClientRect(): PageBox & { width: number; height: number }
  compareDocumentPosition(other: PageElement): number
  closest(selector: string): PageElement | null
  getAttribute(name: string): string | null
  id: string
  textContent: string | null
  querySelector(selector: string): PageElement | null
  querySelectorAll(selector: string): PageElement[]
  checkVisibility(): boolean
}
const FOLLOWING = 4

for (const system of SYSTEMS) for (const banner of [false, true]) {
  test(`${system.name} at 1280 × 720${banner ? ', an encounter’s banner up' : ''}: in each roll panel the Roll button and the odds chart are in view without scrolling and over no field, labels on one line, no dropdown cut`, async ({ page, lantern }) => {
    const problems = watchConsole(page)
    await page.setViewportSize(VIEW)
    const campaignId = await createCampaign(page, lantern, `${system.name} night`, system.name)
    prepare(lantern, campaignId, system.sheets)
    await page.reload()
    if (banner) await raiseEncounterBanner(page)
    await openSection(page, 'Table')
    const bar = page.getByRole('region', { name: 'Session' })
    await bar.getByRole('button', { name: 'Start session' }).click()
    await expect(bar).toContainText('Session 1')
    for (const { key, open, long, first } of system.panels) {
      const panel = await open(page)
      const where = `${system.key} ${key}${banner ? ' (banner up)' : ''}`
      const chart = panel.getByRole('figure').first()
      await expect(chart.getByRole('listitem').first()).toBeVisible()
      await page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })")
      expect(await page.evaluate('window.scrollY')).toBe(0)

      // The Roll button and the chart, whole, inside the window as it opens.
      const roll = panel.getByRole('button', { name: /^(Roll|Cast|Start challenge)/ }).first()
      for (const [what, box] of [['chart', await chart.boundingBox()], ['Roll button', await roll.boundingBox()]] as const) {
        expect(box, `${where} ${what}`).not.toBeNull()
        expect(box!.y, `${where} ${what} top`).toBeGreaterThanOrEqual(0)
        expect(box!.y + box!.height, `${where} ${what} bottom`).toBeLessThanOrEqual(VIEW.height)
        expect(box!.x + box!.width, `${where} ${what} right`).toBeLessThanOrEqual(VIEW.width)
      }
      // What the GM sets first is clear of the dock as the panel opens, banner or not.
      const dockTop = await chart.evaluate((figure) => (figure as unknown as PageElement).closest('.dock')?.getBoundingClientRect().top ?? 0)
      for (const label of first ?? []) {
        const box = (await panel.getByLabel(label, { exact: true }).first().boundingBox())!
        expect(box.y + box.height, `${where}: ${label} clear of the dock`).toBeLessThanOrEqual(dockTop + 0.5)
      }
      // The dock (the chart and the Roll button) lies over no field: every field above it ends above it
      // (for two sides, once the GM has scrolled down to the last of them), and none is under the clock
      // bar. An encounter's banner slides away under the window's top as the GM scrolls while the rest
      // of the bar stays: scrolled that far, the panel is as it is without a banner.
      if (long) await page.evaluate("window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })")
      else if (banner) {
        // The bar sticks once the page has scrolled past what is above it and then its notices.
        const { above, slide } = await page.getByRole('region', { name: 'Clock' }).evaluate((el) => {
          const bar = el as unknown as { style: { top: string }; getBoundingClientRect(): { top: number } }
          return { above: bar.getBoundingClientRect().top, slide: -parseFloat(bar.style.top || '0') }
        })
        expect(slide, `${where}: the banner slides away`).toBeGreaterThan(0)
        await page.evaluate(`window.scrollTo({ top: ${above + slide}, behavior: 'instant' })`)
        await expect(page.getByRole('region', { name: 'Clock' }).getByRole('alert')).not.toBeInViewport()
        await expect(page.getByRole('region', { name: 'Clock' }).getByTestId('clock-time')).toBeInViewport()
      }
      const covered = await chart.evaluate((figure, { following, barToo }) => {
        const dock = (figure as unknown as PageElement).closest('.dock')
        if (!dock) return ['the chart is in no dock']
        const top = dock.getBoundingClientRect().top
        const barBottom = barToo ? ((figure as unknown as PageElement).closest('body')?.querySelector('section.clock-bar')?.getBoundingClientRect().bottom ?? 0) : -Infinity
        const form = dock.closest('form, section[aria-label], [role="region"]') ?? dock
        return [...form.querySelectorAll('input, select, textarea, button, label, legend, summary')]
          .filter((field) => (field.compareDocumentPosition(dock) & following) !== 0 && field.closest('.dock') === null && field.checkVisibility())
          .filter((field) => {
            const box = field.getBoundingClientRect()
            return box.height > 0 && (box.bottom > top + 0.5 || box.top < barBottom - 0.5)
          })
          .map((field) => {
            const box = field.getBoundingClientRect()
            const under = box.bottom > top + 0.5 ? `${Math.round(box.bottom)} > dock ${Math.round(top)}` : `${Math.round(box.top)} < clock bar ${Math.round(barBottom)}`
            return `${field.id || field.getAttribute('aria-label') || (field.textContent ?? '').trim().slice(0, 30)} (${under})`
          })
      }, { following: FOLLOWING, barToo: !long })
      expect(covered, `${where}: fields under the dock or the clock bar`).toEqual([])
      await page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })")

      // Each outcome's label on one line, inside the chart.
      const chartBox = (await chart.boundingBox())!
      const labels = await chart.getByRole('listitem').evaluateAll((items) => {
        const w = globalThis as unknown as PageWindow
        return (items as unknown as { lastElementChild: PageLabel }[]).map((li) => {
          const r = li.lastElementChild.getBoundingClientRect()
          return { text: li.lastElementChild.textContent ?? '', height: r.height, lineHeight: parseFloat(w.getComputedStyle(li.lastElementChild).lineHeight), left: r.left, right: r.right }
        })
      })
      for (const l of labels) {
        expect(l.height, `${where}: “${l.text}” on one line`).toBeLessThan(l.lineHeight * 1.5)
        expect(l.left, `${where}: “${l.text}” inside the chart`).toBeGreaterThanOrEqual(chartBox.x)
        expect(l.right, `${where}: “${l.text}” inside the chart`).toBeLessThanOrEqual(chartBox.x + chartBox.width)
      }
      // No dropdown of the roll panel shows its choice cut (“Hand-to-han…”).
      // A select whose chosen words are wider than it shows (the arrow takes about 20 px beside the padding).
      const cut = await panel.locator('select:visible').evaluateAll((selects) => {
        const w = globalThis as unknown as PageWindow
        const ctx = w.document.createElement('canvas').getContext('2d')
        return (selects as unknown as PageSelect[]).flatMap((s) => {
          const words = s.options[s.selectedIndex]?.text ?? ''
          const style = w.getComputedStyle(s)
          ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
          const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20
          return ctx.measureText(words).width > room ? [`${s.id || s.name}: “${words}”`] : []
        })
      })
      expect(cut, where).toEqual([])
      // The log is wide enough to read a line.
      const log = (await page.getByRole('region', { name: 'Log' }).boundingBox())!
      expect(log.width).toBeGreaterThanOrEqual(320)
      await page.screenshot({ path: test.info().outputPath(`table-${system.key}-${key}${banner ? '-banner' : ''}.png`) })
    }
    expect(problems).toEqual([])
  })
}

/** How far apart the farthest two of these positions are, in px. */
const spread = (xs: number[]): number => Math.max(...xs) - Math.min(...xs)

/** Where an element's box begins and ends across the page. */
interface Span {
  left: number
  right: number
}

test('a long campaign (day 300, session 120): the log’s and the history’s times and the sessions’ numbers lie clear of their words, every line’s words starting at one place', async ({ page, lantern }) => {
  const problems = watchConsole(page)
  await page.setViewportSize(VIEW)
  const campaignId = await createCampaign(page, lantern, 'The long road', 'Old-school core')
  const db = new BetterSqlite3(lantern.dataFile)
  const addSession = db.prepare("insert into session (campaign_id, number, title, status, created_at, updated_at) values (?, ?, '', 'closed', 't', 't')")
  for (let n = 1; n <= 120; n++) addSession.run(campaignId, n)
  db.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload, audience) values (?, 0, 't', 'note', ?, 'all')").run(campaignId, JSON.stringify({ text: 'The road begins.' }))
  db.close()
  await page.reload()

  // Three hundred days on, and a turn there: the times read “D300 · 00:05”.
  await openSection(page, 'Time & light')
  const setTime = page.getByRole('region', { name: 'Set the time' })
  await setTime.getByRole('spinbutton', { name: 'Day' }).fill('300')
  await setTime.getByRole('button', { name: 'Set time' }).click()
  await expect(page.getByRole('region', { name: 'Clock' }).getByTestId('clock-time')).toContainText('Day 300')
  await openSection(page, 'Table')
  await page.keyboard.press('t')
  await expect(page.getByRole('region', { name: 'Clock' }).getByTestId('clock-time')).toContainText('Day 300 · 00:05')

  const rows = (list: Locator, when: string, what: string) =>
    list.locator(':scope > li').evaluateAll(
      (items, sel) =>
        items.map((li) => {
          // Where the element's words are drawn (a Range over them): words wider than their box run past it.
          const box = (s: string): Span => {
            const range = (globalThis as unknown as { document: { createRange(): { selectNodeContents(n: unknown): void; getBoundingClientRect(): Span } } }).document.createRange()
            range.selectNodeContents((li as unknown as PageElement).querySelector(s))
            const r = range.getBoundingClientRect()
            return { left: r.left, right: r.right }
          }
          return { text: ((li as unknown as PageElement).textContent ?? '').trim().slice(0, 40), when: box(sel.when), what: box(sel.what) }
        }),
      { when, what },
    )
  for (const [name, list] of [
    ['log', page.getByRole('list', { name: 'Log entries' })],
    ['history', page.getByRole('list', { name: 'Last actions' })],
  ] as const) {
    await expect(list.locator(':scope > li').first()).toBeVisible()
    const seen = await rows(list, '.when', '.what')
    expect(seen.length, name).toBeGreaterThanOrEqual(2)
    for (const r of seen) expect(r.when.right, `${name}: “${r.text}”: its time ends before its words`).toBeLessThanOrEqual(r.what.left)
    expect(spread(seen.map((r) => r.what.left)), `${name}: every line’s words start at one place`).toBeLessThan(0.5)
  }
  await expect(page.getByRole('list', { name: 'Log entries' })).toContainText('D300 · 00:05')
  await expect(page.getByRole('list', { name: 'Log entries' })).toContainText('D1 · 00:00')
  await page.screenshot({ path: test.info().outputPath('table-long-campaign.png') })

  await openSection(page, 'Sessions')
  const sessions = page.getByRole('list', { name: 'Sessions' })
  await expect(sessions.locator(':scope > li')).toHaveCount(120)
  const cards = await rows(sessions, '.number', 'h2')
  for (const c of [...cards.slice(0, 3), ...cards.slice(-12)]) expect(c.when.right, `“${c.text}”: its number ends before its title`).toBeLessThanOrEqual(c.what.left)
  expect(spread(cards.map((c) => c.what.left)), 'every session’s title starts at one place').toBeLessThan(0.5)
  await page.screenshot({ path: test.info().outputPath('sessions-long-campaign.png') })
  expect(problems).toEqual([])
})
