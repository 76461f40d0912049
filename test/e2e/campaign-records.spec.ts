/**
 * Acceptance test of issue 7, once per rules system: a GM creates a campaign and a valid PC (after
 * seeing what the rules say about an incomplete one), adds an NPC and an encounter table that
 * brings it on, rolls on the table, earns and spends on the PC's ledger (a refused spend explains
 * itself), records an injury, reloads, and finds everything: the PC, the NPC, the table with its
 * rows, the roll in the campaign's log, the ledger balance and timeline, and the injury.
 * Everything goes through the screens a GM uses; nothing is written to the library directly.
 */
import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { test, expect, watchConsole } from './fixtures'
import { createCampaign, openSection } from './support'

const SHOTS = '/tmp/acc'
mkdirSync(SHOTS, { recursive: true })

/** The page content, below the sticky clock bar (which has its own buttons, statuses and alerts). */
const main = (page: Page): Locator => page.getByRole('main')
const rules = (page: Page): Locator => main(page).getByRole('complementary', { name: 'Rules check' })
const problems = (page: Page): Locator => rules(page).getByRole('list', { name: 'Problems' })
const derived = (page: Page): Locator => rules(page).getByRole('region', { name: 'Derived values' })
const ledger = (page: Page): Locator => main(page).getByRole('region', { name: 'Ledger' })
const injuries = (page: Page): Locator => main(page).getByRole('region', { name: 'Injuries' })

/** "a lantern and oil" as a pattern, taken literally. */
const literal = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// ── Characters (as characters.spec.ts fills them) ──

async function newCharacter(page: Page, kind: 'PC' | 'NPC', name: string): Promise<void> {
  await openSection(page, 'Characters')
  await main(page).getByRole('link', { name: `New ${kind}`, exact: true }).click()
  await main(page).getByLabel('Name', { exact: true }).fill(name)
}

/** Adds a row to a list of the sheet and fills its fields by label. */
async function addRow(page: Page, noun: string, fields: Record<string, string>, select: Record<string, string> = {}): Promise<void> {
  await main(page).getByRole('button', { name: `+ Add ${noun}`, exact: true }).click()
  for (const [label, value] of Object.entries(fields)) await main(page).getByLabel(label, { exact: true }).fill(value)
  for (const [label, value] of Object.entries(select)) await main(page).getByLabel(label, { exact: true }).selectOption(value)
}

async function save(page: Page, button: RegExp | string, saved: string): Promise<void> {
  await main(page).getByRole('button', { name: button }).click()
  await expect(main(page).getByRole('status').filter({ hasText: saved })).toBeVisible()
}

// ── Ledger (as ledger-injuries.spec.ts uses it) ──

async function change(page: Page, mode: 'Earn' | 'Spend', amount: number, reason: string, currency: string): Promise<void> {
  const form = ledger(page).getByRole('form', { name: 'Earn or spend' })
  await form.getByText(mode, { exact: true }).click()
  await form.getByLabel('Currency').selectOption({ label: currency })
  await form.getByLabel('Amount').fill(String(amount))
  await form.getByLabel('Reason').fill(reason)
  await form.getByLabel('Reason').press('Enter')
}

/** One line of a currency's timeline: the signed amount, the reason, and the balance after it. */
const line = (delta: number, reason: string, after: number): RegExp =>
  new RegExp(`^\\s*${delta > 0 ? '\\+' : '−'}${Math.abs(delta)}\\s*${literal(reason)}[\\s\\S]*=\\s*${after}(?!\\d)`)

interface Change {
  amount: number
  reason: string
}

interface SystemCase {
  /** For the screenshot's file name. */
  key: string
  /** As the New campaign dialog names it. */
  system: string
  campaign: string
  pc: { name: string; player: string }
  /** Fills an incomplete sheet and sees, beside it, what the rules say is wrong. */
  invalid(page: Page): Promise<void>
  /** What the refused Create says. */
  refused: string
  /** Completes the sheet so it follows the rules. */
  complete(page: Page): Promise<void>
  /** The sheet, as it was saved, after the reload. */
  kept(page: Page): Promise<void>
  npc: { name: string; tags: string }
  table: { name: string; dice: string; faces: number; npcRow: [number, number, string]; otherRow: [number, number, string] }
  ledger: {
    /** The system's first currency, as the Currency list and the balance buttons name it. */
    currency: string
    /** One unit and several, as messages write them: "GP", "Plot Points". */
    one: string
    many: string
    earn: Change
    /** More than the balance after `earn`: refused. */
    overspend: Change
    spend: Change
    /** What the character's derived values show of the balance afterwards, if they show it. */
    glance?: RegExp
    /** A second currency the system keeps, earned too; its balance button's accessible name. */
    also?: { currency: string; earn: Change; button: string; glance?: RegExp }
  }
  injury: {
    record(form: Locator): Promise<void>
    label: string
    shows: string
    /** What the injury shows on the character's sheet (the two must agree). */
    onSheet?: (page: Page) => Promise<void>
  }
}

const units = (c: SystemCase['ledger'], n: number): string => `${n} ${n === 1 ? c.one : c.many}`

const SYSTEMS: SystemCase[] = [
  {
    key: 'ladder',
    system: 'The Ladder',
    campaign: 'Port Calder',
    pc: { name: 'Tai Givar', player: 'Ana' },
    async invalid(page) {
      await main(page).getByLabel('Concept').fill('Hard-bitten freighter pilot')
      const assets: [string, string][] = [
        ['Piloting', 'expert'],
        ['Eyesight', 'expert'],
        ['Driving', 'good'],
        ['Brawling', 'good'],
        ['Haggling', 'good'],
      ]
      for (const [i, [name, rating]] of assets.entries()) {
        await addRow(page, 'asset', { [`Asset ${i + 1} name`]: name }, { [`Asset ${i + 1} rating`]: rating })
      }
      await expect(problems(page)).toContainText('A character has 6 assets (4 good, 2 expert); this one has 5.')
      await expect(problems(page)).toContainText('A character has exactly 3 flaws; this one has 0.')
      await expect(problems(page)).toContainText('A character has exactly 3 identifying features, each written; this one has 0.')
    },
    refused: "Tai Givar's sheet breaks the rules",
    async complete(page) {
      await addRow(page, 'asset', { 'Asset 6 name': 'Blue magic' }, { 'Asset 6 rating': 'good', 'Asset 6 magic': 'blue' })
      for (const [i, flaw] of ['Owes money', 'Cannot resist a bet', 'Poor at hiding'].entries()) await addRow(page, 'flaw', { [`Flaw ${i + 1}`]: flaw })
      for (const [i, f] of ['Scar over one eye', 'Battered flight jacket', 'Whistles when nervous'].entries()) {
        await addRow(page, 'feature', { [`Feature ${i + 1}`]: f })
      }
    },
    async kept(page) {
      await expect(main(page).getByLabel('Concept')).toHaveValue('Hard-bitten freighter pilot')
      await expect(main(page).getByLabel('Asset 6 magic')).toHaveValue('blue')
      await expect(main(page).getByLabel('Flaw 3', { exact: true })).toHaveValue('Poor at hiding')
      await expect(main(page).getByLabel('Feature 1', { exact: true })).toHaveValue('Scar over one eye')
    },
    npc: { name: 'Big Sal', tags: 'dock, boss' },
    table: { name: 'Dockside at Night', dice: '2d6', faces: 2, npcRow: [2, 6, 'shakes down the crew'], otherRow: [7, 12, 'A customs patrol, bored'] },
    ledger: {
      currency: 'Plot Points',
      one: 'Plot Point',
      many: 'Plot Points',
      earn: { amount: 2, reason: 'two episodes at creation' },
      overspend: { amount: 3, reason: 'bought Superb with no roll' },
      spend: { amount: 1, reason: 'prop: I remembered a torch' },
      glance: /Plot Points now\s*LAD-22\s*1/,
    },
    injury: {
      async record(form) {
        await form.getByLabel('What').selectOption({ label: 'Damage' })
        await form.getByLabel('Damage').selectOption('wounded')
        await form.getByLabel('Location').selectOption('arm')
        await form.getByLabel('Notes').fill('the duellist’s sabre')
        await form.getByRole('button', { name: 'Record injury' }).click()
      },
      label: 'Wounded · arm',
      shows: 'Drops anything held in that arm',
    },
  },
  {
    key: 'osr',
    system: 'Old-school core',
    campaign: 'The Sunken Keep',
    pc: { name: 'Glam', player: 'Sam' },
    async invalid(page) {
      // A blank sheet breaks the rules: maximum H 0 is dead (OSR-19).
      await expect(problems(page)).toContainText('Maximum H is 0, which means dead')
      await main(page).getByLabel('Maximum H').fill('4')
      await main(page).getByLabel('H', { exact: true }).fill('6')
      await expect(problems(page)).toContainText('H 6 is above the maximum 4; current H never rises above it (OSR-2).')
    },
    refused: "Glam's sheet breaks the rules: H 6 is above the maximum 4",
    async complete(page) {
      await main(page).getByLabel('H', { exact: true }).fill('4')
      await main(page).getByLabel('Body B').selectOption('-1')
      await main(page).getByLabel('Spirit S').selectOption('1')
      await main(page).getByLabel('Allowed by the GM').fill('2')
      await main(page).getByLabel('deft touch').selectOption('1')
      await main(page).getByLabel('high tolerance').selectOption('1')
    },
    async kept(page) {
      await expect(main(page).getByLabel('Maximum H')).toHaveValue('4')
      await expect(main(page).getByLabel('H', { exact: true })).toHaveValue('4')
      await expect(main(page).getByLabel('Spirit S')).toHaveValue('1')
      await expect(main(page).getByLabel('deft touch')).toHaveValue('1')
    },
    npc: { name: 'Brigand chief', tags: 'brigand, hills' },
    table: { name: 'Sewer Denizens', dice: '1d20', faces: 1, npcRow: [1, 8, 'with four brigands'], otherRow: [9, 20, 'A swarm of rats'] },
    ledger: {
      currency: 'Gold',
      one: 'GP',
      many: 'GP',
      earn: { amount: 45, reason: 'starting gold: 3d6 × 5' },
      overspend: { amount: 50, reason: 'chainmail' },
      spend: { amount: 5, reason: 'a lantern and oil' },
      glance: /Gold\s*OSR-5\s*40 GP/,
      // OSR-6: experience is counted in small fortunes recovered, each whole one a level.
      also: {
        currency: 'Experience',
        earn: { amount: 1, reason: 'recovered a small fortune' },
        button: 'Experience 1',
        glance: /Experience\s*OSR-6\s*1: reaches level 2, ready to gain a level/,
      },
    },
    injury: {
      async record(form) {
        await form.getByLabel('What').selectOption({ label: 'Broken or severed limb' })
        await form.getByLabel('Harm').selectOption('broken')
        await form.getByLabel('Limb or organ').fill('left arm')
        await form.getByLabel('Limb or organ').press('Enter')
      },
      label: 'Broken left arm',
      shows: '1d2 per full day of rest (OSR-20)',
    },
  },
  {
    key: 'lode',
    system: 'LODE',
    campaign: 'The Web',
    pc: { name: 'Bryn', player: 'Jo' },
    async invalid(page) {
      await addRow(page, 'attribute', { 'Attribute 1 name': 'Strength', 'Attribute 1 dice': '2' })
      await addRow(page, 'skill', { 'Skill 1 name': 'Swordfighting', 'Skill 1 dice': '0' })
      await expect(problems(page)).toContainText('Swordfighting gives neither an advantage nor a disadvantage (0 dice): rate it or remove it (LODE-1).')
    },
    refused: "Bryn's sheet breaks the rules: Swordfighting gives neither an advantage nor a disadvantage",
    async complete(page) {
      await main(page).getByLabel('Skill 1 dice').fill('3')
      await addRow(page, 'attribute', { 'Attribute 2 name': 'Presence', 'Attribute 2 dice': '-1', 'Attribute 2 note': 'stammers' })
      await main(page).getByLabel('Energy supply (LODE-9)').fill('5')
    },
    async kept(page) {
      await expect(main(page).getByLabel('Attribute 2 note')).toHaveValue('stammers')
      await expect(main(page).getByLabel('Skill 1 dice')).toHaveValue('3')
      await expect(main(page).getByLabel('Energy supply (LODE-9)')).toHaveValue('5')
    },
    npc: { name: 'Hedge witch', tags: 'forest' },
    table: { name: 'Forest Paths', dice: '1d6', faces: 1, npcRow: [1, 2, 'offers a bitter cure'], otherRow: [3, 6, 'Wolves, circling'] },
    ledger: {
      currency: 'Destiny',
      one: 'Destiny point',
      many: 'Destiny points',
      earn: { amount: 3, reason: 'a heroic sacrifice' },
      overspend: { amount: 4, reason: 'cheat death' },
      spend: { amount: 1, reason: 'reroll the fall' },
      glance: /Destiny\s*LODE-9\s*2/,
      also: { currency: 'Energy', earn: { amount: 2, reason: 'a night by the fire' }, button: 'Energy 2', glance: /Energy\s*LODE-9\s*2 of 5/ },
    },
    injury: {
      // LODE has no injury rules: the GM writes the injury in words, and there is nothing to choose.
      async record(form) {
        await expect(form.getByLabel('What', { exact: true })).toHaveCount(0)
        await form.getByLabel('What it is').fill('Burnt hands')
        await form.getByRole('button', { name: 'Record injury' }).click()
      },
      label: 'Burnt hands',
      shows: 'Heals when you mark it healed.',
    },
  },
  {
    key: 'challenge',
    system: 'The Challenge System',
    campaign: 'Iridia’s Road',
    pc: { name: 'Iridia', player: 'Mo' },
    async invalid(page) {
      await addRow(page, 'ability', { 'Ability 1 name': 'Sorcery' })
      await main(page).getByLabel('Ability 1 rating').fill('7')
      await main(page).getByLabel('Ability 1 bonus').fill('3')
      await main(page).getByLabel('Ability 1 reserves').fill('2')
      await addRow(page, 'reduction', { 'Reduction 1 points': '8' })
      await expect(problems(page)).toContainText('Sorcery has rating 7; its reductions would take 8 (CH-10).')
    },
    refused: "Iridia's sheet breaks the rules",
    async complete(page) {
      await main(page).getByLabel('Reduction 1 points').fill('2')
      await main(page).getByLabel('Reduction 1 note').fill('the demon')
    },
    async kept(page) {
      await expect(main(page).getByLabel('Ability 1 name')).toHaveValue('Sorcery')
      await expect(main(page).getByLabel('Ability 1 rating')).toHaveValue('7')
      await expect(main(page).getByLabel('Reduction 1 note')).toHaveValue('the demon')
    },
    npc: { name: 'The demon', tags: 'bargain' },
    table: { name: 'Road Hazards', dice: '1d8', faces: 1, npcRow: [1, 4, 'whispers a bargain'], otherRow: [5, 8, 'A washed-out bridge'] },
    ledger: {
      currency: 'Experience',
      one: 'XP',
      many: 'XP',
      earn: { amount: 5, reason: 'the first arc' },
      overspend: { amount: 6, reason: 'raise Sorcery' },
      spend: { amount: 3, reason: 'a new bonus' },
    },
    injury: {
      async record(form) {
        await form.getByLabel('What').selectOption({ label: 'Consequence' })
        await form.getByLabel('Reduces').selectOption('ability')
        await form.getByLabel('Ability').fill('Sorcery')
        await form.getByLabel('Points').fill('3')
        await form.getByRole('button', { name: 'Record injury' }).click()
      },
      label: '−3 Sorcery',
      shows: 'Restored after the next challenge that uses Sorcery (CH-10).',
      // CH-10: the sheet says what is still to be split among rating, bonus, reserves and resistance.
      async onSheet(page) {
        // The sheet takes 2 points from Sorcery already; the 3-point consequence leaves 1 to split.
        await expect(derived(page)).toContainText(/To split: Sorcery\s*CH-10\s*1 point of consequence recorded in Injuries/)
      },
    },
  },
  {
    key: 'ranks',
    system: 'Resolution and Ranks',
    campaign: 'The Six-Fingered Man',
    pc: { name: 'Inigo', player: 'Lee' },
    async invalid(page) {
      await main(page).getByLabel('Courage', { exact: true }).selectOption('great')
      await main(page).getByLabel('Daring', { exact: true }).selectOption('good')
      await expect(problems(page)).toContainText('Every character has every ability (RK-1): rate Ferocity.')
    },
    refused: 'rate Ferocity',
    async complete(page) {
      await main(page).getByLabel('Ferocity', { exact: true }).selectOption('superb')
      await addRow(page, 'aspect', { 'Aspect 1': 'You killed my father' })
    },
    async kept(page) {
      await expect(main(page).getByLabel('Courage', { exact: true })).toHaveValue('great')
      await expect(main(page).getByLabel('Ferocity', { exact: true })).toHaveValue('superb')
      await expect(main(page).getByLabel('Aspect 1', { exact: true })).toHaveValue('You killed my father')
    },
    npc: { name: 'Six-fingered man', tags: 'count, villain' },
    table: { name: 'Tavern Brawls', dice: '1d12', faces: 1, npcRow: [1, 5, 'demands a duel'], otherRow: [6, 12, 'The watch arrives'] },
    ledger: {
      currency: 'Experience',
      one: 'XP',
      many: 'XP',
      earn: { amount: 2, reason: 'accepted a Terrible result' },
      overspend: { amount: 3, reason: 'a new aspect' },
      spend: { amount: 1, reason: 'raised Wits' },
      glance: /Experience\s*RK-6\s*1/,
      also: {
        currency: 'Threat (GM, whole campaign)',
        earn: { amount: 3, reason: 'session 1: 1 PC × 3' },
        button: 'Threat 3 the GM’s, for the whole campaign',
      },
    },
    injury: {
      async record(form) {
        await form.getByLabel('What').selectOption({ label: 'Harm' })
        await expect(form).toContainText('this one marks Weary (RK-8)')
        await form.getByRole('button', { name: 'Take Harm' }).click()
      },
      label: 'Weary',
      shows: 'Recovered by a chapter move',
      // RK-8: the sheet's Harm track is the open Harm injuries.
      async onSheet(page) {
        await expect(main(page).getByRole('checkbox', { name: 'Weary' })).toBeChecked()
        await expect(derived(page)).toContainText('marks Hurt')
      },
    },
  },
]

// ── The flow ──

/** A valid PC, after the rules have refused the incomplete sheet; leaves the page on the PC. */
async function createPc(page: Page, s: SystemCase): Promise<void> {
  await newCharacter(page, 'PC', s.pc.name)
  await main(page).getByLabel('Player').fill(s.pc.player)
  await s.invalid(page)
  // A new sheet's problems are what is still to do, until the GM asks to create it and is refused.
  await expect(rules(page).getByRole('heading', { name: /^Still to do: \d+$/ })).toBeVisible()
  await main(page).getByRole('button', { name: /Create PC/ }).click()
  await expect(main(page).getByRole('alert')).toContainText(s.refused)
  await expect(rules(page).getByRole('heading', { name: /problems?$/ })).toBeVisible()
  await expect(page).toHaveURL(/#\/c\/\d+\/characters\/new\/pc$/)
  await s.complete(page)
  await expect(rules(page).getByRole('heading', { name: 'Follows the rules' })).toBeVisible()
  await save(page, /Create PC/, `Saved “${s.pc.name}”.`)
  await expect(page).toHaveURL(/#\/c\/\d+\/characters\/\d+$/)
  await expect(main(page).getByRole('heading', { name: s.pc.name, level: 1 })).toBeVisible()
}

async function createNpc(page: Page, s: SystemCase): Promise<void> {
  await newCharacter(page, 'NPC', s.npc.name)
  await main(page).getByLabel('Tags, with commas').fill(s.npc.tags)
  await main(page).getByLabel(/Draft: keep/).check()
  await save(page, /Create NPC/, `Saved “${s.npc.name}” as a draft.`)
}

async function fillRow(page: Page, i: number, [min, max, text]: [number, number, string]): Promise<void> {
  await main(page).getByLabel(`Row ${i} from`).fill(String(min))
  await main(page).getByLabel(`Row ${i} to`).fill(String(max))
  await main(page).getByLabel(`Row ${i}: what happens`).fill(text)
}

/** A table whose rows cover every total of its dice, the first bringing on the NPC; rolls once. Returns the log line of the roll. */
async function tableAndRoll(page: Page, s: SystemCase): Promise<string> {
  const t = s.table
  await openSection(page, 'Encounter tables')
  const add = main(page).getByRole('form', { name: 'New encounter table' })
  await add.getByLabel('New table').fill(t.name)
  await add.getByLabel('Dice').fill(t.dice)
  await add.getByRole('button', { name: 'Add table' }).click()
  await expect(main(page).getByRole('status')).toHaveText(`Added “${t.name}”. Add its rows below.`)

  const panel = main(page).getByRole('region', { name: `Encounter table: ${t.name}` })
  await panel.getByRole('button', { name: 'Add row' }).click()
  // A row just added is not told what it lacks while it is written; a save tried says it, at its field.
  const whatHappens = main(page).getByLabel('Row 1: what happens')
  await expect(whatHappens).toBeFocused()
  await expect(whatHappens).toHaveAttribute('aria-invalid', 'false')
  await expect(panel).not.toContainText('needs text or an NPC')
  await panel.getByRole('button', { name: 'Save rows' }).click()
  await expect(main(page).getByRole('list', { name: 'Warnings about the rows' })).toContainText('Row 1 needs text or an NPC.')
  await expect(whatHappens).toHaveAttribute('aria-invalid', 'true')
  await expect(whatHappens).toBeFocused()
  await fillRow(page, 1, t.npcRow)
  await main(page).getByLabel('Row 1 NPC').fill(s.npc.name.slice(0, 4))
  await main(page).getByRole('option', { name: s.npc.name }).click()
  await expect(panel.getByRole('button', { name: `Unlink ${s.npc.name} (Row 1 NPC)` })).toBeVisible()
  await panel.getByRole('button', { name: 'Add row' }).click()
  await fillRow(page, 2, t.otherRow)
  await expect(main(page).getByRole('list', { name: 'Warnings about the rows' })).toHaveCount(0)
  await panel.getByRole('button', { name: 'Save rows' }).click()
  await expect(main(page).getByRole('status')).toHaveText(`Saved the rows of “${t.name}”.`)

  await panel.getByRole('button', { name: `Roll ${t.dice}` }).click()
  const result = main(page).getByRole('region', { name: 'Roll result' })
  await expect(result.getByRole('list', { name: 'Dice' }).getByRole('listitem')).toHaveCount(t.faces)
  await expect(result.getByLabel('Total')).toHaveText(/^\d+$/)
  const total = Number(await result.getByLabel('Total').textContent())
  const onNpcRow = total >= t.npcRow[0] && total <= t.npcRow[1]
  expect(onNpcRow || (total >= t.otherRow[0] && total <= t.otherRow[1]), `${total} is a total of ${t.dice}`).toBe(true)
  if (onNpcRow) {
    await expect(result).toContainText(s.npc.name)
    await expect(result).toContainText(t.npcRow[2])
  } else {
    await expect(result).toContainText(t.otherRow[2])
  }
  const what = onNpcRow ? `${s.npc.name} — ${t.npcRow[2]}` : t.otherRow[2]
  return `Rolled ${total} on “${t.name}” (${t.dice}): ${what}.`
}

async function openPc(page: Page, s: SystemCase): Promise<void> {
  await openSection(page, 'Characters')
  await main(page).getByRole('list', { name: 'Characters' }).getByRole('link', { name: new RegExp(literal(s.pc.name)) }).click()
  await expect(main(page).getByRole('heading', { name: s.pc.name, level: 1 })).toBeVisible()
  await expect(ledger(page).getByRole('heading', { name: 'Ledger', level: 2 })).toBeVisible()
}

/** The balance button of the system's first currency, by its accessible name. */
const balance = (page: Page, s: SystemCase, n: number): Locator => ledger(page).getByRole('button', { name: `${s.ledger.currency} ${n}`, exact: true })

/** Earn, a spend the balance cannot cover (it says why, and keeps what was typed), a spend that it can. */
async function earnAndSpend(page: Page, s: SystemCase): Promise<number> {
  const l = s.ledger
  const status = ledger(page).getByRole('status')
  await expect(balance(page, s, 0)).toBeVisible()

  await change(page, 'Earn', l.earn.amount, l.earn.reason, l.currency)
  await expect(status).toHaveText(`Earned ${units(l, l.earn.amount)}: ${l.earn.reason}.`)
  await expect(balance(page, s, l.earn.amount)).toBeVisible()

  await change(page, 'Spend', l.overspend.amount, l.overspend.reason, l.currency)
  await expect(ledger(page).getByRole('alert')).toHaveText(
    `${s.pc.name} has ${units(l, l.earn.amount)}, and this needs ${l.overspend.amount} (${l.overspend.reason}). Nothing was spent.`,
  )
  await expect(ledger(page).getByLabel('Reason')).toHaveValue(l.overspend.reason)
  await expect(ledger(page).getByLabel('Amount')).toHaveValue(String(l.overspend.amount))
  await expect(balance(page, s, l.earn.amount)).toBeVisible()

  await change(page, 'Spend', l.spend.amount, l.spend.reason, l.currency)
  await expect(status).toHaveText(`Spent ${units(l, l.spend.amount)}: ${l.spend.reason}.`)
  await expect(ledger(page).getByRole('alert')).toHaveCount(0)
  const after = l.earn.amount - l.spend.amount
  await expect(balance(page, s, after)).toBeVisible()
  await expectTimeline(page, s)
  if (l.glance) await expect(derived(page)).toContainText(l.glance)

  if (l.also) {
    await change(page, 'Earn', l.also.earn.amount, l.also.earn.reason, l.also.currency)
    await expect(ledger(page).getByRole('button', { name: l.also.button, exact: true })).toBeVisible()
    if (l.also.glance) await expect(derived(page)).toContainText(l.also.glance)
    // Choosing a currency in the form shows its history.
    await expect(ledger(page).getByRole('list', { name: `${l.also.currency.replace(/ \(.*$/, '')} history` }).getByRole('listitem')).toHaveText([
      line(l.also.earn.amount, l.also.earn.reason, l.also.earn.amount),
    ])
    await balance(page, s, after).click()
  }
  return after
}

/** The first currency's history, newest first: the spend and the earn, and nothing of the refused spend. */
async function expectTimeline(page: Page, s: SystemCase): Promise<void> {
  const l = s.ledger
  await expect(ledger(page).getByRole('list', { name: `${l.currency} history` }).getByRole('listitem')).toHaveText([
    line(-l.spend.amount, l.spend.reason, l.earn.amount - l.spend.amount),
    line(l.earn.amount, l.earn.reason, l.earn.amount),
  ])
}

async function recordInjury(page: Page, s: SystemCase): Promise<void> {
  await expect(injuries(page).getByText('No injuries.')).toBeVisible()
  await s.injury.record(injuries(page).getByRole('form', { name: 'Record an injury' }))
  await expect(injuries(page).getByRole('status')).toHaveText(`Recorded ${s.injury.label}.`)
  const item = injuries(page).getByRole('list', { name: 'Current injuries' }).getByRole('listitem', { name: s.injury.label })
  await expect(item).toContainText(s.injury.shows)
  await s.injury.onSheet?.(page)
}

for (const s of SYSTEMS) {
  test(`${s.system}: a campaign, a valid PC after a refused one, an NPC, an encounter table rolled on, the ledger and an injury, all kept after a reload`, async ({
    page,
    lantern,
  }) => {
    const console = watchConsole(page)
    await createCampaign(page, lantern, s.campaign, s.system)
    await createPc(page, s)
    await createNpc(page, s)
    const rolled = await tableAndRoll(page, s)

    await openPc(page, s)
    const after = await earnAndSpend(page, s)
    await recordInjury(page, s)
    // From the top, so the sticky clock bar sits above the page rather than over the ledger.
    await page.evaluate('window.scrollTo(0, 0)')
    await page.screenshot({ path: `${SHOTS}/${s.key}.png`, fullPage: true })

    // ── Reload, and find everything ──
    await page.reload()
    await expect(main(page).getByRole('heading', { name: s.pc.name, level: 1 })).toBeVisible()
    await s.kept(page)
    await expect(main(page).getByLabel('Player')).toHaveValue(s.pc.player)
    await expect(rules(page).getByRole('heading', { name: 'Follows the rules' })).toBeVisible()
    await expect(balance(page, s, after)).toBeVisible()
    await expectTimeline(page, s)
    if (s.ledger.glance) await expect(derived(page)).toContainText(s.ledger.glance)
    if (s.ledger.also) {
      await expect(ledger(page).getByRole('button', { name: s.ledger.also.button, exact: true })).toBeVisible()
      if (s.ledger.also.glance) await expect(derived(page)).toContainText(s.ledger.also.glance)
    }
    const injury = injuries(page).getByRole('list', { name: 'Current injuries' }).getByRole('listitem')
    await expect(injury).toHaveCount(1)
    await expect(injury).toHaveAccessibleName(s.injury.label)
    await expect(injury).toContainText(s.injury.shows)
    await s.injury.onSheet?.(page)

    await openSection(page, 'Characters')
    const list = main(page).getByRole('list', { name: 'Characters' })
    await expect(list.getByRole('link')).toHaveCount(2)
    await expect(list.getByRole('link', { name: new RegExp(literal(s.pc.name)) })).toContainText(s.pc.player)
    await expect(list.getByRole('link', { name: new RegExp(literal(s.npc.name)) })).toContainText('draft')
    await list.getByRole('link', { name: new RegExp(literal(s.npc.name)) }).click()
    await expect(main(page).getByLabel('Tags, with commas')).toHaveValue(s.npc.tags)
    await expect(main(page).getByLabel(/Draft: keep/)).toBeChecked()

    await openSection(page, 'Encounter tables')
    await main(page).getByRole('navigation', { name: 'Encounter tables' }).getByRole('button', { name: new RegExp(literal(s.table.name)) }).click()
    const panel = main(page).getByRole('region', { name: `Encounter table: ${s.table.name}` })
    await expect(panel.getByLabel('Dice')).toHaveValue(s.table.dice)
    for (const [i, [min, max, text]] of [s.table.npcRow, s.table.otherRow].entries()) {
      await expect(panel.getByLabel(`Row ${i + 1} from`)).toHaveValue(String(min))
      await expect(panel.getByLabel(`Row ${i + 1} to`)).toHaveValue(String(max))
      await expect(panel.getByLabel(`Row ${i + 1}: what happens`)).toHaveValue(text)
    }
    await expect(panel.getByRole('button', { name: `Unlink ${s.npc.name} (Row 1 NPC)` })).toBeVisible()
    await expect(panel.getByLabel('Row 2 NPC')).toHaveValue('')

    await openSection(page, 'Home')
    const log = main(page).getByRole('list', { name: 'Recent log entries' })
    const l = s.ledger
    for (const text of [
      rolled,
      `Player character “${s.pc.name}” added.`,
      `NPC “${s.npc.name}” added as a draft.`,
      `${s.pc.name} gained ${units(l, l.earn.amount)}: ${l.earn.reason} (now ${l.earn.amount}).`,
      `${s.pc.name} spent ${units(l, l.spend.amount)}: ${l.spend.reason} (now ${after}).`,
      `${s.pc.name}: ${s.injury.label} recorded.`,
    ]) {
      // (An encounter roll's line also carries its "GM only" mark.)
      await expect(log.getByText(text)).toBeVisible()
    }
    // The refused spend changed nothing, so the log does not have it.
    await expect(log.getByText(l.overspend.reason)).toHaveCount(0)
    expect(console).toEqual([])
  })
}
