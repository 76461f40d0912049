/** Campaign settings: a key/value table, typed here by the contract's registry of schemas and defaults. */
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../../db/schema'
import { SETTING_DEFAULTS, SETTING_SCHEMAS, type SettingKey } from '../../../shared/contract'
import { SETTING_META } from '../../../shared/settings-meta'
import { unitOfWork, type ServiceDeps, AppError, notFound, appendLog } from '../core'
import { touchCampaign } from './campaigns'

export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>
export interface SettingView {
  key: SettingKey
  value: unknown
  isDefault: boolean
}

/** Every setting of a campaign, stored values over defaults. @example await listSettings(db, 1) */
export async function listSettings(db: Kysely<Database>, campaignId: number): Promise<SettingView[]> {
  const exists = await db.selectFrom('campaign').select('id').where('id', '=', campaignId).executeTakeFirst()
  if (!exists) throw notFound('campaign', campaignId)
  const rows = await db.selectFrom('setting').select(['key', 'value']).where('campaign_id', '=', campaignId).execute()
  const stored = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]))
  return (Object.keys(SETTING_SCHEMAS) as SettingKey[]).map((key) =>
    stored.has(key) ? { key, value: stored.get(key), isDefault: false } : { key, value: SETTING_DEFAULTS[key], isDefault: true },
  )
}

/** One setting's value, or its default. @example await getSetting(db, 1, 'lode.web') // 9 */
export async function getSetting<K extends SettingKey>(db: Kysely<Database>, campaignId: number, key: K): Promise<SettingValue<K>> {
  return (await getSettings(db, campaignId, [key]))[key]
}

/** Settings' values by key. */
export type SettingValues<K extends SettingKey> = { [P in K]: SettingValue<P> }

/**
 * Several settings' values (or their defaults), read in one query.
 * @example await getSettings(db, 1, ['clock.sunrise', 'clock.sunset']) // { 'clock.sunrise': '06:00', … }
 */
export async function getSettings<K extends SettingKey>(db: Kysely<Database>, campaignId: number, keys: readonly K[]): Promise<SettingValues<K>> {
  const rows = await db.selectFrom('setting').select(['key', 'value']).where('campaign_id', '=', campaignId).where('key', 'in', [...keys]).execute()
  const stored = new Map(rows.map((r) => [r.key, r.value]))
  const values: Partial<Record<K, unknown>> = {}
  for (const key of keys) {
    const value = stored.get(key)
    values[key] = value === undefined ? SETTING_DEFAULTS[key] : (JSON.parse(value) as unknown)
  }
  return values as SettingValues<K>
}

/**
 * CLK-1: the campaign's start is where a clock stands until its first step; once a clock step
 * stands (one not undone), the GM moves the clock itself.
 */
async function clockHasMoved(db: Kysely<Database>, campaignId: number): Promise<boolean> {
  const step = await db.selectFrom('clock_step').select('id').where('campaign_id', '=', campaignId).where('undone', '=', 0).limit(1).executeTakeFirst()
  return step !== undefined
}

/**
 * Validates and stores one setting, logging the change. A value the key's schema refuses is
 * refused with the reason; nothing is written.
 * @example await setSetting(deps, { campaignId: 1, key: 'ladder.roundSeconds', value: 15 })
 */
export async function setSetting(deps: ServiceDeps, input: { campaignId: number; key: SettingKey; value: unknown }): Promise<SettingView> {
  const parsed = SETTING_SCHEMAS[input.key].safeParse(input.value)
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? 'is not allowed'
    throw new AppError('invalid_input', `${SETTING_META[input.key].label}: ${problem}; the setting was not changed.`, [{ field: 'value', problem }])
  }
  await unitOfWork(deps, async (tx) => {
    const exists = await tx.trx.selectFrom('campaign').select('id').where('id', '=', input.campaignId).executeTakeFirst()
    if (!exists) throw notFound('campaign', input.campaignId)
    if (input.key === 'clock.start' && (await clockHasMoved(tx.trx, input.campaignId))) {
      throw new AppError(
        'refused',
        `${SETTING_META['clock.start'].label}: the clock has already moved from its start, so this no longer sets it; jump it with “Set the time” on the Time & light page instead. The setting was not changed.`,
        [{ field: 'value', problem: 'the clock has already moved' }],
      )
    }
    if (input.key === 'clock.sunrise' || input.key === 'clock.sunset') {
      // CLK-12: the sun sets after it rises.
      const other = input.key === 'clock.sunrise' ? 'clock.sunset' : 'clock.sunrise'
      const otherValue = String(await getSetting(tx.trx, input.campaignId, other))
      const [rise, set] = input.key === 'clock.sunrise' ? [String(parsed.data), otherValue] : [otherValue, String(parsed.data)]
      if (set <= rise) {
        throw new AppError('invalid_input', `${SETTING_META[input.key].label}: sunset (${set}) must come after sunrise (${rise}); the setting was not changed.`, [
          { field: 'value', problem: 'sunset must come after sunrise' },
        ])
      }
    }
    const value = JSON.stringify(parsed.data)
    await tx.trx
      .insertInto('setting')
      .values({ campaign_id: input.campaignId, key: input.key, value })
      .onConflict((oc) => oc.columns(['campaign_id', 'key']).doUpdateSet({ value }))
      .execute()
    await appendLog(tx, { campaignId: input.campaignId, kind: 'setting.changed', payload: { key: input.key, value: parsed.data } })
    await touchCampaign(tx, input.campaignId)
    tx.emitAfterCommit('campaign.changed', { campaignId: input.campaignId, change: 'settings' })
  })
  return { key: input.key, value: parsed.data, isDefault: false }
}
