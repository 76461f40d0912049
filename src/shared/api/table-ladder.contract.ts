/**
 * The Ladder at the table (LAD-1 … LAD-31): the roll panel's exact odds and rolls, the Plot Point
 * spends that apply right then, instant conflicts, arbitrary damage, and the trackers (extended,
 * team, race, duel, combat) kept as engine state between exchanges.
 */
import { z } from 'zod'
import { Met } from './table-combat.schemas'
import { Id, type MethodDef } from './common'
import { DamageLevel, WoundLocation } from './injuries.contract'
import { text } from './records.contract'
import { type LadderTableMethod } from './table-ladder.names'
import { Rung, bool, Name, AssetName, Task, Participant, OddsInput, Odds, LadderCharacter, RollOutcome, Consequence, Line, ConflictView, StartConflict, SpellFields, SpellOdds } from './table-ladder.schemas'

export * from './table-ladder.schemas'

/** Who rolls: a character of the campaign, or a name the GM types (a thug, a rival). */
const Who = { campaignId: Id, characterId: Id.nullable().default(null), name: Name }

const Consequences = z.object({ logEntryId: Id, text: z.string(), faces: z.array(z.number().int()), consequences: z.array(Consequence) })


export const ladderTableContract = {
  'ladder.roster': {
    scope: 'gm',
    summary: 'The characters who can roll at the table, with their assets, Plot Points and injuries.',
    input: z.object({ campaignId: Id }).strict(),
    output: z.array(LadderCharacter),
  },
  'ladder.odds': {
    scope: 'gm',
    summary: 'The exact odds of a Ladder roll before it is made (DICE-2).',
    input: OddsInput,
    output: Odds,
  },
  'ladder.roll': {
    scope: 'gm',
    summary: 'Rolls a task on the ladder (LAD-2 … LAD-5) and logs every face.',
    input: z.object({ ...Who, what: AssetName.default(''), ...Task, vulnerability: bool.default(false), gmOnly: bool.default(false) }).strict(),
    output: RollOutcome,
  },
  'ladder.buy': {
    scope: 'gm',
    summary: 'Buys a result with Plot Points instead of rolling (LAD-22.2).',
    input: z.object({ ...Who, characterId: Id, what: AssetName.default(''), ...Task, want: Rung, gmOnly: bool.default(false) }).strict(),
    output: RollOutcome,
  },
  'ladder.stepUp': {
    scope: 'gm',
    summary: 'Spends a Plot Point to push a rolled result one rung up, once per roll (LAD-22.1).',
    input: z.object({ logEntryId: Id }).strict(),
    output: RollOutcome,
  },
  'ladder.outcome': {
    scope: 'gm',
    summary: 'A roll as it stands now: its result, pushed up a rung or not, and whether a Plot Point may push it with the balance now (LAD-22.1).',
    input: z.object({ logEntryId: Id }).strict(),
    output: RollOutcome,
  },
  'ladder.ruling': {
    scope: 'gm',
    summary: 'Records an automatic success or failure by GM fiat, with no roll (LAD-4).',
    input: z.object({ ...Who, what: AssetName.default(''), success: bool, reason: text(300).min(1, 'say why no roll is needed'), gmOnly: bool.default(false) }).strict(),
    output: z.object({ logEntryId: Id, text: z.string() }),
  },
  'ladder.instant': {
    scope: 'gm',
    summary: 'An instant conflict: both roll once, higher rung wins, ties by first face (LAD-6).',
    input: z.object({ campaignId: Id, a: Participant, b: Participant, extended: Task.extended, gmOnly: bool.default(false) }).strict(),
    output: z.object({ logEntryId: Id, winner: z.enum(['a', 'b']), text: z.string(), attempts: z.array(z.object({ a: Line, b: Line, decidedBy: z.string() })) }),
  },
  'ladder.damage': {
    scope: 'gm',
    summary: 'Arbitrary damage: the victim rolls a d6 against the level the GM picks (LAD-16), recorded as an injury (LAD-18).',
    input: z.object({ ...Who, level: DamageLevel, tough: bool.default(false), location: WoundLocation.nullable().default(null), gmOnly: bool.default(false) }).strict(),
    output: Consequences,
  },
  'ladder.untreated': {
    scope: 'gm',
    summary: 'An hour without medical attention: an asset against Good, or the character begins dying (LAD-19).',
    input: z.object({ ...Who, what: AssetName.default(''), asset: Rung, wonky: Task.wonky, extended: Task.extended, gmOnly: bool.default(false) }).strict(),
    output: z.object({ logEntryId: Id, result: Rung, faces: z.array(z.number().int()), beginsDying: z.boolean(), text: z.string() }),
  },
  'ladder.spellOdds': {
    scope: 'gm',
    summary: 'The exact odds of a spell before it is cast: the lowest of the magical assets combined, against the rung, on the extended ladder (LAD-25, LAD-26).',
    input: z.object(SpellFields).strict(),
    output: SpellOdds,
  },
  'ladder.cast': {
    scope: 'gm',
    summary: 'Casts a spell with a character’s magical assets, combined on the lowest (LAD-25, LAD-26), and logs every face.',
    input: z.object({ ...SpellFields, effect: text(300, 'the effect').min(1, 'describe the effect the spell is meant to have (LAD-25)'), gmOnly: bool.default(false) }).strict(),
    output: RollOutcome,
  },
  'ladder.keepRote': {
    scope: 'gm',
    summary: 'Keeps a successful spell with its caster as a rote: its effect, assets and rung (LAD-27).',
    input: z.object({ logEntryId: Id }).strict(),
    output: RollOutcome,
  },
  'ladder.conflict.list': {
    scope: 'gm',
    summary: "The campaign's conflicts and fights, open ones first.",
    input: z.object({ campaignId: Id, openOnly: bool.default(true) }).strict(),
    output: z.array(ConflictView),
  },
  'ladder.conflict.start': {
    scope: 'gm',
    summary: 'Starts an extended conflict, a team fight, a race, a magic duel or a combat, with any head start (LAD-9).',
    input: StartConflict,
    output: ConflictView,
  },
  'ladder.conflict.exchange': {
    scope: 'gm',
    summary: 'Plays the next exchange of a conflict: everyone rolls, AP are scored (LAD-7, LAD-10, LAD-11, LAD-28).',
    input: z.object({ id: Id, rung: Rung.optional(), gmOnly: bool.default(false) }).strict(),
    output: ConflictView,
  },
  'ladder.conflict.neutralise': {
    scope: 'gm',
    summary: 'The team at 6 AP takes out the opposing member the GM picks; every AP is erased (LAD-10).',
    input: z.object({ id: Id, name: Name }).strict(),
    output: ConflictView,
  },
  'ladder.conflict.end': {
    scope: 'gm',
    summary: 'Ends a conflict or fight: its AP are cleared (LAD-9).',
    input: z.object({ id: Id }).strict(),
    output: ConflictView,
  },
  'ladder.combat.begin': {
    scope: 'gm',
    summary: "Starts the clock's combat from an encounter: the row's foes (its NPC, or its text with the number appearing rolled) are named for the fight's set-up.",
    input: z.object({ campaignId: Id, met: Met.optional() }).strict(),
    output: z.object({ foes: z.array(z.string()) }),
  },
  'ladder.combat.met': {
    scope: 'gm',
    summary: "The foes an encounter brought to the clock's combat under way, for the fight's set-up.",
    input: z.object({ campaignId: Id }).strict(),
    output: z.object({ foes: z.array(z.string()) }),
  },
  'ladder.combat.round': {
    scope: 'gm',
    summary: 'Runs a combat round: hand-to-hand first, then gunfire; strikes and hits become injuries (LAD-12 … LAD-19).',
    input: z
      .object({
        id: Id,
        melee: z.array(z.object({ attacker: Name, defender: Name })).default([]),
        gunfire: z.array(z.object({ shooter: Name, target: Name, rung: Rung })).default([]),
        gmOnly: bool.default(false),
      })
      .strict(),
    output: ConflictView,
  },
} as const satisfies Record<LadderTableMethod, MethodDef>
