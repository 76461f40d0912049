/**
 * Draws the players' screen from its projection with DOM nodes and text only (no HTML strings):
 * the clock, the lights with their time left as bars, darkness, the order of play in combat, the
 * party's provisions and conditions, public rolls and handouts.
 */
import type { PlayerView } from '../../../shared/contract'
import { distanceWords } from '../../../shared/distance-words'

type Child = Node | string | null | false | undefined

function el(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
  for (const c of children) if (c) node.append(c)
  return node
}

/** "45 min", "4 h 10 min", "2 d 3 h": game time left, as the table says it. */
export function timeLeft(seconds: number): string {
  const m = Math.max(0, Math.round(seconds / 60))
  if (m < 60) return `${m} min`
  const h = Math.floor(m / 60)
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`
  const d = Math.floor(h / 24)
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`
}

const MODE_WORDS: Record<PlayerView['mode'], string> = { exploration: 'Exploration', combat: 'Combat', downtime: 'Downtime' }

function clock(v: PlayerView): HTMLElement {
  return el(
    'header',
    { class: 'clock' },
    el('p', { class: 'campaign' }, v.campaignName),
    el('p', { class: 'when', 'data-testid': 'players-when' }, `Day ${v.day} · ${v.timeOfDay}`),
    el('p', { class: `mode mode-${v.mode}`, 'data-testid': 'players-mode' }, v.mode === 'combat' ? `Combat · round ${v.round}` : MODE_WORDS[v.mode]),
    el('p', { class: `daylight daylight-${v.daylight}`, 'data-testid': 'players-daylight' }, v.daylight === 'day' ? 'Day' : 'Night'),
  )
}

/** CLK-14: the road as the players know it: the legs, where they are, camp or march, the weather. */
function journey(v: PlayerView): HTMLElement | null {
  const j = v.journey
  if (!j) return null
  const strip = el('ol', { class: 'road', 'aria-label': 'The road' })
  j.legs.forEach((leg, k) => {
    const here = !j.arrived && j.leg === k + 1
    const done = j.arrived ? (j.direction === 'out' ? 1 : 0) : k + 1 < j.leg ? 1 : here ? Math.min(1, j.along / (leg.length || 1)) : 0
    const fill = el('span', { class: 'fill' })
    fill.style.width = `${Math.round(done * 100)}%`
    const item = el('li', { class: here ? 'leg here' : 'leg' }, el('span', { class: 'bar' }, fill), el('span', { class: 'leg-name' }, el('span', {}, leg.terrain), ' · ', el('span', {}, distanceWords(leg.length, leg.unit))))
    item.style.flexGrow = String(leg.length)
    strip.append(item)
  })
  const where = j.arrived
    ? j.direction === 'out' ? `Arrived at ${j.to}` : 'Back where the journey began'
    : `Leg ${j.leg} of ${j.legs.length}: ${j.legs[j.leg - 1]?.terrain ?? ''}, ${j.along} of ${distanceWords(j.legs[j.leg - 1]?.length ?? 0, j.legs[j.leg - 1]?.unit ?? 'miles')} · ${j.phase === 'camp' ? `in camp${j.onWatch ? ` · ${j.onWatch} on watch` : ''}` : 'on the march'}`
  return el(
    'section',
    { class: 'journey', 'aria-label': 'The journey', 'data-testid': 'players-journey' },
    el('h2', {}, j.to ? `To ${j.to}` : j.name),
    strip,
    el('p', { class: 'where', 'data-testid': 'players-journey-where' }, where),
    j.weather ? el('p', { class: 'weather', 'data-testid': 'players-weather' }, j.weather) : null,
  )
}

function lights(v: PlayerView): HTMLElement | null {
  // CLK-13: by day under the sky, with no light lit, there is nothing to show here.
  if (!v.dark && v.lights.length === 0) return null
  const section = el('section', { class: 'lights', 'aria-label': 'Lights', 'data-testid': 'players-lights' })
  if (v.dark) section.append(el('p', { class: 'dark', role: 'alert', 'data-testid': 'players-dark' }, 'Darkness', el('span', {}, v.darkness ?? 'No light is lit')))
  for (const l of v.lights) {
    const fill = l.fullSeconds > 0 ? Math.max(0, Math.min(1, l.secondsLeft / l.fullSeconds)) : 0
    const bar = el('div', { class: 'bar', role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': String(l.fullSeconds), 'aria-valuenow': String(l.secondsLeft), 'aria-label': `${l.name} time left` })
    const inner = el('div', { class: 'fill' })
    inner.style.width = `${Math.round(fill * 100)}%`
    bar.append(inner)
    section.append(
      el(
        'div',
        { class: `light${l.goingOut ? ' going-out' : ''}`, 'data-testid': 'players-light' },
        el('p', { class: 'light-head' }, el('strong', {}, l.name), l.carrier ? ` · ${l.carrier}` : null, el('span', { class: 'left' }, timeLeft(l.secondsLeft))),
        bar,
        l.goingOut ? el('p', { class: 'warning', role: 'alert' }, 'About to go out') : null,
      ),
    )
  }
  return section
}

function combat(v: PlayerView): HTMLElement | null {
  if (!v.combat) return null
  const c = v.combat
  const list = el('section', { class: 'combat', 'aria-label': c.terms, 'data-testid': 'players-combat' }, el('h2', {}, c.terms))
  for (const g of c.groups) {
    // A group named as the whole list ("Combatants" under "Combatants") takes no heading of its own.
    const head = g.label !== c.terms || g.score ? el('p', { class: 'group-head' }, g.label, g.score ? el('span', { class: 'score' }, g.score) : null) : null
    const group = el('div', { class: 'group' }, head)
    for (const f of g.fighters) {
      group.append(
        el(
          'p',
          { class: `fighter side-${f.side}${f.turn ? ' turn' : ''}${f.out ? ' out' : ''}`, 'data-testid': 'players-fighter' },
          f.turn ? el('span', { class: 'turn-mark', 'aria-label': 'Their turn' }, '▶') : null,
          el('span', { class: 'name' }, f.name),
          f.numbers ? el('span', { class: 'numbers' }, f.numbers) : null,
          f.out ? el('span', { class: 'out-word' }, 'out') : null,
        ),
      )
    }
    list.append(group)
  }
  return list
}

function party(v: PlayerView): HTMLElement | null {
  if (v.party.length === 0) return null
  const s = el('section', { class: 'party', 'aria-label': 'The party' }, el('h2', {}, 'The party'))
  for (const m of v.party) {
    s.append(
      el(
        'div',
        { class: 'member', 'data-testid': 'players-member' },
        el('p', { class: 'member-name' }, m.name),
        m.provisions ? el('p', { class: 'provisions' }, `Rations ${m.provisions.foodDays} d · Water ${m.provisions.waterPints} pt`) : null,
        ...m.conditions.map((t) => el('p', { class: 'condition' }, t)),
      ),
    )
  }
  return s
}

function rolls(v: PlayerView): HTMLElement | null {
  if (v.rolls.length === 0) return null
  const s = el('section', { class: 'rolls', 'aria-label': 'Rolls', 'data-testid': 'players-rolls' }, el('h2', {}, 'Rolls'))
  for (const r of v.rolls) {
    s.append(
      el(
        'div',
        { class: 'roll', 'data-testid': 'players-roll' },
        el('p', { class: 'faces' }, ...r.faces.map((f) => el('span', { class: 'face', title: `d${f.sides}` }, String(f.face)))),
        el('p', { class: 'roll-text' }, r.text),
        r.odds ? el('p', { class: 'roll-odds' }, `Odds before the roll: ${r.odds}`) : null,
      ),
    )
  }
  return s
}

function handouts(v: PlayerView): HTMLElement | null {
  if (v.handouts.length === 0) return null
  const s = el('section', { class: 'handouts', 'aria-label': 'Handouts', 'data-testid': 'players-handouts' }, el('h2', {}, 'Handouts'))
  for (const h of v.handouts) s.append(el('article', { class: 'handout' }, h.name ? el('h3', {}, h.name) : null, el('p', {}, h.text)))
  return s
}

export function drawView(root: HTMLElement, v: PlayerView | null): void {
  if (!v) {
    root.replaceChildren(el('p', { class: 'message' }, 'The GM is not sharing a campaign right now.'))
    return
  }
  root.replaceChildren(...[clock(v), journey(v), lights(v), combat(v), party(v), rolls(v), handouts(v)].filter((x): x is HTMLElement => x !== null))
  document.title = `${v.campaignName} · Players`
}

export function drawMessage(root: HTMLElement, text: string): void {
  root.replaceChildren(el('p', { class: 'message', role: 'alert', 'data-testid': 'players-message' }, text))
}

/** A thin line above the screen while the connection is down; the last screen stays below it. */
export function drawStatus(bar: HTMLElement, text: string | null): void {
  bar.hidden = text === null
  bar.textContent = text ?? ''
}
