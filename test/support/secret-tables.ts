/**
 * A table set for a secret session, the same in any library: a campaign of one system with two
 * player characters at an open session, and a canary in every GM-only field of the set-up — NPCs
 * (a foe whose name, notes, sheet and numbers are secret; a foe with a plain name but secret notes
 * and sheet; an NPC handed out under a heading of the GM's; an NPC who carries a light; an NPC who
 * rolls only GM-only rolls; an item in an NPC's pack), a location handed out (its name and GM
 * description), its encounter table and row, the session's GM notes and threads. Everything is
 * made through the router, as the UI makes it.
 */
import type { Core } from '../../src/main/app'
import type { SystemId } from '../../src/shared/contract'
import { gm } from './calls'
import { Canaries } from './secret-canaries'

export interface Person {
  id: number
  name: string
}

export interface SecretTable {
  core: Core
  system: SystemId
  campaignId: number
  sessionId: number
  canaries: Canaries
  pcs: Person[]
  /** An NPC foe whose name, notes, sheet and numbers are canaries: never revealed. */
  secretFoe: Person
  /** An NPC foe with a plain name (revealed and shown at will), its notes and sheet canaries. */
  plainFoe: Person
  /** An NPC handed out: its record name and notes are canaries, the handout's heading and words are not. */
  stranger: Person
  /** An NPC who carries a light: its name is a canary. */
  lampBearer: Person
  /** An NPC who rolls only GM-only rolls: its name is a canary. */
  gmRoller: Person
  locationId: number
  encounterTableId: number
  /** The encounter table's row, as an encounter brings it to a fight. */
  row: string
  /** The torches in packs: a player character's and the lamp-bearer's. */
  torches: { pc: number; npc: number }
}

/** The words a handout gives the players (public by design). */
export const HANDOUTS = {
  location: { title: 'The old mill', text: 'A mill wheel turns in the dark water.' },
  npc: { title: 'A stranger', text: 'A tall figure in a grey cloak.' },
} as const

/** The system's currency for a player character's −1/+1 (LAD-21, OSR-5, LODE-9, RK-6). */
export const PC_CURRENCY = { ladder: 'pp', osr: 'gold', lode: 'destiny', challenge: 'xp', ranks: 'xp' } as const

/** The player characters' sheets, complete for each system's rules. */
function pcSheet(system: SystemId, i: number): Record<string, unknown> {
  switch (system) {
    case 'osr':
      // Aster knows a spell to prepare and cast (OSR-21, OSR-22).
      return i === 0
        ? { level: 1, B: 0, M: 0, S: 1, h: 6, maxH: 6, optionsAllowed: 1, options: ['arcane knowledge'], spells: [{ id: 'smite-foe', name: 'Smite Foe', art: 'arcane', level: 1 }] }
        : { level: 1, B: 0, M: 1, S: 1, h: 6, maxH: 6 }
    case 'ladder':
      return {
        concept: 'A courier',
        features: ['Quick', 'Scarred', 'Loud'],
        assets: [
          { name: 'Brawling', rating: 'good' },
          { name: 'Climbing', rating: 'good' },
          { name: 'Driving', rating: 'good' },
          { name: 'Haggling', rating: 'good' },
          { name: 'Running', rating: 'expert' },
          { name: 'Pistols', rating: 'expert' },
        ],
        flaws: [{ name: 'Greedy' }, { name: 'Proud' }, { name: 'Reckless' }],
      }
    case 'lode':
      return { attributes: [{ name: 'Strength', dice: 1 }], skills: [{ name: 'Climbing', dice: 1 }] }
    case 'challenge':
      return { abilities: [{ name: 'Swordplay', rating: 5 + i }] }
    case 'ranks':
      return { abilities: [{ name: 'Ferocity', rank: 'good' }, { name: 'Daring', rank: 'fair' }, { name: 'Courage', rank: 'great' }], aspects: [{ name: 'Stubborn', used: false }] }
  }
}

/** An NPC's sheet: `secret` in a field no rule shows players; `h` its H where the system has one. */
function npcSheet(system: SystemId, secret: string, h: number): Record<string, unknown> {
  switch (system) {
    case 'osr':
      return { level: 3, B: 0, M: 1, S: 0, h, maxH: h, optionsAllowed: 1, options: ['divine audience'], patron: secret }
    case 'ladder':
      return { ...pcSheet('ladder', 0), concept: secret }
    case 'lode':
      return { attributes: [{ name: 'Strength', dice: 1, note: secret }] }
    case 'challenge':
      return { abilities: [{ name: 'Clawing', rating: 4 }, { name: secret, rating: 9 }] }
    case 'ranks':
      return { abilities: [{ name: 'Ferocity', rank: 'good' }, { name: 'Daring', rank: 'fair' }, { name: 'Courage', rank: 'fair' }], aspects: [{ name: secret, used: false }] }
  }
}

/** Sets the table in a fresh campaign of `system`; the same calls in any library make the same table. */
export async function setSecretTable(core: Core, system: SystemId, seed: string): Promise<SecretTable> {
  const c = new Canaries(system)
  const campaignId = (await gm(core, 'campaign.create', { name: `Secrets of the ${system} table`, system, seed })).id
  const pcs: Person[] = []
  for (const [i, name] of ['Aster', 'Bram'].entries()) {
    pcs.push({ id: (await gm(core, 'character.create', { campaignId, kind: 'pc', name, sheet: pcSheet(system, i) })).id, name })
  }
  const npc = async (name: string, notes: string, sheet: Record<string, unknown>): Promise<Person> =>
    ({ id: (await gm(core, 'character.create', { campaignId, kind: 'npc', name, notes, sheet })).id, name })
  const secretFoe = await npc(c.text('npc-foe-name', 's'), c.text('npc-foe-notes', 's'), npcSheet(system, c.text('npc-foe-sheet', 's'), c.number('npc-foe-H', 0)))
  const plainFoe = await npc('Brigand Chief', c.text('plain-npc-foe-notes', 's'), npcSheet(system, c.text('plain-npc-foe-sheet', 's'), 7))
  const stranger = await npc(c.text('handout-npc-name', 's'), c.text('handout-npc-notes', 's'), npcSheet(system, c.text('handout-npc-sheet', 's'), 5))
  const lampBearer = await npc(c.text('light-carrier-npc-name', 's'), c.text('light-carrier-npc-notes', 's'), npcSheet(system, c.text('light-carrier-npc-sheet', 's'), 5))
  const gmRoller = await npc(c.text('gm-roll-npc-name', 's'), '', npcSheet(system, c.text('gm-roll-npc-sheet', 's'), 5))

  const locationId = (await gm(core, 'location.create', { campaignId, name: c.text('location-name', 's'), description: c.text('location-gm-description', 's') })).id
  const row = `1d3 ${c.text('encounter-row', 's')}`
  const encounterTableId = (
    await gm(core, 'encounterTable.create', { campaignId, name: c.text('encounter-table-name', 's'), dice: '1d6', locationId, rows: [{ min: 1, max: 6, text: row, npcId: null }] })
  ).id
  const torch = (characterId: number) => gm(core, 'inventory.add', { characterId, name: 'Torch', kind: 'light', quantity: 3, details: { type: 'torch' } })
  const torches = { pc: (await torch(pcs[0]!.id)).id, npc: (await torch(lampBearer.id)).id }

  // Actions before the run: the run never undoes past them. Both torches burn from the start.
  await gm(core, 'clock.setEncounter', { campaignId, locationId, threshold: 18 })
  for (const itemId of [torches.pc, torches.npc]) await gm(core, 'light.light', { campaignId, itemId })
  for (const pc of pcs) await gm(core, 'ledger.earn', { campaignId, characterId: pc.id, currency: PC_CURRENCY[system], amount: 3, reason: 'at creation' })

  const sessionId = (await gm(core, 'play.start', { campaignId, title: 'Into the dark', attendance: pcs.map((p) => p.id) })).id
  const notes = [
    c.text('session-gm-notes', 's'),
    '',
    `Thread: ${c.text('session-gm-thread', 's')}`,
    '',
    `- [ ] ${c.text('session-gm-task', 's')}`,
    '',
    '## Recap',
    '',
    'The party went down into the dark.',
    '',
  ].join('\n')
  await gm(core, 'session.update', { id: sessionId, gmNotes: notes })
  // RK-7: the session's Threat, for the Dangers the run buys.
  if (system === 'ranks') await gm(core, 'ranks.threat', { campaignId, perCharacter: 5 })
  // What an NPC carries is its record's, written during play as the GM keeps it.
  await gm(core, 'inventory.add', { characterId: plainFoe.id, name: c.text('npc-inventory-item', 's'), kind: 'other' })
  return {
    core,
    system,
    campaignId,
    sessionId,
    canaries: c,
    pcs,
    secretFoe,
    plainFoe,
    stranger,
    lampBearer,
    gmRoller,
    locationId,
    encounterTableId,
    row,
    torches,
  }
}
