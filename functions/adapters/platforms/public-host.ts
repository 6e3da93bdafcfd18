import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../domain/public-address.js';

/** Every address a host name resolves to (node:dns lookup with all: true); tests inject their own answers. */
export type LookupAll = (hostname: string) => Promise<{ address: string }[]>;
export const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Why an address a seller gave may not be fetched; the message is for logs, never for the seller. */
export class NotPublicHost extends Error {
  override name = 'NotPublicHost';
  constructor(
    readonly reason: 'not-https' | 'ip-literal' | 'unresolved' | 'private-address',
    host: string,
  ) {
    super(`${host}: ${reason}`);
  }
}

/**
 * Refuses an address a connector must not reach: not https, an IP literal rather than a host name, a name that
 * resolves to nothing, or one any of whose addresses is not public (127.0.0.1.nip.io, metadata.google.internal).
 * Checked when a store is connected and again before each request, since a name's addresses can change.
 */
export async function assertPublicHttps(url: URL, lookup: LookupAll = systemLookup): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:') throw new NotPublicHost('not-https', host);
  if (isIP(host) !== 0) throw new NotPublicHost('ip-literal', host);
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host);
  } catch {
    throw new NotPublicHost('unresolved', host);
  }
  if (addresses.length === 0) throw new NotPublicHost('unresolved', host);
  if (!addresses.every((a) => isPublicAddress(a.address))) throw new NotPublicHost('private-address', host);
}
