/**
 * The party at a glance (SCREENS.md): for each character present, what the GM looks for during
 * play in one read — H or the harm track of the system, the meta-currency balances, the light
 * carried and how long it lasts, rations and water, open injuries and conditions — each thing
 * marked `urgent` when it needs the GM now (in darkness, out of food or water, dying).
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { PartyMethod } from './party.names'
import { Balance } from './ledger.contract'
import { LADDER_DAMAGE_LEVELS } from '../injuries'

/** How hurt a character is, in the system's own terms; `none` where the system keeps no track (LODE, Challenge). */
export const PartyHealth = z.discriminatedUnion('kind', [
  /** OSR-2, OSR-19: current and maximum H. */
  z.object({ kind: z.literal('hardiness'), h: z.number().int(), maxH: z.number().int() }),
  /** LAD-15, LAD-18: the worst damage level carried, and the Wounds that count towards a third. */
  z.object({ kind: z.literal('damage'), level: z.enum(['unhurt', ...LADDER_DAMAGE_LEVELS]), wounds: z.number().int() }),
  /** RK-8: the Harm track's boxes. */
  z.object({ kind: z.literal('harm'), weary: z.boolean(), hurt: z.boolean(), doomed: z.boolean() }),
  z.object({ kind: z.literal('none') }),
])
export type PartyHealth = z.infer<typeof PartyHealth>

/** Something to tell about a character or the party, in the GM's words. */
export const PartyNote = z.object({
  text: z.string(),
  /** The rule it comes from, when one says so. */
  rule: z.string().nullable(),
  /** It needs the GM now: shown in red. */
  urgent: z.boolean(),
})
export type PartyNote = z.infer<typeof PartyNote>

export const PartyMember = z.object({
  id: Id,
  name: z.string(),
  playerName: z.string().nullable(),
  health: PartyHealth,
  /**
   * The character's own currencies of the system, in its order (shared/currencies.ts); `supply` is
   * the most their sheet says they hold (LODE-9's Energy supply), null where there is none.
   */
  balances: z.array(Balance.extend({ supply: z.number().int().nullable() })),
  /** The lights they carry that burn, with the game time left (CLK-4). */
  lights: z.array(z.object({ id: z.string(), type: z.string(), burnSecondsLeft: z.number().int(), fullSeconds: z.number().int(), warned: z.boolean() })),
  /** CLK-5: days of food and pints of water, and the days they last; null for one who carries neither. */
  provisions: z.object({ foodDays: z.number(), waterPints: z.number(), daysLeft: z.number() }).nullable(),
  injuries: z.array(z.object({ id: Id, label: z.string(), effect: z.string().nullable() })),
  /** Conditions: incapacitated, out of food, resting, beyond Doomed … */
  conditions: z.array(PartyNote),
})
export type PartyMember = z.infer<typeof PartyMember>

export const Party = z.object({
  campaignId: Id,
  /** The session being played, whose attendance is the party; null when none is open. */
  sessionId: Id.nullable(),
  /** Who is shown: those present at the open session, or every active PC when none is open. */
  present: z.enum(['session', 'active']),
  members: z.array(PartyMember),
  /** The GM's own currencies of the system (RK-7's Threat). */
  campaignBalances: z.array(Balance),
  /** What concerns the whole party (CLK-4: darkness). */
  alerts: z.array(PartyNote),
})
export type Party = z.infer<typeof Party>

export const partyContract = {
  'party.get': {
    scope: 'gm',
    summary: 'The party at a glance: H or harm, balances, light, rations and water, injuries and conditions of each character present.',
    input: z.object({ campaignId: Id }).strict(),
    output: Party,
  },
} as const satisfies Record<PartyMethod, MethodDef>
