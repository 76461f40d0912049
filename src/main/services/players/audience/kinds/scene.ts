/**
 * The players' rules for the combat scenes of LODE, Resolution and Ranks and the Challenge System
 * (services/table-scene), which follow the clock's combat (CLK-2). The encounter's row that brought
 * the fight is the GM's table (DICE-1); a foe's one number (LODE-12 Base Dice, RK-1 rank) is the
 * GM's until the GM shows it. The sentences written into these entries are written again here from
 * the players' own fields, with the writer's builders, so no number rides along in them.
 */
import type { Visibility } from '../visibility'
import { endedText, joinedText, startedText, type FoeWords } from '../../../table-scene/text'
import { type KindRule, type Payload, facesHidden, without } from './rule'

type SceneBefore = { number: number } | null | undefined

/** A scene's foe as players read it: its number only once shown; the NPC behind it only once it is named. */
function playersFoe(foe: Payload, v: Visibility): Payload {
  if (v.numbers(foe.name)) return foe
  return v.named(foe.name) ? without(foe, 'baseDice', 'rank') : without(foe, 'baseDice', 'rank', 'npcId')
}

/** The fight begins: who it is against, without the encounter's row and without the numbers not shown. */
const startedRule: KindRule = (p, v) => {
  const foes = Array.isArray(p.foes) ? (p.foes as Payload[]).map((f) => playersFoe(f, v)) : []
  // The dice rolled are the encounter row's count (2d4 ghouls): the GM's table's.
  return facesHidden({ ...without(p, 'met'), foes, text: startedText(foes as unknown as FoeWords[], p.sceneBefore as SceneBefore) })
}

/** The fight is over after so many rounds, against whom (names only; the name pass unnames those not revealed). */
const endedRule: KindRule = (p) => {
  const foes = Array.isArray(p.foes) ? (p.foes as unknown[]).map(String) : []
  const text = endedText(Number(p.rounds), foes, p.sceneBefore as SceneBefore)
  return text === p.text ? p : { ...p, text }
}

/**
 * A foe typed in mid-fight: unnamed, it is not told at all (its entry is about nothing else); with
 * its number hidden, only that it joined.
 */
const foeRule: KindRule = (p, v) => {
  const foe = (p.foe ?? {}) as Payload
  if (!v.named(foe.name)) return null
  if (v.numbers(foe.name)) return p
  const told = playersFoe(foe, v)
  return { ...p, foe: told, text: joinedText(told as unknown as FoeWords) }
}

export const SCENE_RULES: Record<string, KindRule> = {
  'lode.combat.started': startedRule,
  'lode.combat.ended': endedRule,
  'lode.combat.foe': foeRule,
  // Keeping a foe as an NPC is the GM's book-keeping of their records.
  'lode.combat.foe.saved': 'gm',
  'ranks.combat.started': startedRule,
  'ranks.combat.ended': endedRule,
  'ranks.combat.foe': foeRule,
  'ranks.combat.foe.saved': 'gm',
  // CH-9: what an encounter brought waits for the challenge's set-up; the gate meets a challenge's
  // sides only once it runs, so whom the row brought is not told here, only that the fight is on.
  'challenge.combat.started': () => facesHidden({ text: startedText([], null) }),
  'challenge.combat.foe.saved': 'gm',
}
