/** Method and event names of the core API module (no schemas: the preload imports this). */
export const CORE_METHODS = [
  'app.info',
  'app.ping',
  'campaign.list',
  'campaign.get',
  'campaign.create',
  'campaign.rename',
  'campaign.delete',
  'setting.list',
  'setting.set',
  'log.list',
  'log.note',
  'transfer.stop',
] as const
export type CoreMethod = (typeof CORE_METHODS)[number]

export const CORE_EVENTS = ['campaign.changed', 'log.added', 'log.many', 'transfer.progress', 'library.connection'] as const
export type CoreEvent = (typeof CORE_EVENTS)[number]
