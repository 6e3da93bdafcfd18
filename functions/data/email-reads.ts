import { allProcessed } from './errors.js';
import { coalesced, distinctBy } from './coalesce.js';
import { consultantEntity, customerEntity } from './entities.js';

/**
 * What sending an email reads of its seller (the From line, the footer) and of its customer (consent, the address),
 * joined per turn (coalesce.ts): the records of a batch sent side by side read their sellers and customers in one
 * BatchGet each, a seller named by ten records once.
 */

/** BatchGet's most keys per request. */
const BATCH_GET = 100;

type CustomerKey = { sellerId: string; customerId: string };
const customerId = (k: CustomerKey) => `${k.sellerId}\u0000${k.customerId}`;

const readCustomers = coalesced(async (keys: CustomerKey[]) => {
  const unique = distinctBy(keys, customerId).map(({ sellerId, customerId }) => ({ sellerId, customerId }));
  const { data } = allProcessed(await customerEntity.get(unique).go(), 'customers were not read');
  const found = new Map(data.map((c) => [customerId(c), c]));
  return keys.map((k) => found.get(customerId(k)));
}, BATCH_GET);

const readSellers = coalesced(async (sellerIds: string[]) => {
  const unique = [...new Set(sellerIds)].map((sellerId) => ({ sellerId }));
  const { data } = allProcessed(await consultantEntity.get(unique).go(), 'sellers were not read');
  const found = new Map(data.map((s) => [s.sellerId, s]));
  return sellerIds.map((id) => found.get(id));
}, BATCH_GET);

/** The customer an email goes to; undefined when there is none. */
export function customerForEmail(sellerId: string, customerId: string) {
  return readCustomers({ sellerId, customerId });
}

/** The seller an email comes from; undefined when there is none. */
export function sellerForEmail(sellerId: string) {
  return readSellers(sellerId);
}
