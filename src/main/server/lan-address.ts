/**
 * Which address of this machine players on the table's network can reach: a private-range IPv4
 * address of a real network card (Wi-Fi or Ethernet), not a container bridge, VPN tunnel or a
 * link-local fallback. A pure function of the interface list `os.networkInterfaces()` returns.
 */
import type { NetworkInterfaceInfo } from 'node:os'

export type InterfaceList = NodeJS.Dict<NetworkInterfaceInfo[]>

/** Interfaces that are not the table's network: containers, virtual machines, tunnels. */
const VIRTUAL = /^(docker|br-|veth|virbr|vmnet|vboxnet|utun|tun|tap|wg|zt|tailscale|lxc|lxd|cni|flannel|podman|ham|llw|awdl|anpi|bridge)/i

/** RFC 1918: 10/8, 172.16/12, 192.168/16. */
export function isPrivateIPv4(address: string): boolean {
  const p = address.split('.').map(Number)
  if (p.length !== 4 || p.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return false
  return p[0] === 10 || (p[0] === 172 && p[1]! >= 16 && p[1]! <= 31) || (p[0] === 192 && p[1] === 168)
}

function rank(name: string, address: string): number {
  // Home and café networks are 192.168.x.x most often, then 10.x, then 172.16–31.x (often a container's).
  const byRange = address.startsWith('192.168.') ? 0 : address.startsWith('10.') ? 1 : 2
  const byName = /^(en|eth|wl|wlan|wi-?fi|ethernet)/i.test(name) ? 0 : 1
  return byName * 10 + byRange
}

/**
 * The address players open, or null when the machine is on no local network.
 * @example pickLanAddress({ lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, … }], wlan0: [{ address: '192.168.1.23', family: 'IPv4', internal: false, … }] }) // '192.168.1.23'
 */
export function pickLanAddress(interfaces: InterfaceList): string | null {
  const found: { name: string; address: string }[] = []
  for (const [name, list] of Object.entries(interfaces)) {
    if (!list || VIRTUAL.test(name)) continue
    for (const i of list) {
      // Node 18.0–18.3 gave family as a number.
      const v4 = i.family === 'IPv4' || (i.family as unknown) === 4
      if (v4 && !i.internal && isPrivateIPv4(i.address)) found.push({ name, address: i.address })
    }
  }
  found.sort((a, b) => rank(a.name, a.address) - rank(b.name, b.address) || a.name.localeCompare(b.name))
  return found[0]?.address ?? null
}
