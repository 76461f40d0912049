/**
 * The party at a glance, read in one call for the table's party column: who is present, and for
 * each of them H or the harm track, the system's currencies, the light they carry with the time
 * left, rations and water, open injuries and conditions. Reading only.
 */
import type { Injury, Party, PartyMember, PartyNote } from '../../../shared/contract'
import { currenciesOf } from '../../../shared/currencies'
import { type ServiceDeps, notFound, openSessionId } from '../core'
import { getClock } from '../clock'
import { listInjuries } from '../injuries'
import { ledgerBalances } from '../ledger'
import { ranksPerson } from '../table-ranks'
import { conditionsOf, healthOf } from './health'

type Row = { id: number; name: string; player_name: string | null; sheet: string }

/** Those present at the open session, or every active PC when none is open; by name. */
async function presentRows(deps: ServiceDeps, campaignId: number, sessionId: number | null): Promise<Row[]> {
  const columns = ['character.id', 'character.name', 'character.player_name', 'character.sheet'] as const
  if (sessionId !== null) {
    return deps.db
      .selectFrom('session_attendance')
      .innerJoin('character', 'character.id', 'session_attendance.character_id')
      .select(columns)
      .where('session_attendance.session_id', '=', sessionId)
      .orderBy('character.name')
      .execute()
  }
  return deps.db
    .selectFrom('character')
    .select(columns)
    .where('campaign_id', '=', campaignId)
    .where('kind', '=', 'pc')
    .where('status', '=', 'active')
    .orderBy('name')
    .execute()
}

/** "4:ration", "4:water": who carries rations or water at all, even emptied. */
async function carriedProvisions(deps: ServiceDeps, characterIds: number[]): Promise<Set<string>> {
  if (characterIds.length === 0) return new Set()
  const rows = await deps.db
    .selectFrom('inventory_item')
    .select(['character_id', 'kind'])
    .distinct()
    .where('character_id', 'in', characterIds)
    .where('kind', 'in', ['ration', 'water'])
    .execute()
  return new Set(rows.map((r) => `${r.character_id}:${r.kind}`))
}

function parsedSheet(json: string): Record<string, unknown> {
  try {
    const sheet = JSON.parse(json) as unknown
    return sheet && typeof sheet === 'object' ? (sheet as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * The party as the table shows it.
 * @example (await partyAtTable(deps, 1)).members[0] // { name: 'Glam', health: { kind: 'hardiness', h: 3, maxH: 4 }, … }
 */
export async function partyAtTable(deps: ServiceDeps, campaignId: number): Promise<Party> {
  const campaign = await deps.db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!campaign) throw notFound('campaign', campaignId)
  const system = campaign.system
  const sessionId = await openSessionId(deps.db, campaignId)
  const [rows, clock, injuries] = await Promise.all([
    presentRows(deps, campaignId, sessionId),
    getClock(deps, campaignId),
    listInjuries(deps.db, { campaignId, unhealedOnly: true }),
  ])
  const restingIds = new Set(clock.rest.filter((r) => r.restingSince !== null).map((r) => r.characterId))
  const carried = await carriedProvisions(deps, rows.map((r) => r.id))
  const members: PartyMember[] = []
  for (const row of rows) {
    const own: Injury[] = injuries.filter((i) => i.characterId === row.id)
    const sheet = parsedSheet(row.sheet)
    const carries = { food: carried.has(`${row.id}:ration`), water: carried.has(`${row.id}:water`) }
    const food = clock.provisions.find((p) => p.characterId === row.id)
    // Food and water are shown for one who carries them (or carried them, and ran out).
    const provisions = food && (carries.food || carries.water) ? { foodDays: food.foodDays, waterPints: food.waterPints, daysLeft: food.daysLeft } : null
    const courageDue = system === 'ranks' && (await ranksPerson(deps.db, row.id)).courageDue
    // LODE-9: Energy is held against the supply on the sheet (0 sets none).
    const supply = system === 'lode' && typeof sheet.energySupply === 'number' && sheet.energySupply > 0 ? sheet.energySupply : null
    const balances = (await ledgerBalances(deps.db, { campaignId, characterId: row.id }))
      .filter((b) => currenciesOf(system, 'character').includes(b.currency))
      // LAD-30: the Background Pool is a super's; anyone else's is shown only if it holds something.
      .filter((b) => b.currency !== 'background' || sheet.super === true || b.balance !== 0)
      .map((b) => ({ ...b, supply: b.currency === 'energy' ? supply : null }))
    members.push({
      id: row.id,
      name: row.name,
      playerName: row.player_name,
      health: healthOf(system, sheet, own),
      balances,
      lights: clock.lights
        .filter((l) => l.lit && l.characterId === row.id)
        .map((l) => ({ id: l.id, type: l.type, burnSecondsLeft: l.burnSecondsLeft, fullSeconds: l.fullSeconds, warned: l.warned })),
      provisions,
      injuries: own.map((i) => ({ id: i.id, label: i.label, effect: i.effect })),
      conditions: conditionsOf({
        system,
        sheet,
        injuries: own,
        courageDue,
        resting: restingIds.has(row.id),
        provisions,
        carries,
      }),
    })
  }
  const alerts: PartyNote[] = []
  if (clock.dark) {
    // CLK-4: darkness in every system; its −5 is OSR-8's, for old-school campaigns only.
    const text = system === 'osr' ? 'In darkness: no light is lit, −5 to actions' : 'In darkness: no light is lit'
    alerts.push({ text, rule: system === 'osr' ? 'CLK-4, OSR-8' : 'CLK-4', urgent: true })
  }
  const campaignBalances = currenciesOf(system, 'campaign').length > 0 ? await ledgerBalances(deps.db, { campaignId }) : []
  return { campaignId, sessionId, present: sessionId === null ? 'active' : 'session', members, campaignBalances, alerts }
}
