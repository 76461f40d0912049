/** Shared set-up for The Ladder's table service tests: a seeded campaign, sheets, and replayed dice. */
import type { Core } from '../../src/main/app'
import { recordingDice, seededDice, type Dice, type RolledFace } from '../../src/main/engines/dice'
import { gm } from '../support/calls'
import { insert, run } from '../support/sql'

export const SEED = 'clockwork'

/** A Ladder sheet as stored: the fields the table reads (LAD-24, LAD-29). */
export function sheet(assets: [string, string, string?][], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    concept: 'test',
    assets: assets.map(([name, rating, school]) => ({ name, rating, school: school ?? null })),
    ...extra,
  })
}

/** A character written straight into the library with a Ladder sheet. */
export function addCharacter(core: Core, campaignId: number, name: string, json: string, kind: 'pc' | 'npc' = 'pc'): Promise<number> {
  return insert(core, 'character', { campaign_id: campaignId, kind, name, sheet: json, created_at: 't', updated_at: 't' })
}

/** A Ladder campaign whose n-th roll uses seededDice(`${seed}#${n}`). */
export async function ladderCampaign(core: Core, seed = SEED): Promise<number> {
  return (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder', seed })).id
}

/**
 * The faces the campaign's n-th roll throws when `play` runs the engine on them: the test's own
 * replay, to compare with what the service logged (DICE-3).
 */
export function replay<T>(n: number, play: (dice: Dice) => T, seed = SEED): { value: T; faces: RolledFace[] } {
  const dice = recordingDice(seededDice(`${seed}#${n}`))
  return { value: play(dice), faces: dice.faces }
}

/** The first seed (`${prefix}0`, `${prefix}1` …) whose first roll passes a test: for forcing a face. */
export function seedWhere(prefix: string, wanted: (dice: Dice) => boolean): string {
  for (let i = 0; i < 10_000; i++) {
    if (wanted(seededDice(`${prefix}${i}#1`))) return `${prefix}${i}`
  }
  throw new Error('No seed found')
}

/** The campaign's newest log entry of a kind. */
export async function lastEntry(core: Core, campaignId: number, kind: string) {
  const [entry] = await gm(core, 'log.list', { campaignId, kind, limit: 1 })
  if (!entry) throw new Error(`no ${kind} entry`)
  return entry
}

/** Gives the campaign new dice: its next roll is seededDice(`${seed}#1`). */
export async function reseed(core: Core, campaignId: number, seed: string): Promise<void> {
  await run(core, 'update campaign set dice_seed = ?, dice_counter = 0 where id = ?', seed, campaignId)
}
