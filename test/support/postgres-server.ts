/**
 * A real PostgreSQL server for a test run, from Debian's package: a fresh cluster in a temp folder
 * (`initdb`), started with `pg_ctl` on a free loopback port, its socket in the same folder, and
 * removed when stopped. As root the cluster belongs to the `postgres` user (PostgreSQL refuses to
 * run as root). Nothing but 127.0.0.1 is listened on.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PostgresServer {
  /** A connection string for the `postgres` database, as the cluster's superuser. */
  url: string
  /** The same server with another database named. */
  urlFor(database: string): string
  /** The server's version, as `pg_ctl --version` says it (e.g. "15.18"). */
  version: string
  /** Stops the server, keeping its data (as a server going down does). */
  pause(): void
  /** Starts it again on the same port, with the same data. */
  resume(): void
  /** Stops the server and removes its folder, here and now. */
  stop(): void
  /**
   * The same, the folder removed without holding up this process meanwhile: Vitest's global
   * teardown runs in the process that also sees its workers exit.
   */
  close(): Promise<void>
}

/** The folder holding `initdb` and `pg_ctl`: PG_BIN, or the newest under /usr/lib/postgresql. */
export function postgresBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(root, versions[0]!, 'bin') : null
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer()
    s.once('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => ok(port))
    })
  })
}

/**
 * Starts a throwaway server. `fsync = off`: a test's cluster is deleted afterwards, so its
 * durability is not what is tested (the benches start theirs with the default). `maxConnections`:
 * the server's `max_connections` (60 unless given).
 * @example const pg = await startPostgres(); … pg.stop()
 */
export async function startPostgres(options: { durable?: boolean; maxConnections?: number } = {}): Promise<PostgresServer> {
  const bin = postgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (Debian), or set PG_BIN to the folder holding pg_ctl.')
  const dir = mkdtempSync(join(tmpdir(), 'lantern-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  chmodSync(dir, 0o777)
  // runuser lives in /usr/sbin, which a bare PATH (CI's `env -i`) may leave out.
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => existsSync(p)) ?? 'runuser'
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? runuser : join(bin, cmd), asRoot ? ['-u', 'postgres', '--', join(bin, cmd), ...args] : args, { stdio: 'pipe', cwd: dir })
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'])
    const port = await freePort()
    const opts = [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories=${dir}`, `-c max_connections=${options.maxConnections ?? 60}`]
    if (!options.durable) opts.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off')
    const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', opts.join(' '), 'start'])
    start()
    const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
    const version = /\d+(\.\d+)?/.exec(run('pg_ctl', ['--version']).toString())?.[0] ?? 'unknown'
    const halt = () => void run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    return {
      url: urlFor('postgres'),
      urlFor,
      version,
      pause: () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
      resume: () => void start(),
      stop() {
        try {
          halt()
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
      async close() {
        try {
          halt()
        } finally {
          await rm(dir, { recursive: true, force: true })
        }
      },
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true })
    const e = err as { stderr?: Buffer; message: string }
    throw new Error(`PostgreSQL could not start: ${e.stderr?.toString().trim() || e.message}`)
  }
}
