import { MESSAGES } from '../../shared/api/messages.js';
import { assertPublicHttps, type LookupAll, NotPublicHost } from '../adapters/platforms/public-host.js';
import { InvalidInput } from '../domain/errors.js';

/**
 * A store address the seller gives must be a public https host: the sync worker will call it, and an address that
 * resolves to this network (127.0.0.1.nip.io, metadata.google.internal) would have us fetch our own insides. Checked
 * here when the store is connected, and again before each request (functions/adapters/platforms/http.ts).
 */
export async function checkStoreAddress(storeUrl: string, lookup?: LookupAll): Promise<void> {
  let url: URL;
  try {
    url = new URL(storeUrl);
  } catch {
    throw new InvalidInput({ storeUrl: MESSAGES.storeNotPublic });
  }
  try {
    await assertPublicHttps(url, lookup);
  } catch (err) {
    if (err instanceof NotPublicHost) throw new InvalidInput({ storeUrl: MESSAGES.storeNotPublic });
    throw err;
  }
}
