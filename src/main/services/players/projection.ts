/**
 * The players' screen, built on the server for players: a whitelist, field by field, of what they
 * may see (the clock, lit lights, darkness, the order of play with foes concealed until revealed,
 * the party's provisions and visible conditions, public rolls, handouts). Nothing is copied whole
 * from a GM record: GM notes, NPC sheets, GM-only rolls, hidden timers, encounter tables and
 * checks, odds, unrevealed foes and the Threat pool never enter it.
 */
import type { PlayerCombat, PlayerView } from '../../../shared/contract'
import { SYSTEMS } from '../../../shared/systems'
import { describeLogEntry } from '../../../shared/log-text'
import { WARNING_SECONDS } from '../../engines/clock/lights'
import { type ServiceDeps, notFound, toLogEntry } from '../core'
import { getClock } from '../clock'
import { partyAtTable } from '../party'
import { tableCombat } from './foes'
import { readReveals } from './reveals'
import { publicOdds } from './odds'

/** Public rolls shown, newest first. */
export const ROLLS_SHOWN = 6
/** The tables' roll entries: each system's own (never the clock's encounter checks). */
const ROLL_KINDS = ['osr.', 'ladder.', 'lode.', 'challenge.', 'ranks.']

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
  const hiddenNames: string[] = []
  let combat: PlayerCombat | null = null
  if (table) {
    const groups: PlayerCombat['groups'] = []
    for (const g of table.groups) {
      const fighters: PlayerCombat['groups'][number]['fighters'] = []
      for (const f of g.fighters) {
        if (f.side === 'foes' && !revealedFoes.has(f.key)) {
          hiddenNames.push(f.name)
          continue
        }
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
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('gm_only', '=', 0)
    .where('undone', '=', 0)
    .where('dice', 'is not', null)
    .where((eb) => eb.or(ROLL_KINDS.map((k) => eb('kind', 'like', `${k}%`))))
    .orderBy('id', 'desc')
    .limit(ROLLS_SHOWN * 2)
    .execute()
  const rolls: PlayerView['rolls'] = []
  const pcIds = new Set(
    (await deps.db.selectFrom('character').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'pc').execute()).map((r) => r.id),
  )
  for (const row of rollRows) {
    const entry = toLogEntry(row)
    const text = describeLogEntry(entry)
    // A public roll that names a foe the players have not seen yet waits until it is revealed.
    if (hiddenNames.some((n) => n !== '' && text.includes(n))) continue
    rolls.push({ id: entry.id, text, faces: (entry.dice ?? []).map((d) => ({ sides: d.sides, face: d.face })), odds: publicOdds(entry, pcIds) })
    if (rolls.length === ROLLS_SHOWN) break
  }

  const handouts: PlayerView['handouts'] = []
  const locationIds = reveals.filter((r) => r.kind === 'location').map((r) => Number(r.ref))
  const npcIds = reveals.filter((r) => r.kind === 'npc').map((r) => Number(r.ref))
  const locations = locationIds.length
    ? await deps.db.selectFrom('location').select(['id', 'name']).where('campaign_id', '=', campaignId).where('id', 'in', locationIds).execute()
    : []
  const npcs = npcIds.length
    ? await deps.db.selectFrom('character').select(['id', 'name']).where('campaign_id', '=', campaignId).where('id', 'in', npcIds).execute()
    : []
  for (const r of reveals) {
    if (r.kind !== 'location' && r.kind !== 'npc') continue
    const row = (r.kind === 'location' ? locations : npcs).find((x) => String(x.id) === r.ref)
    if (row) handouts.push({ kind: r.kind, name: row.name, text: r.text })
  }

  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    system,
    systemName: SYSTEMS[system].name,
    day: clock.day,
    timeOfDay: clock.timeOfDay,
    mode: clock.mode,
    round: clock.round,
    lights: clock.lights
      .filter((l) => l.lit)
      .map((l) => ({
        name: l.itemName ?? l.type.charAt(0).toUpperCase() + l.type.slice(1),
        carrier: l.holderName,
        secondsLeft: l.burnSecondsLeft,
        fullSeconds: l.fullSeconds,
        goingOut: l.burnSecondsLeft <= WARNING_SECONDS,
      })),
    dark: clock.dark,
    // CLK-4: darkness in every system; its −5 is OSR-8's.
    darkness: clock.dark ? (clock.darknessModifier !== null ? `No light is lit: ${clock.darknessModifier < 0 ? `−${-clock.darknessModifier}` : clock.darknessModifier} to actions in darkness` : 'No light is lit') : null,
    combat,
    party: party.members.map((m) => ({
      name: m.name,
      provisions: m.provisions ? { foodDays: m.provisions.foodDays, waterPints: m.provisions.waterPints, daysLeft: m.provisions.daysLeft } : null,
      conditions: [...m.conditions.map((c) => c.text), ...m.injuries.map((i) => i.label)],
    })),
    rolls,
    handouts,
  }
}
