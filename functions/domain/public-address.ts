import { BlockList, isIP } from 'node:net';

/**
 * Whether an IP address is one of the public internet's: what a connector may reach at an address a seller gave
 * (issue 13). Private, loopback, link-local, CGNAT, multicast, documentation, benchmark and reserved ranges are
 * refused, for IPv4 and IPv6 alike; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged by its IPv4 address.
 * IPv6 outside global unicast (2000::/3) is refused whole. Pure (node:net's BlockList only compares addresses).
 */
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const NOT_PUBLIC_V6: [string, number][] = [
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking, ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address in disguise
  ['3fff::', 20], // documentation
];

const v4Refused = new BlockList();
for (const [net, bits] of NOT_PUBLIC_V4) v4Refused.addSubnet(net, bits, 'ipv4');
const v6Refused = new BlockList();
for (const [net, bits] of NOT_PUBLIC_V6) v6Refused.addSubnet(net, bits, 'ipv6');
const v6GlobalUnicast = new BlockList();
v6GlobalUnicast.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function groupsOf(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address of an IPv4-mapped IPv6 address (::ffff:a.b.c.d, in any spelling), else undefined. */
export function mappedIPv4(address: string): string | undefined {
  const g = groupsOf(address);
  if (g.length !== 8 || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return undefined;
  return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
}

export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !v4Refused.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = mappedIPv4(bare);
  if (v4) return isPublicAddress(v4);
  return v6GlobalUnicast.check(bare, 'ipv6') && !v6Refused.check(bare, 'ipv6');
}
