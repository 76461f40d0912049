/**
 * Sharing the players' screen safely: the LAN address picked from an interface list, wrong keys
 * slowed down, a new key that disconnects every player, Host and Origin rules, the players'
 * page's own CSP, and the GM's controls refusing bad input in the GM's words. Real listener on
 * 127.0.0.1, real library.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import type { NetworkInterfaceInfo } from 'node:os'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { pickLanAddress, isPrivateIPv4 } from '../../src/main/server/lan-address'
import { KeyThrottle } from '../../src/main/server/key-throttle'
import { enableSharing, keyMatches } from '../../src/main/server/share'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { linkParts, openPlayer } from '../support/player-socket'
import { value } from '../support/sql'

const nic = (address: string, internal = false, family: 'IPv4' | 'IPv6' = 'IPv4'): NetworkInterfaceInfo =>
  ({ address, netmask: '255.255.255.0', family, mac: '00:00:00:00:00:00', internal, cidr: `${address}/24`, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as NetworkInterfaceInfo

describe('the LAN address players are shown', () => {
  it('is the Wi-Fi or Ethernet card’s private address, never loopback, a container bridge or a link-local one', () => {
    expect(
      pickLanAddress({
        lo: [nic('127.0.0.1', true), nic('::1', true, 'IPv6')],
        docker0: [nic('172.17.0.1')],
        'br-5f2a': [nic('172.18.0.1')],
        eth0: [nic('169.254.10.2')],
        wlan0: [nic('fe80::1', false, 'IPv6'), nic('192.168.1.23')],
      }),
    ).toBe('192.168.1.23')
  })

  it('prefers a named network card, and a 192.168 address to a 10. one on cards alike', () => {
    expect(pickLanAddress({ tun0: [nic('10.8.0.2')], en0: [nic('10.0.0.5')] })).toBe('10.0.0.5')
    expect(pickLanAddress({ eth1: [nic('10.0.0.5')], eth0: [nic('192.168.0.9')] })).toBe('192.168.0.9')
  })

  it('is null when the machine is on no local network (public and loopback addresses only)', () => {
    expect(pickLanAddress({ lo: [nic('127.0.0.1', true)], eth0: [nic('203.0.113.4')] })).toBeNull()
    expect(pickLanAddress({})).toBeNull()
  })

  it('knows the private ranges (RFC 1918)', () => {
    expect(['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.50.1'].every(isPrivateIPv4)).toBe(true)
    expect(['172.15.0.1', '172.32.0.1', '192.169.0.1', '8.8.8.8', '127.0.0.1', 'nonsense'].some(isPrivateIPv4)).toBe(false)
  })
})

describe('wrong keys from one address are slowed down', () => {
  it('lets a few through at once, then doubles the wait with every further wrong key, up to a cap', () => {
    let now = 0
    const t = new KeyThrottle({ free: 3, baseMs: 500, maxMs: 4_000, forgetMs: 60_000 }, () => now)
    const waits: number[] = []
    for (let i = 0; i < 7; i++) {
      waits.push(t.delayFor('192.168.1.50'))
      t.failed('192.168.1.50')
    }
    expect(waits).toEqual([0, 0, 0, 500, 1_000, 2_000, 4_000])
    expect(t.delayFor('192.168.1.50')).toBe(4_000)
    // Another device is not slowed by the first one's guesses.
    expect(t.delayFor('192.168.1.51')).toBe(0)
  })

  it('forgets an address after a quiet while, and a right key clears it at once', () => {
    let now = 0
    const t = new KeyThrottle({ free: 1, baseMs: 500, maxMs: 4_000, forgetMs: 60_000 }, () => now)
    t.failed('a')
    t.failed('a')
    expect(t.delayFor('a')).toBe(1_000)
    now = 61_000
    expect(t.delayFor('a')).toBe(0)
    t.failed('b')
    t.failed('b')
    t.succeeded('b')
    expect(t.delayFor('b')).toBe(0)
  })

  it('compares keys in constant time, and only the whole key matches', () => {
    expect(keyMatches('abc', 'abc')).toBe(true)
    expect(keyMatches('abd', 'abc')).toBe(false)
    expect(keyMatches('ab', 'abc')).toBe(false)
    expect(keyMatches('abcd', 'abc')).toBe(false)
    expect(keyMatches(null, 'abc')).toBe(false)
  })
})

let lib: TempLibrary
let core: Core
let sharing: ReturnType<typeof enableSharing>
let rendererDir: string
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  rendererDir = mkdtempSync(join(tmpdir(), 'lantern-players-page-'))
  writeFileSync(join(rendererDir, 'players.html'), '<!doctype html><title>Players</title>')
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>GM</title>')
  sharing = enableSharing({ core, rendererDir, host: '127.0.0.1', port: 0, throttle: new KeyThrottle({ free: 2, baseMs: 300, maxMs: 300, forgetMs: 60_000 }) })
})
afterEach(async () => {
  await sharing.close()
  await core.close()
  lib.cleanup()
  rmSync(rendererDir, { recursive: true, force: true })
})

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((ok, fail) => {
    const u = new URL(url)
    const req = request({ host: '127.0.0.1', port: u.port, path: u.pathname, headers }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', fail)
    req.end()
  })
}

describe('sharing the players’ screen', () => {
  it('listens only while shared; the link works on 127.0.0.1 with LANTERN_SHARE_HOST; stop closes it', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    expect(await gm(core, 'players.status', {})).toEqual({ sharing: null })
    const { url, qr } = await gm(core, 'players.share', { campaignId })
    // The QR code is an SVG the GM's screen shows as an image (CSP: img-src data:).
    expect(Buffer.from(qr.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString()).toMatch(/^<svg[^>]*viewBox/)
    const player = await openPlayer(url)
    const view = (await player.call('players.view', {})).value as { campaignName: string }
    expect(view.campaignName).toBe('Keep')
    expect(await gm(core, 'players.status', {})).toMatchObject({ sharing: { campaignId, url, players: 1 } })
    expect(await gm(core, 'players.stop', {})).toEqual({ stopped: true })
    await player.closed
    await expect(fetch(url)).rejects.toThrow()
  })

  it('serves the players’ page under its own strict CSP, and never the GM’s page', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const { url } = await gm(core, 'players.share', { campaignId })
    const { host } = linkParts(url)
    const page = await get(url, { host })
    expect(page.status).toBe(200)
    expect(page.body).toContain('Players')
    expect(String(page.headers['content-security-policy'])).toBe(
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src ws://${host}; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'`,
    )
    expect((await get(new URL('/index.html', url).href, { host })).status).toBe(404)
    // DNS rebinding: another name for this address is refused.
    expect((await get(url, { host: `evil.example:${new URL(url).port}` })).status).toBe(421)
  })

  it('Change key: every player is disconnected and told the link no longer works; the new link works', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const { url } = await gm(core, 'players.share', { campaignId })
    const a = await openPlayer(url)
    const b = await openPlayer(url)
    const changed = await gm(core, 'players.changeKey', {})
    expect(changed.url).not.toBe(url)
    expect(await a.closed).toBe(4401)
    expect(await b.closed).toBe(4401)
    const again = await openPlayer(url)
    expect(await again.closed).toBe(4401)
    const fresh = await openPlayer(changed.url)
    expect((await fresh.call('players.view', {})).ok).toBe(true)
    fresh.ws.close()
  })

  it('wrong keys from one address are held back once over the free ones, and only a few at once', async () => {
    await sharing.close()
    sharing = enableSharing({ core, rendererDir, host: '127.0.0.1', port: 0, throttle: new KeyThrottle({ free: 1, baseMs: 60_000, maxMs: 60_000, forgetMs: 60_000 }) })
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const { url } = await gm(core, 'players.share', { campaignId })
    const { host } = linkParts(url)
    const wrong = 'x'.repeat(43)
    // The first wrong key is answered at once: the link is no longer valid.
    expect(await (await openPlayer(url, wrong)).closed).toBe(4401)
    const { default: WebSocket } = await import('ws')
    const attempt = () => {
      const ws = new WebSocket(`ws://${host}/api?key=${wrong}`, { origin: `http://${host}` })
      return new Promise<string>((r) => {
        ws.once('unexpected-response', (_req, res) => r(`refused ${res.statusCode}`))
        ws.once('open', () => r('open'))
        ws.once('error', () => r('error'))
      })
    }
    // The next ones wait their turn (a minute each here); a fifth waiting at once is refused outright.
    const held = [attempt(), attempt(), attempt(), attempt()]
    expect(await attempt()).toBe('refused 429')
    // Stopping drops those held back.
    await gm(core, 'players.stop', {})
    expect(await Promise.all(held)).toEqual(['error', 'error', 'error', 'error'])
  })

  it('a socket from another origin is refused before its key is looked at', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const { url } = await gm(core, 'players.share', { campaignId })
    const { host, key } = linkParts(url)
    const { default: WebSocket } = await import('ws')
    const ws = new WebSocket(`ws://${host}/api?key=${key}`, { origin: 'http://evil.example' })
    const status = await new Promise<number>((r) => ws.once('unexpected-response', (_req, res) => r(res.statusCode ?? 0)))
    expect(status).toBe(403)
  })

  it('keeps the key across a restart, so a players’ page left open reconnects when the GM shares again', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const first = await gm(core, 'players.share', { campaignId })
    await sharing.close()
    await core.close()
    core = await lib.open()
    sharing = enableSharing({ core, rendererDir, host: '127.0.0.1', port: 0 })
    const second = await gm(core, 'players.share', { campaignId })
    expect(linkParts(second.url).key).toBe(linkParts(first.url).key)
  })

  it('switches the players’ screen to another campaign only when the GM names the one it replaces', async () => {
    const keep = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
    const other = (await gm(core, 'campaign.create', { name: 'Another Campaign', system: 'ladder' })).id
    const first = await gm(core, 'players.share', { campaignId: keep })
    // The same campaign again is the same link, asked nothing.
    expect((await gm(core, 'players.share', { campaignId: keep })).url).toBe(first.url)
    const refusal = await refused(core, 'players.share', { campaignId: other })
    expect(refusal.code).toBe('conflict')
    expect(refusal.message).toBe("The players' screen shows The Sunken Keep. Confirm to show Another Campaign instead. Nothing was switched.")
    expect((await gm(core, 'players.status', {})).sharing?.campaignId).toBe(keep)
    // Naming a campaign that is not the one shown is no confirmation.
    expect((await refused(core, 'players.share', { campaignId: other, replacing: other })).code).toBe('conflict')
    const switched = await gm(core, 'players.share', { campaignId: other, replacing: keep })
    expect(switched).toMatchObject({ campaignId: other, url: first.url })
    expect((await gm(core, 'players.status', {})).sharing?.campaignId).toBe(other)
  })

  it('refuses what cannot be shown, in the GM’s words, and writes nothing', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const location = await gm(core, 'location.create', { campaignId, name: 'The Crypt' })
    const before = await value(core, 'select count(*) as n from player_reveal')
    expect((await refused(core, 'players.handout', { campaignId, kind: 'location', id: location.id, shown: true })).message).toBe(
      'Words for the players: write what the players read. Nothing was changed.',
    )
    expect((await refused(core, 'players.reveal', { campaignId, key: 'osr:-5', what: 'foe', shown: true })).message).toBe('That foe is not at the table and has not been met; nothing was shown.')
    expect((await refused(core, 'players.share', { campaignId: 999 })).code).toBe('not_found')
    expect((await refused(core, 'players.changeKey', {})).message).toBe("The players' screen is not shared; share it first. Nothing was changed.")
    expect(await value(core, 'select count(*) as n from player_reveal')).toBe(before)
  })
})
