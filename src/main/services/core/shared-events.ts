/**
 * Events between Lanterns sharing one PostgreSQL library. Every event this Lantern's bus carries
 * (sent once its change has committed) goes to the others with `pg_notify`, those of one moment
 * in one statement and in order; every Lantern listens on one connection of its own (`LISTEN`)
 * and passes what the others sent to its bus, where its screens hear them as they hear their own.
 */
import pg from 'pg'
import { sql, type Kysely } from 'kysely'
import type { EventMessage } from '../../../shared/contract'
import type { Database, LogEntryRow } from '../../db/schema'
import type { EventBus } from './events'
import { toLogEntry } from './log'

/** The channel every Lantern on a library notifies and listens on. */
const CHANNEL = 'lantern_events'

/** PostgreSQL refuses a notification payload of 8,000 bytes or more; a bigger log entry is sent by id. */
const MAX_PAYLOAD = 7_900

/** Events that stay in the Lantern that made them: its own transfer's progress, players' screen and connection. */
const LOCAL = new Set<string>(['transfer.progress', 'players.view', 'library.connection'])

interface Relayed {
  /** The Lantern that sent it. */
  o: string
  e: EventMessage['event']
  p?: unknown
  /** A log entry too big to send: its id, read back by whoever hears it. */
  log?: number
}

/** What to send for an event: null for one that stays here, a log entry by id when too big. */
function relayText(origin: string, m: EventMessage): string | null {
  if (LOCAL.has(m.event)) return null
  const text = JSON.stringify({ o: origin, e: m.event, p: m.payload } satisfies Relayed)
  if (Buffer.byteLength(text) <= MAX_PAYLOAD) return text
  return m.event === 'log.added' ? JSON.stringify({ o: origin, e: m.event, log: (m.payload as { id: number }).id } satisfies Relayed) : null
}

export type SharedState = 'open' | 'lost'

export interface Listener {
  close(): Promise<void>
}

/**
 * Sends this bus's events to the other Lanterns on the library and emits theirs on it; the
 * listening connection reconnects with back-off when it drops, telling `onState` (for the banner).
 * @example const shared = await shareEvents(url, core.deps.db, core.events, (s) => …); … await shared.close()
 */
export async function shareEvents(url: string, db: Kysely<Database>, bus: EventBus, onState: (state: SharedState) => void): Promise<Listener> {
  let client: pg.Client | null = null
  // Events heard from the others are emitted on the bus with this set, so they are not sent back.
  let hearing = false
  let outgoing: string[] = []
  let sending: Promise<void> = Promise.resolve()
  const flush = (): void => {
    const texts = outgoing
    outgoing = []
    if (texts.length === 0) return
    // After the batch before it, so the others hear this Lantern's events in the order they happened.
    sending = sending
      .then(() => sql`select pg_notify(${CHANNEL}, t) from unnest(${texts}::text[]) with ordinality as x(t, n) order by n`.execute(db))
      .then(
        () => {},
        (err: unknown) => console.error('Lantern could not tell the other Lanterns of a change:', (err as Error).message),
      )
  }
  const offBus = bus.on((m) => {
    if (hearing) return
    const text = relayText(bus.origin, m)
    if (text === null) return
    if (outgoing.push(text) === 1) setImmediate(flush)
  })
  const emit = (m: EventMessage): void => {
    hearing = true
    try {
      bus.emit(m.event, m.payload as never)
    } finally {
      hearing = false
    }
  }
  const readLog = async (id: number): Promise<LogEntryRow | undefined> => db.selectFrom('log_entry').selectAll().where('id', '=', id).executeTakeFirst()
  let closed = false
  let retry = 0
  let timer: NodeJS.Timeout | null = null
  let lost = false

  const heard = async (text: string | undefined): Promise<void> => {
    if (!text) return
    const r = JSON.parse(text) as Relayed
    if (r.o === bus.origin) return
    if (r.log !== undefined) {
      const row = await readLog(r.log)
      if (row) emit({ event: 'log.added', payload: toLogEntry(row) })
    } else emit({ event: r.e, payload: r.p } as EventMessage)
  }

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url })
    c.on('notification', (n) => {
      heard(n.payload).catch((err: unknown) => console.error('Lantern could not read an event from another Lantern:', (err as Error).message))
    })
    c.on('error', () => dropped(c))
    c.on('end', () => dropped(c))
    await c.connect()
    await c.query(`listen ${CHANNEL}`)
    client = c
    retry = 0
    if (lost) {
      lost = false
      onState('open')
    }
  }

  const dropped = (c: pg.Client): void => {
    if (closed || client !== c) return
    client = null
    c.end().catch(() => {})
    markLost()
    schedule()
  }

  const markLost = (): void => {
    if (lost) return
    lost = true
    onState('lost')
  }

  const schedule = (): void => {
    if (closed || timer) return
    const wait = Math.min(5_000, 250 * 2 ** retry++)
    timer = setTimeout(() => {
      timer = null
      connect().catch(() => {
        markLost()
        schedule()
      })
    }, wait)
    timer.unref()
  }

  await connect()
  return {
    async close() {
      closed = true
      offBus()
      // What this Lantern did last still reaches the others before its connections close.
      flush()
      await sending
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => {})
      client = null
    },
  }
}
