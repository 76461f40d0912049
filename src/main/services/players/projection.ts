/**
 * The players' screen, built on the server for players: a whitelist, field by field, of what they
 * may see (the clock, lit lights, darkness, the order of play with foes concealed until revealed,
 * the party's provisions and visible conditions, public rolls, handouts). Nothing is copied whole
 * from a GM record: GM notes, NPC sheets, GM-only rolls, hidden timers, encounter tables and
 * checks, odds, unrevealed foes and the Threat pool never enter it. The rolls are read through the
 * players' gate (audience/read.ts), as each entry's audience was decided when it was written.
 */
import type { PlayerCombat, PlayerView } from '../../../shared/contract'
import { SYSTEMS } from '../../../shared/systems'
import { describeLogEntry } from '../../../shared/log-text'
import { capitalAliases } from '../../../shared/log-text/words'
import { WARNING_SECONDS } from '../../engines/clock/lights'
import { type ServiceDeps, notFound } from '../core'
import { getClock } from '../clock'
import { journeyStrip } from './journey-strip'
import { partyAtTable } from '../party'
import { tableCombat } from './foes'
import { readReveals } from './reveals'
import { publicOdds } from './odds'
import type { RolledFace } from '../../engines/dice'
import { PLAYERS_AUDIENCES, PLAYERS_COLUMNS, playersEntries, type PlayersEntry } from './audience/read'

/** Public rolls shown, newest first. */
export const ROLLS_SHOWN = 6
/** The tables' roll entries: each system's own (never the clock's encounter checks). */
const ROLL_KINDS = ['osr.', 'ladder.', 'lode.', 'challenge.', 'ranks.']

/**
 * Results the table reaches with no dice, shown among the rolls as they happen: a roll pushed up a
 * rung (LAD-22.1), a result bought with Plot Points (LAD-22.2), a GM's ruling with no roll (LAD-4),
 * a Ranks roll accepted with what it did (RK-3, RK-8), and a challenge's rounds and its end (CH-2,
 * CH-3) when it is played without dice.
 */
const DICELESS_RESULTS = ['ladder.roll.stepped-up', 'ladder.roll.bought', 'ladder.roll.ruling', 'ranks.accepted', 'challenge.round', 'challenge.closed']

/**
 * The dice of the rolls that were pushed up a rung, by the push's entry, as the players may read
 * those rolls: a push shows the faces of its roll, unless the players were kept from them (a foe's).
 */
async function facesOfPushedRolls(db: ServiceDeps['db'], campaignId: number, entries: readonly PlayersEntry[]): Promise<Map<number, RolledFace[]>> {
  const byRoll = new Map<number, number>()
  for (const e of entries) if (e.kind === 'ladder.roll.stepped-up' && typeof e.payload.rollId === 'number') byRoll.set(e.payload.rollId, e.id)
  if (byRoll.size === 0) return new Map()
  const rows = await db.selectFrom('log_entry').select([...PLAYERS_COLUMNS, 'dice']).where('campaign_id', '=', campaignId).where('id', 'in', [...byRoll.keys()]).where('audience', 'in', PLAYERS_AUDIENCES).execute()
  const faces = new Map<number, RolledFace[]>()
  for (const roll of await playersEntries(db, campaignId, rows)) if (roll.dice) faces.set(byRoll.get(roll.id)!, roll.dice)
  return faces
}

/**
 * What players may see of one campaign now.
 * @example (await playerView(deps, 1)).lights // [{ name: 'Torch', carrier: 'Glam', secondsLeft: 2700, … }]
 */
export async function playerView(deps: ServiceDeps, campaignId: number): Promise<PlayerView> {
  const campaign = await deps.db.selectFrom('campaign').select(['id', 'name', 'system']).where('id', '=', campaignId).executeTakeFirst()
  if (!campaign) throw notFound('campaign', campaignId)
  const system = campaign.system
  const [clock, party, reveals] = await Promise.all([getClock(deps, campaignId), partyAtTable(deps, campaignId), readReveals(deps.db, campaignId)])
  const revealedFoes = new Set(reveals.filter((r) => r.kind === 'foe').map((r) => r.ref))
  const numbersShown = new Set(reveals.filter((r) => r.kind === 'foe-numbers').map((r) => r.ref))

  const table = await tableCombat(deps, campaignId, system, clock.mode === 'combat')
  let combat: PlayerCombat | null = null
  if (table) {
    const groups: PlayerCombat['groups'] = []
    for (const g of table.groups) {
      const fighters: PlayerCombat['groups'][number]['fighters'] = []
      for (const f of g.fighters) {
        if (f.side === 'foes' && !revealedFoes.has(f.key)) continue
        const shown = f.side === 'party' || numbersShown.has(f.key)
        fighters.push({ name: f.name, side: f.side, turn: f.turn, out: f.out, numbers: shown ? f.numbers : null })
      }
      if (fighters.length === 0) continue
      const scoreShown = !g.scoreIsFoes || g.fighters.some((f) => numbersShown.has(f.key) && revealedFoes.has(f.key))
      groups.push({ label: g.label, score: scoreShown ? g.score : null, fighters })
    }
    combat = { round: clock.round, terms: table.terms, groups }
  } else if (clock.mode === 'combat') {
    combat = { round: clock.round, terms: 'Combat', groups: [] }
  }

  const rollRows = await deps.db
    .selectFrom('log_entry')
    .select([...PLAYERS_COLUMNS, 'dice'])
    .where('campaign_id', '=', campaignId)
    .where('audience', 'in', PLAYERS_AUDIENCES)
    .where('undone', '=', 0)
    .where((eb) => eb.or([eb('dice', 'is not', null), eb('kind', 'in', DICELESS_RESULTS)]))
    .where((eb) => eb.or(ROLL_KINDS.map((k) => eb('kind', 'like', `${k}%`))))
    .orderBy('id', 'desc')
    .limit(ROLLS_SHOWN * 2)
    .execute()
  const pcIds = new Set(
    (await deps.db.selectFrom('character').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'pc').execute()).map((r) => r.id),
  )
  const shown = (await playersEntries(deps.db, campaignId, rollRows)).slice(0, ROLLS_SHOWN)
  const pushedFaces = await facesOfPushedRolls(deps.db, campaignId, shown)
  const rolls: PlayerView['rolls'] = shown.map((entry) => ({
    id: entry.id,
    text: capitalAliases(describeLogEntry(entry)),
    faces: (entry.dice ?? pushedFaces.get(entry.id) ?? []).map((d) => ({ sides: d.sides, face: d.face })),
    odds: publicOdds(entry, pcIds),
  }))

  const handouts: PlayerView['handouts'] = []
  const locationIds = reveals.filter((r) => r.kind === 'location').map((r) => Number(r.ref))
  const npcIds = reveals.filter((r) => r.kind === 'npc').map((r) => Number(r.ref))
  const locations = locationIds.length
    ? await deps.db.selectFrom('location').select(['id', 'name']).where('campaign_id', '=', campaignId).where('id', 'in', locationIds).execute()
    : []
  const npcs = npcIds.length
    ? await deps.db.selectFrom('character').select(['id', 'name']).where('campaign_id', '=', campaignId).where('id', 'in', npcIds).execute()
    : []
  // A handout is what the GM wrote for the players, under the heading they gave it: never the record's own name.
  for (const r of reveals) {
    if (r.kind !== 'location' && r.kind !== 'npc') continue
    const row = (r.kind === 'location' ? locations : npcs).find((x) => String(x.id) === r.ref)
    if (row) handouts.push({ kind: r.kind, name: r.title, text: r.text })
  }
  // An injury in the GM's own words is "Injury" to the players: the words may be the GM's.
  const freeInjuries = new Set(
    (await deps.db.selectFrom('injury').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'other').execute()).map((r) => r.id),
  )
  const partyIds = new Set(party.members.map((m) => m.id))

  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    system,
    systemName: SYSTEMS[system].name,
    day: clock.day,
    timeOfDay: clock.timeOfDay,
    mode: clock.mode,
    round: clock.round,
    // The party's lights: carried by one of them, or set down where they are; anyone else's is the GM's.
    lights: clock.lights
      .filter((l) => l.lit && (l.characterId === null || partyIds.has(l.characterId)))
      .map((l) => ({
        name: l.itemName ?? l.type.charAt(0).toUpperCase() + l.type.slice(1),
        carrier: l.characterId !== null && partyIds.has(l.characterId) ? l.holderName : null,
        secondsLeft: l.burnSecondsLeft,
        fullSeconds: l.fullSeconds,
        goingOut: l.burnSecondsLeft <= WARNING_SECONDS,
      })),
    dark: clock.dark,
    // CLK-4: darkness in every system; its −5 is OSR-8's.
    daylight: clock.daylight.sunUp ? 'day' : 'night',
    journey: await journeyStrip(deps.db, campaignId, clock),
    darkness: clock.dark ? (clock.darknessModifier !== null ? `No light is lit: ${clock.darknessModifier < 0 ? `−${-clock.darknessModifier}` : clock.darknessModifier} to actions in darkness` : 'No light is lit') : null,
    combat,
    party: party.members.map((m) => ({
      name: m.name,
      provisions: m.provisions ? { foodDays: m.provisions.foodDays, waterPints: m.provisions.waterPints, daysLeft: m.provisions.daysLeft } : null,
      conditions: [...m.conditions.map((c) => c.text), ...m.injuries.map((i) => (freeInjuries.has(i.id) ? 'Injury' : i.label))],
    })),
    rolls,
    handouts,
  }
}
