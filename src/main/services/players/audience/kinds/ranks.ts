/**
 * The players' rules for what the ranks table writes. The GM's Threat (RK-7) is the GM's: how much
 * was taken, what each Danger cost, what is left. A Danger is met as a foe the moment it exists, so
 * its name is "a Danger" to the players until the GM reveals it, removed or not. A roll by someone
 * whose numbers are hidden (a foe of a scene, met at the table) is told without its rank (RK-1):
 * the dice the players' screen shows with the exact result would give the rank back (RK-2), so the
 * result is told by its band (RK-3).
 */
import { bandOf, type Rank } from '../../../../engines/ranks'
import type { Visibility } from '../visibility'
import { type KindRule, type Payload, without, withField, facesHidden } from './rule'

const RANK_WORDS = new Set(['terrible', 'poor', 'mediocre', 'fair', 'good', 'great', 'superb', 'spectacular', 'legendary'])

/** RK-3: the band of a result, or null for anything that is not a rank. */
const band = (result: unknown): string | null => (typeof result === 'string' && RANK_WORDS.has(result) ? bandOf(result as Rank) : null)

/**
 * RK-1 … RK-5: a roll (or what came of it) by someone whose numbers are hidden: no rank, no dice,
 * and each result by its band. The player characters' own rolls are told as they are.
 */
function rollerRule(...results: string[]): (p: Payload, v: Visibility) => Payload {
  return (p, v) => {
    if (v.numbers(p.name)) return p
    const out = { ...without(p, 'rank', 'up', 'down', ...results) }
    for (const r of results) if (r in p) out[`${r}Band`] = band(p[r])
    // RK-1: how many dice a rank throws is the rank.
    return facesHidden(out)
  }
}

/** RK-8: a Danger dealt with, without its name while the players have not been told it. */
function dangerOf(d: unknown, v: Visibility): unknown {
  if (!d || typeof d !== 'object') return d
  const danger = d as Payload
  return v.named(danger.description) ? danger : without(danger, 'description')
}

export const RANKS_RULES: Record<string, KindRule> = {
  'ranks.roll': rollerRule('result'),
  'ranks.courage': rollerRule('result'),
  'ranks.borderline': rollerRule('result', 'replaced'),
  // RK-4: the aspect's die is the player's; the roll as it stood and as it stands are results.
  'ranks.aspect': rollerRule('result', 'from'),
  // RK-6, RK-8: the roll stands; the Danger removed or not, the Harm, the XP are the table's.
  'ranks.accepted': (p, v) => withField(rollerRule('result')(p, v), 'danger', (d) => dangerOf(d, v)),
  'ranks.manifestation': 'all',
  // RK-8: beyond Doomed is told; the GM's words for the Harm are the GM's (as an injury in the GM's words is).
  'ranks.beyondDoomed': (p) => without(p, 'description'),
  // RK-7: the Threat for the session is the GM's pool.
  'ranks.threat': 'gm',
  // RK-7: a Danger in front of a character, without what it cost and what is left; unnamed while hidden.
  'ranks.danger': (p, v) => {
    const out = without(p, 'threat', 'left')
    return v.named(p.description) ? out : { ...out, named: false }
  },
  // RK-9: the chapter moves are the table's.
  'ranks.move': 'all',
  'ranks.chapter': 'all',
  // RK-6: which rolls earn XP is the GM's set-up.
  'ranks.xpRule': 'gm',
}
