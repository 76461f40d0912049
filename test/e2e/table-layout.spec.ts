/**
 * The table as one tool: at 1280 × 720 (a laptop's screen) each system's Roll button and odds chart
 * are in view without scrolling, the chart's labels stay on one line, the dropdowns show their
 * words whole, and the log column reads a line without wrapping every word.
 */
import BetterSqlite3 from 'better-sqlite3'
import type { Locator, Page } from '@playwright/test'
import { test, expect, watchConsole, type Lantern } from './fixtures'
import { createCampaign, openSection } from './support'

const VIEW = { width: 1280, height: 720 }

interface System {
  key: string
  name: string
  sheets: [string, object][]
  /** The roll panel's region, and whatever the GM picks first. */
  roll: (page: Page) => Promise<Locator>
}

const ladderSheet = (assets: [string, string][]) => ({
  concept: 'Rooftop courier',
  assets: assets.map(([name, rating]) => ({ name, rating, school: null })),
  flaws: ['Reckless', 'Owes the guild', 'Afraid of heights'].map((name) => ({ name, vulnerability: false })),
  features: ['scarred hands', 'brass goggles', 'a laugh like a kettle'],
})
const ranksSheet = { abilities: ['Courage', 'Daring', 'Ferocity'].map((name) => ({ name, rank: 'good' })), aspects: [{ name: 'Fencing master', used: false }], harm: { weary: false, hurt: false, doomed: false }, chapterMoves: [] }

const SYSTEMS: System[] = [
  {
    key: 'ladder',
    name: 'The Ladder',
    sheets: [['Tai', ladderSheet([['Hand-to-hand fighting', 'good'], ['Running', 'good'], ['Hiding', 'good'], ['Pistols', 'good'], ['Climbing', 'expert'], ['Eyesight', 'expert']])]],
    roll: async (page) => page.getByRole('region', { name: 'Roll a task' }),
  },
  {
    key: 'osr',
    name: 'Old-school core',
    sheets: [['Glam', { level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4 }]],
    roll: async (page) => {
      const roll = page.getByRole('region', { name: 'Roll', exact: true })
      await roll.getByLabel('Who').selectOption({ label: 'Glam' })
      return roll
    },
  },
  {
    key: 'lode',
    name: 'LODE',
    sheets: [['Brann', { attributes: [{ name: 'Strength', dice: 1, note: '' }], skills: [{ name: 'Swordfighting', dice: 2, note: '' }], energySupply: 3 }]],
    roll: async (page) => {
      const roll = page.getByRole('form', { name: 'Roll a pool' })
      await roll.getByLabel('Who rolls').selectOption({ label: 'Brann' })
      return roll
    },
  },
  {
    key: 'challenge',
    name: 'The Challenge System',
    sheets: [['Cecilie', { abilities: [{ name: 'Vanquish Monster', rating: 7, bonus: 0, reserves: 5, resistance: 0 }], reductions: [] }]],
    roll: async (page) => {
      const setup = page.getByRole('form', { name: 'Set up a challenge' })
      await setup.getByRole('group', { name: 'Challenger' }).getByLabel('Who').selectOption({ label: 'Cecilie' })
      await setup.getByRole('group', { name: 'Challenger' }).getByLabel('Ability').selectOption({ label: 'Vanquish Monster 7' })
      await setup.getByRole('group', { name: 'Opposition' }).getByLabel('Name').fill('the mother dragon')
      await setup.getByRole('group', { name: 'Opposition' }).getByLabel('Rating').fill('6')
      return setup
    },
  },
  {
    key: 'ranks',
    name: 'Resolution and Ranks',
    sheets: [['Alexis', ranksSheet]],
    roll: async (page) => page.getByRole('region', { name: 'Rank roll' }),
  },
]

function prepare(lantern: Lantern, campaignId: number, sheets: [string, object][]): void {
  const db = new BetterSqlite3(lantern.dataFile)
  const add = db.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, ?, 't', 't')")
  for (const [name, sheet] of sheets) add.run(campaignId, name, JSON.stringify(sheet))
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

for (const system of SYSTEMS) {
  test(`${system.name} at 1280 × 720: the Roll button and the odds chart are in view without scrolling, labels on one line, no dropdown cut`, async ({ page, lantern }) => {
    const problems = watchConsole(page)
    await page.setViewportSize(VIEW)
    const campaignId = await createCampaign(page, lantern, `${system.name} night`, system.name)
    prepare(lantern, campaignId, system.sheets)
    await page.reload()
    await openSection(page, 'Table')
    const bar = page.getByRole('region', { name: 'Session' })
    await bar.getByRole('button', { name: 'Start session' }).click()
    await expect(bar).toContainText('Session 1')
    const panel = await system.roll(page)
    const chart = panel.getByRole('figure').first()
    await expect(chart.getByRole('listitem').first()).toBeVisible()
    await page.evaluate('window.scrollTo(0, 0)')
    expect(await page.evaluate('window.scrollY')).toBe(0)

    // The Roll button and the chart, whole, inside the window as it opens.
    const roll = panel.getByRole('button', { name: /^(Roll|Start challenge)/ }).first()
    for (const [what, box] of [['chart', await chart.boundingBox()], ['Roll button', await roll.boundingBox()]] as const) {
      expect(box, what).not.toBeNull()
      expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0)
      expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(VIEW.height)
      expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(VIEW.width)
    }
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
      expect(l.height, `“${l.text}” on one line`).toBeLessThan(l.lineHeight * 1.5)
      expect(l.left, `“${l.text}” inside the chart`).toBeGreaterThanOrEqual(chartBox.x)
      expect(l.right, `“${l.text}” inside the chart`).toBeLessThanOrEqual(chartBox.x + chartBox.width)
    }
    // No dropdown of the roll panel shows its choice cut (“Hand-to-han…”).
    // A select whose chosen words are wider than it shows (the arrow takes about 20 px beside the padding).
    const cut = await panel
      .locator('select:visible')
      .evaluateAll((selects) => {
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
    expect(cut).toEqual([])
    // The log is wide enough to read a line.
    const log = (await page.getByRole('region', { name: 'Log' }).boundingBox())!
    expect(log.width).toBeGreaterThanOrEqual(320)
    await page.screenshot({ path: test.info().outputPath(`table-${system.key}.png`) })
    expect(problems).toEqual([])
  })
}
