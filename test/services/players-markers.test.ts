/**
 * Nothing secret reaches a player: for each of the five systems, a session with a unique marker in
 * every GM-only field (GM notes of NPCs and locations, NPC sheets, GM-only rolls and notes, hidden
 * timers, encounter tables and their checks, unrevealed foes, the Ranks Threat pool, the GM key),
 * a real players' listener on 127.0.0.1 over a real library, and a player's socket connected
 * while the GM plays: no frame it receives, and no page the listener serves, holds any marker,
 * while what the GM did show (a revealed foe, a handout, a public roll) does arrive.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { SystemId } from '../../src/shared/contract'
import { startServer, type RunningServer } from '../../src/main/server'
import { enableSharing } from '../../src/main/server/share'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { openPlayer, type PlayerSocket } from '../support/player-socket'
import { value } from '../support/sql'

let lib: TempLibrary
let core: Core
let gmServer: RunningServer
let sharing: ReturnType<typeof enableSharing>
let rendererDir: string

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  rendererDir = mkdtempSync(join(tmpdir(), 'lantern-players-page-'))
  mkdirSync(join(rendererDir, 'assets'))
  writeFileSync(join(rendererDir, 'players.html'), '<!doctype html><title>Players</title><script type="module" src="/assets/players.js"></script>')
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>GM</title>')
  writeFileSync(join(rendererDir, 'assets', 'players.js'), 'console.log(1)')
  gmServer = await startServer({ core, rendererDir, port: 0 })
  sharing = enableSharing({ core, rendererDir, host: '127.0.0.1', port: 0 })
})
afterEach(async () => {
  await sharing.close()
  await gmServer.close()
  await core.close()
  lib.cleanup()
  rmSync(rendererDir, { recursive: true, force: true })
})

const MARK = (what: string, system: string) => `ZQX-${system}-${what}-QXZ`
const MARKED = /ZQX-[a-z]+-[a-z-]+-QXZ/

async function insert(sql: string, ...args: unknown[]): Promise<number> {
  return Number(await value(core, `${sql} returning id`, ...args))
}

/** The GM-only fields every system has: NPC notes and sheet, a location's GM description, timers, encounter tables, notes, rolls. */
async function plantCommon(system: SystemId, campaignId: number): Promise<{ glam: number; locationId: number; npc: number }> {
  const m = (w: string) => MARK(w, system)
  const glam = await insert("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', 'Glam', ?, 't', 't')", campaignId, JSON.stringify({ h: 4, maxH: 4 }))
  const npc = await insert(
    "insert into character (campaign_id, kind, name, notes, sheet, created_at, updated_at) values (?, 'npc', 'Old Maud', ?, ?, 't', 't')",
    campaignId,
    m('npc-notes'),
    JSON.stringify({ secret: m('npc-sheet') }),
  )
  const location = await gm(core, 'location.create', { campaignId, name: 'The Crypt', description: m('location-notes') })
  await gm(core, 'encounterTable.create', {
    campaignId,
    name: m('encounter-table'),
    dice: '1d6',
    locationId: location.id,
    rows: [{ min: 1, max: 6, text: m('encounter-row'), npcId: null }],
  })
  await gm(core, 'clock.setEncounter', { campaignId, locationId: location.id, threshold: 1 })
  await gm(core, 'timer.add', { campaignId, label: m('hidden-timer'), after: { hours: 5 }, hiddenFromPlayers: true })
  await gm(core, 'log.note', { campaignId, text: m('gm-note'), gmOnly: true })
  // A GM-only roll of the system's table, as its roll panel writes it with GM only ticked.
  await insert(
    "insert into log_entry (campaign_id, real_time, kind, payload, dice, gm_only) values (?, 't', ?, ?, ?, 1)",
    campaignId,
    `${system}.roll`,
    JSON.stringify({ who: m('gm-roll'), text: m('gm-roll'), summary: m('gm-roll') }),
    JSON.stringify([{ sides: 6, face: 4 }]),
  )
  // Torches: the clock runs with a light, and one is about to go out.
  const torch = await gm(core, 'inventory.add', { characterId: glam, name: 'Torch', kind: 'light', quantity: 2, details: { type: 'torch' } })
  await gm(core, 'light.light', { campaignId, itemId: torch.id })
  // Exploration turns: the encounter check is rolled on the table above (and finds an encounter).
  await gm(core, 'clock.advance', { campaignId, span: { turns: 3 } })
  await gm(core, 'players.handout', { campaignId, kind: 'location', id: location.id, text: 'A low vault that smells of wet stone.', shown: true })
  return { glam, locationId: location.id, npc }
}

/** The system's own secrets: unrevealed foes, the Threat pool. Returns the name of a foe the GM reveals, if any. */
async function plantSystem(system: SystemId, campaignId: number, glam: number): Promise<string | null> {
  const m = (w: string) => MARK(w, system)
  switch (system) {
    case 'osr': {
      await gm(core, 'osr.combat.start', { campaignId, party: [glam], adHoc: [{ name: 'Goblin', maxH: 3 }, { name: m('unrevealed-foe'), maxH: 5 }] })
      await gm(core, 'osr.roll', { campaignId, roll: { what: 'is-it-so' }, gmOnly: false })
      return 'Goblin'
    }
    case 'ladder': {
      await gm(core, 'ladder.conflict.start', {
        campaignId,
        kind: 'combat',
        name: 'Alley',
        combatants: [
          { characterId: glam, name: 'Glam', asset: 'expert' },
          { name: 'Guard', asset: 'good' },
          { name: m('unrevealed-foe'), asset: 'poor' },
        ],
      })
      return 'Guard'
    }
    case 'challenge': {
      await gm(core, 'clock.startCombat', { campaignId })
      await gm(core, 'challenge.start', { campaignId, sides: [{ name: 'Glam', characterId: glam, ability: 'Sorcery', rating: 7 }, { name: m('unrevealed-foe'), rating: 10 }] })
      return null
    }
    case 'ranks': {
      await gm(core, 'play.start', { campaignId, attendance: [glam] })
      await gm(core, 'ranks.threat', { campaignId, perCharacter: 5 })
      await insert("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (?, null, 'threat', 7, ?, 't')", campaignId, m('threat-pool'))
      await gm(core, 'ranks.danger', { campaignId, characterId: glam, description: m('unrevealed-foe'), threat: 2 })
      await gm(core, 'ranks.combat.begin', { campaignId })
      await gm(core, 'ranks.combat.foe', { campaignId, foe: { name: 'Cultist', rank: 'good' } })
      await gm(core, 'ranks.combat.foe', { campaignId, foe: { name: m('unrevealed-scene-foe'), rank: 'great' } })
      return 'Cultist'
    }
    case 'lode': {
      await gm(core, 'lode.combat.begin', { campaignId })
      await gm(core, 'lode.combat.foe', { campaignId, foe: { name: 'Bandit', baseDice: 2 } })
      await gm(core, 'lode.combat.foe', { campaignId, foe: { name: m('unrevealed-foe'), baseDice: 3 } })
      return 'Bandit'
    }
  }
}

async function revealFoe(campaignId: number, name: string): Promise<void> {
  const { foes } = await gm(core, 'players.controls', { campaignId })
  const foe = foes.find((f) => f.name === name)!
  await gm(core, 'players.reveal', { campaignId, key: foe.key, what: 'foe', shown: true })
}

async function settled(player: PlayerSocket, campaignId: number, test: (view: Record<string, unknown>) => boolean): Promise<void> {
  await player.frame((t) => {
    const msg = JSON.parse(t) as { event?: string; payload?: Record<string, unknown> }
    return msg.event === 'players.view' && msg.payload?.campaignId === campaignId && test(msg.payload)
  })
}

describe('the players’ screen never carries a GM secret', () => {
  for (const system of ['osr', 'ladder', 'lode', 'challenge', 'ranks'] as const) {
    it(`${system}: no frame a player receives and no page the listener serves holds any GM-only marker`, async () => {
      const campaignId = (await gm(core, 'campaign.create', { name: `Markers ${system}`, system, seed: 'markers' })).id
      const { url } = await gm(core, 'players.share', { campaignId })
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#key=[A-Za-z0-9_-]{40,}$/)
      const player = await openPlayer(url)
      const { glam } = await plantCommon(system, campaignId)
      const revealed = await plantSystem(system, campaignId, glam)
      if (revealed) await revealFoe(campaignId, revealed)
      // The GM plays on: rounds go by.
      await gm(core, 'clock.nextRound', { campaignId })
      await gm(core, 'clock.nextRound', { campaignId })
      await settled(player, campaignId, (v) => (v.handouts as unknown[]).length === 1 && (!revealed || JSON.stringify(v.combat).includes(revealed)))

      const asked = await player.call('players.view', {})
      expect(asked.ok).toBe(true)
      // A GM method is refused on the players' socket, and says nothing more.
      const gmCall = await player.call('campaign.list', {})
      expect(gmCall.ok).toBe(false)
      const pages = await Promise.all(['/', '/players.html', '/assets/players.js', '/index.html'].map(async (p) => (await fetch(new URL(p, url))).text()))

      // The markers are there for the GM: the test would see them if they leaked.
      const gmSees = JSON.stringify([
        await gm(core, 'clock.get', { campaignId }),
        await gm(core, 'log.list', { campaignId, limit: 500 }),
        await gm(core, 'players.controls', { campaignId }),
      ])
      for (const w of ['hidden-timer', 'gm-note', 'gm-roll', 'encounter-table']) expect(gmSees).toContain(MARK(w, system))
      expect(gmSees).toContain(MARK('unrevealed-foe', system))

      const everything = [...player.frames, ...pages].join('\n')
      expect(everything).not.toMatch(MARKED)
      expect(everything).not.toContain(gmServer.gmToken)
      expect(everything).not.toContain('GM</title>')
      // What the GM showed did arrive.
      expect(everything).toContain('A low vault that smells of wet stone.')
      expect(everything).toContain('Torch')
      if (revealed) expect(everything).toContain(revealed)
      if (system === 'osr') expect(everything).toMatch(/Is it so/i)
      player.ws.close()
    })
  }

  it('the GM key is never accepted on the players’ listener: its socket is closed as a wrong key', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keys', system: 'osr' })).id
    const { url } = await gm(core, 'players.share', { campaignId })
    const withGmKey = await openPlayer(url, gmServer.gmToken)
    expect(await withGmKey.closed).toBe(4401)
    expect(withGmKey.frames).toEqual([])
  })
})
