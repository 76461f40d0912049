/**
 * The players' screen and the players' recap never receive what the GM hid, whatever the GM plays:
 * fast-check plays random sessions in each of the five systems (fights against foes typed in and
 * NPC foes, reveals and un-reveals, numbers shown and hidden, Ranks Threat and Dangers, handouts,
 * lights NPCs carry, journeys whose legs check on the secret encounter table, free-text injuries, public and GM-only rolls and notes, undo and redo
 * interleaved) with a canary in every GM-only field, and reads every byte a real players'
 * connection receives (each WebSocket frame, after every command) and every body the players'
 * listener serves, and the players' recap: no canary, ever. Foes with canaries are never revealed;
 * foes with plain names are, and a revealed one is on the players' screen while at the table.
 *
 * And the story is what stands: the same session played again in a second library, straight,
 * with only the actions left standing after its undos and redos (same set-up, same campaign seed:
 * undo gives the dice back, so they roll the same faces), tells the same recaps (GM's and
 * players'), ledger histories and balances, and search hits.
 *
 * Seeded and bounded (5 runs of 10 to 25 commands per system, each run two libraries: about 15 s
 * for the file on a quiet 2-core machine): LANTERN_SECRETS_SEED and LANTERN_SECRETS_RUNS change the
 * seed and the runs per system; LANTERN_SECRETS_SHRINK=1 lets fast-check shrink a failing run to a
 * shorter one (slow); LANTERN_SECRETS_REPORT=1 prints every finding of every run, and what each
 * command did (made an action, changed nothing, was refused, had nothing to do), instead of
 * failing at the first run with a finding.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Core } from '../../src/main/app'
import type { PlayerView, SystemId } from '../../src/shared/contract'
import { playerView } from '../../src/main/services/players'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { all } from '../support/sql'
import { openPlayer, type PlayerSocket } from '../support/player-socket'
import { playersListener } from '../support/players-listener'
import { Canaries, stringsIn, type Leak } from '../support/secret-canaries'
import { setSecretTable, type SecretTable } from '../support/secret-tables'
import { COMMON_WEIGHTS, SYSTEM_OPS, commandText, steps, type Command } from '../support/secret-commands'
import { SecretSession, playStraight, playersRecaps, storyOf, type Status } from '../support/secret-sessions'

const SEED = Number(process.env.LANTERN_SECRETS_SEED ?? 20_261_128)
const RUNS = Number(process.env.LANTERN_SECRETS_RUNS ?? 5)
const REPORT = process.env.LANTERN_SECRETS_REPORT === '1'
const SYSTEMS: readonly SystemId[] = ['osr', 'ladder', 'lode', 'challenge', 'ranks']

/** A run's commands: the system's fight to open with, then 9 to 24 drawn by weight from the system's and every system's. */
function commands(system: SystemId): fc.Arbitrary<Command[]> {
  const { weights, opening } = SYSTEM_OPS[system]
  const drawn = { ...COMMON_WEIGHTS, ...weights }
  const op = fc.oneof(...Object.entries(drawn).map(([name, weight]) => ({ arbitrary: fc.constant(name), weight })))
  const one = (op: fc.Arbitrary<string>) => fc.record({ op, a: fc.nat(7), b: fc.nat(7), flag: fc.boolean() })
  return fc
    .tuple(one(fc.constant(opening)), fc.array(one(op), { minLength: 9, maxLength: 24 }))
    .map(([first, rest]) => [first, ...rest].map((c, n) => ({ n, ...c })))
}

/** Keys sorted, so two serialisations of the same view compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  )
}

/** CLK-14: a journey's thresholds and tables are the GM's; where a players' frame carries one, by path. */
function journeySecrets(value: unknown, at = '', inJourney = false): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => journeySecrets(v, `${at}[${i}]`, inJourney))
  if (!value || typeof value !== 'object') return []
  const o = value as Record<string, unknown>
  const journey = inJourney || (typeof o.kind === 'string' && /^clock\.(event\.)?journey-/.test(o.kind))
  return Object.entries(o).flatMap(([k, v]) => {
    const path = at ? `${at}.${k}` : k
    if (journey && /^(threshold|tableId|tableName|checks)$/.test(k)) return [path]
    return journeySecrets(v, path, journey || k === 'journey')
  })
}

/** Where in a JSON value a canary sits: `payload.rolls[0].text`. */
function pathsOf(value: unknown, found: string, at = ''): string[] {
  if (typeof value === 'string') return value.toLowerCase().includes(found.toLowerCase()) ? [`${at} = “${value.length > 200 ? `${value.slice(0, 200)}…` : value}”`] : []
  if (Array.isArray(value)) return value.flatMap((v, i) => pathsOf(v, found, `${at}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => pathsOf(v, found, at ? `${at}.${k}` : k))
  return []
}

/** The log entries players may read that carry a text: where a leak in the recap or a roll came from. */
async function sourcesOf(core: Core, campaignId: number, found: string): Promise<string[]> {
  const rows = await all<{ id: number; kind: string; audience: string; text: string }>(
    core,
    "select id, kind, audience, case when audience = 'players' then players else payload end as text from log_entry where campaign_id = ? and undone = 0 and audience in ('all', 'players', 'old') order by id",
    campaignId,
  )
  return rows.filter((r) => (r.text ?? '').toLowerCase().includes(found.toLowerCase())).map((r) => `log entry ${r.id} ${r.kind} (audience ${r.audience})`)
}

/** The newest view a player has received: pushed as `players.view`, or the answer to asking for it. */
function lastView(player: PlayerSocket): unknown {
  for (let i = player.frames.length - 1; i >= 0; i--) {
    const msg = JSON.parse(player.frames[i]!) as { event?: string; payload?: unknown; result?: { ok: boolean; value?: unknown } }
    if (msg.event === 'players.view') return msg.payload
    if (msg.result?.ok && msg.result.value && typeof msg.result.value === 'object' && 'campaignId' in msg.result.value) return msg.result.value
  }
  return null
}

/** Waits until the player's screen shows the projection as it stands (the hub sends it after each change). */
async function settled(player: PlayerSocket, view: PlayerView): Promise<boolean> {
  const want = canonical(view)
  for (let waited = 0; waited < 3000; waited += 5) {
    if (canonical(lastView(player)) === want) return true
    await new Promise((r) => setTimeout(r, 5))
  }
  return false
}

interface Library {
  lib: TempLibrary
  core: Core
}

async function openLibrary(): Promise<Library> {
  const lib = tempLibrary()
  return { lib, core: await lib.open() }
}

async function closeLibrary(l: Library): Promise<void> {
  await l.core.close()
  l.lib.cleanup()
}

/** What each command did across a system's runs, for the report. */
const tallies = new Map<SystemId, Map<string, Record<Status, number>>>()
const refusals = new Map<SystemId, Set<string>>()
function tally(system: SystemId, op: string, status: Status, detail: string): void {
  if (status === 'refused' || status === 'nothing to do') (refusals.get(system) ?? refusals.set(system, new Set()).get(system)!).add(`${op}: ${detail}`)
  const ops = tallies.get(system) ?? tallies.set(system, new Map()).get(system)!
  const t = ops.get(op) ?? ops.set(op, { action: 0, 'no change': 0, refused: 0, 'nothing to do': 0 }).get(op)!
  t[status]++
}

/** One run: the session played with a player watching, then again straight in a second library; every finding. */
async function playRun(system: SystemId, list: readonly Command[]): Promise<string[]> {
  const findings: string[] = []
  const played = await openLibrary()
  const listener = await playersListener(played.core)
  let player: PlayerSocket | null = null
  try {
    const t = await setSecretTable(played.core, system, `secrets-${system}`)
    const { url } = await gm(played.core, 'players.share', { campaignId: t.campaignId })
    player = await openPlayer(url)
    // The page asks for the screen as it opens; the hub sends it again after each change.
    await player.call('players.view', {})
    const session = await SecretSession.at(t)
    let read = 0
    const leaked = new Set<string>()
    const report = (where: string, leaks: Leak[], more: string[] = []) => {
      for (const l of leaks) {
        const key = `${l.found}|${where.replace(/\d+/g, '#')}`
        if (leaked.has(key)) continue
        leaked.add(key)
        findings.push(`${system}: canary ${l.found} (${l.field}) in ${where}${more.length ? `\n      ${more.join('\n      ')}` : ''}`)
      }
    }
    const gmOnlyIds = async () => new Set((await all<{ id: number }>(played.core, 'select id from log_entry where campaign_id = ? and gm_only = 1', t.campaignId)).map((r) => r.id))

    for (const command of list.flatMap((c) => steps(c, system))) {
      const outcome = await session.perform(command)
      tally(system, command.op, outcome.status, outcome.detail)
      const sofar = `after ${session.outcomes.map((o) => commandText(o.command)).join(', ')}`
      await learnNumbers(t)
      const view = await playerView(played.core.deps, t.campaignId)
      if (!(await settled(player, view))) findings.push(`${system}: the players' screen did not follow ${commandText(command)} (${outcome.detail}) within 3 s`)
      // Every frame received since the last command.
      for (const text of player.frames.slice(read)) {
        const parsed = JSON.parse(text) as unknown
        for (const leak of t.canaries.textsIn(text)) {
          const paths = pathsOf(parsed, leak.found)
          // A roll on the screen is a log entry: which one, of which kind.
          const sources = paths.some((p) => p.includes('rolls')) ? await sourcesOf(played.core, t.campaignId, leak.found) : []
          report(`a players' frame: ${paths.join('; ')}`, [leak], [sofar, ...sources])
        }
        report(`a players' frame (a number)`, t.canaries.numbersIn(stringsIn(parsed)), [sofar])
        for (const path of journeySecrets(parsed)) report(`a players' frame: ${path}`, [{ found: 'a journey leg’s threshold or table', field: path.replace(/\[\d+\]/g, '[]') }], [sofar])
      }
      read = player.frames.length
      findings.push(...(await screenRules(t, view, await gmOnlyIds(), sofar)))
    }

    // The end of the run: the session closed (RK-7's Threat left, LAD-30), what a player's page asks
    // for, every page the listener serves, the players' recap.
    await gm(played.core, 'play.close', { id: t.sessionId, confirmThreat: true })
    if (!(await settled(player, await playerView(played.core.deps, t.campaignId)))) findings.push(`${system}: the players' screen did not follow the session's close within 3 s`)
    const asked = await player.call('players.view', {})
    if (!asked.ok) findings.push(`${system}: players.view was refused on the players' socket`)
    const pages = await listener.pages(url)
    const sofar = `after ${session.outcomes.map((o) => commandText(o.command)).join(', ')}`
    for (const text of [...player.frames.slice(read), ...pages]) report('the players’ listener', t.canaries.textsIn(text), [sofar])
    const everything = [...player.frames, ...pages].join('\n')
    if (everything.includes(listener.gmToken)) findings.push(`${system}: the GM's key reached a player`)
    if (everything.includes('GM</title>')) findings.push(`${system}: the players' listener served the GM's page`)
    for (const recap of await playersRecaps(played.core, t.sessionId)) {
      for (const leak of t.canaries.textsIn(recap)) {
        const line = recap.split('\n').find((l) => l.toLowerCase().includes(leak.found.toLowerCase())) ?? ''
        report(`the players' recap: “${line}”`, [leak], [sofar, ...(await sourcesOf(played.core, t.campaignId, leak.found))])
      }
      report("the players' recap (a number)", t.canaries.numbersIn(recap.split('\n')), [sofar])
    }
    // The canaries are where the test would see them: the GM's own recap and controls hold them.
    const gmRecap = (await gm(played.core, 'recap.session', { sessionId: t.sessionId, variant: 'gm' })).markdown
    expect(gmRecap).toContain(t.canaries.text('session-gm-notes', 's'))
    expect(JSON.stringify(await gm(played.core, 'players.controls', { campaignId: t.campaignId }))).toContain(t.canaries.text('location-name', 's'))
    findings.push(...session.modelProblems.map((p) => `${system}: undo model: ${p}`))

    // The same session played straight: only what stands.
    const straight = await openLibrary()
    try {
      const t2 = await setSecretTable(straight.core, system, `secrets-${system}`)
      findings.push(...(await playStraight(t2, session.standing)).map((p) => `${system}: ${p}\n      ${sofar}\n      standing: ${session.standing.map(commandText).join(', ')}`))
      await gm(straight.core, 'play.close', { id: t2.sessionId, confirmThreat: true })
      findings.push(...storyDiff(system, await storyOf(t), await storyOf(t2), sofar, session.standing))
    } finally {
      await closeLibrary(straight)
    }
  } finally {
    player?.ws.close()
    await listener.close()
    await closeLibrary(played)
  }
  return findings
}

/** The GM's numbers of each hidden foe as they change (H after harm, a pool now): canaries too. */
async function learnNumbers(t: SecretTable): Promise<void> {
  if (t.system === 'osr') {
    for (const c of (await gm(t.core, 'osr.state', { campaignId: t.campaignId })).combat?.combatants ?? []) {
      if (Canaries.holds(c.name)) for (const n of [c.h, c.maxH]) t.canaries.learn(n, `${c.name}'s H`)
    }
  }
  if (t.system === 'challenge') {
    for (const s of (await gm(t.core, 'challenge.current', { campaignId: t.campaignId }))?.sides ?? []) {
      if (Canaries.holds(s.name)) for (const n of [s.rating, s.startingPool, s.lowestPool, s.next.pool, ...Object.values(s.numbers)]) t.canaries.learn(n, `${s.name}'s numbers`)
    }
  }
}

/** The players' screen's own rules: a revealed foe at the table is on it; a foe's numbers only once shown; no GM-only roll. */
async function screenRules(t: SecretTable, view: PlayerView, gmOnly: Set<number>, sofar: string): Promise<string[]> {
  const problems: string[] = []
  const { foes } = await gm(t.core, 'players.controls', { campaignId: t.campaignId })
  const fighters = view.combat?.groups.flatMap((g) => g.fighters) ?? []
  for (const f of foes) {
    if (f.revealed && f.atTable && !fighters.some((x) => x.name === f.name && x.side === 'foes')) {
      problems.push(`${t.system}: ${f.name} is revealed and at the table but not on the players' screen's combat list (${f.key})\n      ${sofar}`)
    }
  }
  for (const x of fighters) {
    if (x.side === 'foes' && x.numbers !== null && !foes.some((f) => f.name === x.name && f.revealed && f.numbersShown)) {
      problems.push(`${t.system}: the players' screen shows the numbers of ${x.name} (“${x.numbers}”) that the GM has not shown\n      ${sofar}`)
    }
  }
  for (const r of view.rolls) if (gmOnly.has(r.id)) problems.push(`${t.system}: a GM-only roll is on the players' screen: “${r.text}”\n      ${sofar}`)
  return problems
}

/** The lines of `a` that `b` does not have (as many times as `a` has them more). */
function linesOnlyIn(a: string, b: string): string[] {
  const left = new Map<string, number>()
  for (const l of b.split('\n')) left.set(l, (left.get(l) ?? 0) + 1)
  return a.split('\n').filter((l) => {
    const n = left.get(l) ?? 0
    if (n > 0) left.set(l, n - 1)
    return n === 0
  })
}

/** Where two stories differ: the recaps' lines one has and the other not, the ledgers, the search hits. */
function storyDiff(system: SystemId, a: Awaited<ReturnType<typeof storyOf>>, b: Awaited<ReturnType<typeof storyOf>>, sofar: string, standing: readonly Command[]): string[] {
  const out: string[] = []
  const context = `\n      played: ${sofar.replace(/^after /, '')}\n      standing: ${standing.map(commandText).join(', ')}`
  for (const key of ['gmRecap', 'playersRecap'] as const) {
    if (a[key] === b[key]) continue
    const lines = [...linesOnlyIn(a[key], b[key]).map((l) => `only with undo:  “${l}”`), ...linesOnlyIn(b[key], a[key]).map((l) => `only straight:   “${l}”`)]
    out.push(`${system}: the ${key === 'gmRecap' ? "GM's" : "players'"} recap differs from the straight play's:\n      ${lines.slice(0, 16).join('\n      ')}${context}`)
  }
  if (canonical(a.ledgers) !== canonical(b.ledgers)) out.push(`${system}: the ledgers differ:\n      with undo ${JSON.stringify(a.ledgers)}\n      straight  ${JSON.stringify(b.ledgers)}${context}`)
  for (const term of Object.keys(a.search)) {
    if (canonical(a.search[term]) !== canonical(b.search[term])) {
      out.push(`${system}: search “${term}” differs:\n      with undo ${JSON.stringify(a.search[term])}\n      straight  ${JSON.stringify(b.search[term])}${context}`)
    }
  }
  return out
}

describe('the players never receive what the GM hid; the story is what stands', () => {
  for (const [i, system] of SYSTEMS.entries()) {
    it(`${system}: random sessions with canaries in every GM-only field, undone and redone`, { timeout: 120_000 }, async () => {
      const found: string[] = []
      await fc.assert(
        fc.asyncProperty(commands(system), async (list) => {
          const findings = await playRun(system, list)
          found.push(...findings)
          if (findings.length && !REPORT) throw new Error(`${findings.length} finding(s):\n  ${findings.join('\n  ')}`)
        }),
        { seed: SEED + i, numRuns: RUNS, endOnFailure: !process.env.LANTERN_SECRETS_SHRINK },
      )
      if (REPORT) {
        console.log(`${system}: ${found.length} finding(s)\n  ${[...new Set(found)].join('\n  ')}`)
        const ops = [...(tallies.get(system) ?? new Map<string, Record<Status, number>>()).entries()]
        const made = ops.reduce((n, [, t]) => n + t.action, 0)
        const steps = ops.reduce((n, [, t]) => n + t.action + t['no change'] + t.refused + t['nothing to do'], 0)
        console.log(`${system}: ${made} of ${steps} steps made an action`)
        console.log(`${system} refusals:\n  ${[...(refusals.get(system) ?? [])].join('\n  ')}`)
        console.log(`${system} commands (action / no change / refused / nothing to do):\n  ${ops.map(([op, t]) => `${op}: ${t.action} / ${t['no change']} / ${t.refused} / ${t['nothing to do']}`).join('\n  ')}`)
      }
    })
  }
})
