/**
 * The unit a sign-in limit counts a client by. An IPv4 address is one client.
 * An IPv6 address is not: a home or a server is handed a whole /64 (2^64
 * addresses), so counting each address apart would give an attacker a fresh
 * allowance per guess. The /64 is counted as one client instead.
 */
import { isIPv4, isIPv6 } from 'node:net'

/** The eight groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two). */
function groupsOf(address: string): string[] {
  const [head = '', tail] = address.split('::')
  const part = (text: string) =>
    text === '' ? [] : text.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]))
  const left = part(head)
  const right = tail === undefined ? [] : part(tail)
  const missing = 8 - left.length - right.length
  return [...left, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...right]
}

export function addressBlock(address: string): string {
  const plain = address.replace(/%.*$/, '') // a zone id (fe80::1%eth0) names an interface, not a client
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1]
  if (!isIPv6(plain)) return plain
  const prefix = groupsOf(plain.toLowerCase())
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
  return `${prefix.join(':')}::/64`
}
