import { describe, expect, it } from 'vitest';
import { isPublicAddress, mappedIPv4 } from './public-address.js';

describe('public addresses (what a connector may reach at a seller-given address)', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.1', 'IETF assignments'],
    ['192.0.2.10', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback, bracketed'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped metadata, long form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::a9fe:a9fe', 'NAT64'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['2002:7f00:1::1', '6to4'],
    ['100::1', 'discard'],
    ['not-an-address', 'not an address'],
    ['127.1', 'a short form is not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['93.184.215.14'],
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['192.169.0.1'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:93.184.215.14'],
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads the IPv4 address of a mapped IPv6 address in any spelling', () => {
    expect(mappedIPv4('::ffff:169.254.169.254')).toBe('169.254.169.254');
    expect(mappedIPv4('::FFFF:a9fe:a9fe')).toBe('169.254.169.254');
    expect(mappedIPv4('2001:db8::1')).toBeUndefined();
  });
});
