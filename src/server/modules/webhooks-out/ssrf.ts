import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard of outgoing webhooks (decision record 044). A brand names a URL and our servers call it: without
 * this, `https://169.254.169.254/…` or a hostname resolving to 10.0.0.5 would make HuntStaff fetch from its own
 * network. Every address a host resolves to must be public; the connection then goes to exactly the address that was
 * checked (`pinnedLookup`), so a DNS answer that changes between the check and the connection (rebinding) changes
 * nothing.
 */

// One list per family: Node checks an IPv4 address against IPv6 rules as IPv4-mapped, so ::ffff:0:0/96 in a
// shared list would match every IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
// IPv4: "this network", private, CGNAT, loopback, link-local (cloud metadata), IETF/test nets, benchmarking,
// multicast, reserved and broadcast.
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked4.addSubnet(net, prefix, 'ipv4');
// IPv6: unspecified, loopback, IPv4-mapped/-translated (checked again as IPv4 below, but never allowed through as
// IPv6), NAT64, discard, documentation, 6to4, unique local (fc00::/7), link-local, site-local and multicast.
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked6.addSubnet(net, prefix, 'ipv6');
const loopback4 = new BlockList();
loopback4.addSubnet('127.0.0.0', 8, 'ipv4');
const loopback6 = new BlockList();
loopback6.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1` or `::ffff:7f00:1`), else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export type AddressPolicy = { allowLoopback: boolean };

/** Why `address` may not be called, or null when it is public (or loopback while the policy allows it). */
export function refusedAddress(address: string, policy: AddressPolicy): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const ipv4 = family === 4 ? address : mappedIpv4(address);
  if (ipv4 !== null && family === 6) return 'an IPv4-mapped IPv6 address';
  const [loopback, blocked, type] = family === 4 ? [loopback4, blocked4, 'ipv4' as const] : [loopback6, blocked6, 'ipv6' as const];
  if (policy.allowLoopback && loopback.check(address, type)) return null;
  return blocked.check(address, type) ? 'a private, loopback, link-local or reserved address' : null;
}

export class RefusedDestination extends Error {
  override name = 'RefusedDestination';
}

export type Resolved = { address: string; family: 4 | 6 };

/**
 * Resolves `hostname` (an IP literal stands for itself) and refuses it unless every address is allowed: one private
 * answer among public ones is enough to refuse, since the connection could be made to any of them.
 */
export async function resolveAllowed(hostname: string, policy: AddressPolicy, resolve = dnsLookup): Promise<Resolved> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const literal = isIP(bare);
  const answers = literal !== 0 ? [{ address: bare, family: literal }] : await resolve(bare, { all: true, verbatim: true }).catch(() => {
    throw new RefusedDestination(`The host ${bare} could not be resolved`);
  });
  if (answers.length === 0) throw new RefusedDestination(`The host ${bare} could not be resolved`);
  for (const answer of answers) {
    const why = refusedAddress(answer.address, policy);
    if (why) throw new RefusedDestination(`The host ${bare} points to ${why}, which webhooks may not call`);
  }
  return { address: answers[0].address, family: answers[0].family === 6 ? 6 : 4 };
}

/** A `lookup` for http(s).request that answers the address already checked, whatever DNS says now. */
export function pinnedLookup(resolved: Resolved) {
  return (_hostname: string, options: { all?: boolean } | number | undefined, callback: (...args: unknown[]) => void) => {
    if (typeof options === 'object' && options?.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  };
}
