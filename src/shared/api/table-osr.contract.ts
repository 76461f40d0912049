/**
 * The old-school core at the table: the roll panel's exact odds and rolls (checks,
 * resistance, "is it so?", strikes, shots, casting), harm to H with the injuries it leaves, spell
 * preparation with its secret cast window, and the combat tracker (initiative each round, whose
 * turn, reloading), each change one step that can be undone.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import { text } from './records.contract'
import { type OsrTableMethod } from './table-osr.names'
import { whole, yesNo, Side, FighterId, OsrFoeInput, OsrRoll, OsrOdds, OsrHarmReport, OsrRollResult, OsrFighter, OsrTableView } from './table-osr.schemas'
import { Met } from './table-combat.schemas'

export * from './table-osr.schemas'

const Campaign = { campaignId: Id }
const Surprise = z.object({ party: whole(-20, 20).default(0), foes: whole(-20, 20).default(0) }).strict()


export const osrTableContract = {
  'osr.fighter': {
    scope: 'gm',
    summary: "A character's numbers at the table: modifiers, H, armour and weapons carried, spells.",
    input: z.object({ characterId: FighterId }).strict(),
    output: OsrFighter,
  },
  'osr.state': {
    scope: 'gm',
    summary: 'The table as it stands: darkness, the combat under way, prepared spells.',
    input: z.object(Campaign).strict(),
    output: OsrTableView,
  },
  'osr.odds': {
    scope: 'gm',
    summary: 'Exact odds of a check, save, strike, shot or casting before it is rolled (DICE-2).',
    input: z.object({ ...Campaign, roll: OsrRoll }).strict(),
    output: OsrOdds,
  },
  'osr.initiativeOdds': {
    scope: 'gm',
    summary: 'Exact odds that each party member acts before, with or after each foe (OSR-14).',
    input: z.object({ ...Campaign, party: z.array(FighterId).max(40), foes: z.array(FighterId).max(40), round: whole(1, 100_000), surprise: Surprise.default({ party: 0, foes: 0 }) }).strict(),
    output: z.array(z.object({ first: FighterId, second: FighterId, firstActsFirst: z.number(), together: z.number(), secondActsFirst: z.number() })),
  },
  'osr.roll': {
    scope: 'gm',
    summary: 'Rolls a check, save, "is it so?", strike, shot or casting with the campaign\'s dice; harm lands on H.',
    input: z.object({ ...Campaign, roll: OsrRoll, gmOnly: yesNo.default(false) }).strict(),
    output: OsrRollResult,
  },
  'osr.harm': {
    scope: 'gm',
    summary: "Applies harm to a character's H (OSR-19): a blow may break or sever a limb; H below 0 costs maximum H.",
    input: z
      .object({
        ...Campaign,
        characterId: FighterId,
        harm: whole(0, 1000),
        /** A blow breaks limbs; H paid (a casting) or lost otherwise does not. */
        blow: yesNo.default(true),
        part: text(100).optional(),
        cause: text(200).default(''),
      })
      .strict(),
    output: OsrHarmReport,
  },
  'osr.prepare': {
    scope: 'gm',
    summary: 'Prepares all known spells (OSR-22): 5 seconds; the GM rolls the cast window secretly, a hidden timer.',
    input: z.object({ ...Campaign, characterId: Id, rested: yesNo.default(true), unrestrained: yesNo.default(true) }).strict(),
    output: z.object({ minutes: z.number().int(), castBy: z.number().int(), gmPenaltyDue: z.boolean(), view: OsrTableView }),
  },
  'osr.combat.start': {
    scope: 'gm',
    summary:
      "Starts the combat on the clock and at the table together: who fights (characters, foes typed here, what an encounter brought), then, unless asked not to, round 1 with its initiative and surprise (OSR-14).",
    input: z
      .object({
        ...Campaign,
        /** The party; empty: the player characters at the open session (or every active one). */
        party: z.array(Id).max(20).default([]),
        foes: z.array(Id).max(20).default([]),
        adHoc: z.array(OsrFoeInput).max(20).default([]),
        /** The encounter table's row the clock bar's alert rolled. */
        met: Met.optional(),
        surprise: Surprise.default({ party: 0, foes: 0 }),
        /** Play round 1 at once (the tracker's Start); from an encounter the GM sets the foes up first. */
        firstRound: yesNo.default(true),
      })
      .strict()
      .refine((i) => i.foes.length + i.adHoc.length > 0 || i.met !== undefined, { error: 'needs a foe', path: ['foes'] }),
    output: OsrTableView,
  },
  'osr.combat.join': {
    scope: 'gm',
    summary: 'Adds a character to the combat under way, on one side.',
    input: z.object({ ...Campaign, characterId: Id, side: Side }).strict(),
    output: OsrTableView,
  },
  'osr.combat.foe': {
    scope: 'gm',
    summary: 'Types a foe into the combat under way, with no NPC behind it; it rolls its initiative if the round has begun.',
    input: z.object({ ...Campaign, foe: OsrFoeInput }).strict(),
    output: OsrTableView,
  },
  'osr.combat.foe.edit': {
    scope: 'gm',
    summary: "Changes a typed foe's name or numbers; its H stays what harm left it unless its maximum changes.",
    input: z.object({ ...Campaign, characterId: FighterId, foe: OsrFoeInput }).strict(),
    output: OsrTableView,
  },
  'osr.combat.foe.save': {
    scope: 'gm',
    summary: "Saves a typed foe as an NPC of the campaign, with its numbers, armour and weapon; it fights on as that NPC.",
    input: z.object({ ...Campaign, characterId: FighterId }).strict(),
    output: z.object({ npcId: Id, view: OsrTableView }),
  },
  'osr.combat.leave': {
    scope: 'gm',
    summary: 'Takes a character or foe out of the combat (fled, or not there after all).',
    input: z.object({ ...Campaign, characterId: FighterId }).strict(),
    output: OsrTableView,
  },
  'osr.initiative': {
    scope: 'gm',
    summary: "Rolls initiative for the clock's round: d20 + M each, highest first, ties together (OSR-14).",
    input: z.object({ ...Campaign, surprise: Surprise.default({ party: 0, foes: 0 }) }).strict(),
    output: OsrTableView,
  },
  'osr.round': {
    scope: 'gm',
    summary: 'Plays the next combat round on the clock (5 seconds), with its initiative rolled in the same step (OSR-14).',
    input: z.object(Campaign).strict(),
    output: OsrTableView,
  },
  'osr.combat.act': {
    scope: 'gm',
    summary: 'Marks that a combatant took their action this round (a move, a word, anything not rolled here).',
    input: z.object({ ...Campaign, characterId: FighterId, action: text(200).default('') }).strict(),
    output: OsrTableView,
  },
  'osr.reload': {
    scope: 'gm',
    summary: 'Reloads a crossbow or firearm: it takes the action (OSR-18).',
    input: z.object({ ...Campaign, characterId: Id, weaponId: Id }).strict(),
    output: OsrTableView,
  },
  'osr.combat.end': {
    scope: 'gm',
    summary: 'Ends the combat on the clock and at the table together; the clock stays where the rounds took it (CLK-2).',
    input: z.object(Campaign).strict(),
    output: OsrTableView,
  },
  'osr.undo': {
    scope: 'gm',
    summary: 'Undoes the last action at the table: the H, injuries and combat as they were; its log entries marked undone.',
    input: z.object(Campaign).strict(),
    output: z.object({ undone: z.string(), view: OsrTableView }),
  },
} as const satisfies Record<OsrTableMethod, MethodDef>
