/** Kysely table types of the Challenge System at the table (migration 0010). */
import type { Generated } from 'kysely'

export interface ChallengeTable {
  id: Generated<number>
  campaign_id: number
  session_id: number | null
  title: string
  status: Generated<'running' | 'decided' | 'closed'>
  /** JSON: services/table-challenge/state.ts, StoredChallenge. */
  state: string
  /** Game time the challenge began (CLK-1). */
  started_at: number
  created_at: string
  updated_at: string
}

export interface ChallengeStepTable {
  id: Generated<number>
  campaign_id: number
  challenge_id: number
  action: string
  summary: string
  /** JSON: { status, state } before the step; null for the step that started the challenge. */
  before: string | null
  /** JSON: [{ table, id, before, after }] for every injury and character the step changed. */
  rows: Generated<string>
  first_log_id: number
  last_log_id: number
  undone: Generated<number>
  created_at: string
}

export interface ChallengeTables {
  challenge: ChallengeTable
  challenge_step: ChallengeStepTable
}
