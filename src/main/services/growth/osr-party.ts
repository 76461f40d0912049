/**
 * The old-school party as the Between sessions screen reads it: each active character's XP and the
 * level it reaches with that level's offer and the exact odds of its die (OSR-6, OSR-2), their
 * resistance (OSR-3), strike bonus (OSR-15), spells and capacity (OSR-21), gold, pack and the load
 * and speed it gives (OSR-5, OSR-7).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { MethodOutput, OsrGrowthCharacter, OsrLevelOffer } from '../../../shared/contract'
import type { OsrSheet } from '../../../shared/api/sheets/osr'
import {
  experienceForLevel,
  hardinessForLevelOdds,
  levelReached,
  outcomes,
  resistanceTarget,
  SAMPLE_SPELLS,
  spellCapacity,
  strikeBonus,
  timesTaken,
  type OptionName,
} from '../../engines/osr'
// The inventory module itself: the characters domain's index reaches back into growth.
import { listInventory } from '../characters/inventory'
import { balance, parsedOsrSheet, requireOsrCampaign, thresholdsOf } from './osr-common'
import { growingCharacters } from './overview'

/** The die a level rolls for maximum H, in the seed's notation with what is added (OSR-2, OSR-6). */
function hardinessDice(S: number, vigour: number): string {
  const spirit = S > 0 ? ` + ${S}` : S < 0 ? ` − ${-S} (at least 1)` : ''
  return `1d6${spirit}${vigour > 0 ? ` + ${vigour} (great vigour)` : ''}`
}

/** The next level the XP has reached, with what it changes; null while the XP falls short or the sheet cannot grow. */
export function levelOffer(sheet: OsrSheet, xp: number, thresholds: readonly number[]): OsrLevelOffer | null {
  const options = sheet.options as OptionName[]
  const vigour = timesTaken(options, 'great vigour')
  const highTolerance = timesTaken(options, 'high tolerance')
  if (levelReached(xp, thresholds) <= sheet.level || sheet.maxH <= 0 || vigour > 2 || highTolerance > 2) return null
  const to = sheet.level + 1
  const capacity = (art: 'arcane' | 'divine') => ({ from: spellCapacity({ level: sheet.level, options }, art), to: spellCapacity({ level: to, options }, art) })
  return {
    level: to,
    dice: hardinessDice(sheet.S, vigour),
    maxH: outcomes(hardinessForLevelOdds({ S: sheet.S, vigour })),
    resistance: { from: resistanceTarget({ level: sheet.level, highTolerance }), to: resistanceTarget({ level: to, highTolerance }) },
    strikeBonus: { from: strikeBonus(sheet.level), to: strikeBonus(to) },
    capacity: { arcane: capacity('arcane'), divine: capacity('divine') },
  }
}

async function characterView(
  db: Kysely<Database>,
  row: { id: number; campaign_id: number; name: string; kind: 'pc' | 'npc'; sheet: string },
  thresholds: readonly number[],
  playedLast: boolean,
): Promise<OsrGrowthCharacter> {
  const { sheet: read } = parsedOsrSheet(row.sheet)
  const sheet = read ?? ({ level: 1, B: 0, M: 0, S: 0, h: 0, maxH: 0, optionsAllowed: 0, options: [], patron: '', spells: [], prepared: [] } satisfies OsrSheet)
  const options = sheet.options as OptionName[]
  const xp = await balance(db, row.campaign_id, row.id, 'xp')
  const { items, encumbrance } = await listInventory(db, row.id)
  const level = Math.max(1, sheet.level)
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    playedLast,
    level,
    xp,
    next: { level: level + 1, xp: experienceForLevel(level + 1, thresholds) },
    offer: read ? levelOffer(sheet, xp, thresholds) : null,
    h: sheet.h,
    maxH: sheet.maxH,
    S: sheet.S,
    resistance: resistanceTarget({ level, highTolerance: Math.min(2, timesTaken(options, 'high tolerance')) }),
    strikeBonus: strikeBonus(level),
    spells: sheet.spells,
    capacity: { arcane: spellCapacity({ level, options }, 'arcane'), divine: spellCapacity({ level, options }, 'divine') },
    gold: await balance(db, row.campaign_id, row.id, 'gold'),
    pack: items.map((i) => ({ id: i.id, name: i.name, kind: i.kind, quantity: i.quantity, valueGp: i.valueGp, weightLbs: i.weightLbs })),
    load: { loadLbs: encumbrance.loadLbs, fullLoadSteps: encumbrance.fullLoadSteps, openFt: encumbrance.open.perTurnFt, enclosedFt: encumbrance.enclosed.perTurnFt },
    problem: read ? null : `${row.name}’s sheet cannot be read as an old-school sheet: put it right on the character’s page first.`,
  }
}

/**
 * @example (await osrGrowthParty(deps.db, 1)).characters[0] // { name: 'Glam', level: 1, xp: 1, offer: { level: 2, dice: '1d6 + 1', … }, gold: 50, … }
 */
export async function osrGrowthParty(db: Kysely<Database>, campaignId: number): Promise<MethodOutput<'growth.osr.party'>> {
  await requireOsrCampaign(db, campaignId, 'Nothing was shown.')
  const thresholds = await thresholdsOf(db, campaignId)
  const last = await db.selectFrom('session').select('id').where('campaign_id', '=', campaignId).where('status', '=', 'closed').orderBy('number', 'desc').limit(1).executeTakeFirst()
  const played = new Set(last ? (await db.selectFrom('session_attendance').select('character_id').where('session_id', '=', last.id).execute()).map((r) => r.character_id) : [])
  const rows = await growingCharacters(db, campaignId)
  const characters: OsrGrowthCharacter[] = []
  for (const row of rows) characters.push(await characterView(db, row, thresholds, played.has(row.id)))
  return { thresholds, characters, samples: SAMPLE_SPELLS.map((s) => ({ id: s.id, name: s.name, art: s.art, level: s.level })) }
}
