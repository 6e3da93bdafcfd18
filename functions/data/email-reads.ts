import type { EntityItem } from 'electrodb';
import { coalesced } from './coalesce.js';
import { emailSuppressionEntity, type SuppressionReason } from './email-entities.js';
import { consultantEntity, customerEntity } from './entities.js';
import { customerKey, type Key, profileKey, suppressionKey } from './item-keys.js';
import { BATCH_GET, getItems, keyString, type TableKey } from './items-together.js';
import { EMAIL_LEDGER_TABLE_NAME, TABLE_NAME } from './table.js';

/**
 * What sending an email reads of its seller (the From line, the footer), of its customer (consent, the address)
 * and of the address's suppression, joined per turn (coalesce.ts): the records of a batch sent side by side read
 * all three kinds for the whole batch in one BatchGet (the seller and customer from the table, the suppression from
 * the email ledger), a seller named by ten records once.
 */

/** A read asks for at most three keys. */
const KEYS_PER_READ = 3;

export type EmailSeller = EntityItem<ReturnType<typeof consultantEntity>>;
export type EmailCustomer = EntityItem<ReturnType<typeof customerEntity>>;

export interface EmailRead {
  sellerId: string;
  /** Read the seller's profile. */
  seller?: boolean;
  customerId?: string;
  /** Read this address's suppression (any case: it is lower-cased, as suppressions are keyed). */
  address?: string;
}

export interface EmailReadResult {
  seller?: EmailSeller;
  customer?: EmailCustomer;
  /** Why the address may not be emailed; undefined when it is not suppressed (or was not asked for). */
  suppression?: SuppressionReason;
}

type Parse = (item: Record<string, unknown>) => unknown;

/** The three kinds' keys (item-keys.ts). */
export function keysOf(r: EmailRead): { seller?: Key; customer?: Key; suppression?: Key } {
  return {
    ...(r.seller ? { seller: profileKey(r.sellerId) } : {}),
    ...(r.customerId ? { customer: customerKey(r.sellerId, r.customerId) } : {}),
    ...(r.address ? { suppression: suppressionKey(r.sellerId, r.address) } : {}),
  };
}

/**
 * The reads of one turn as one BatchGet of the three kinds' items (different entities of the one table, so by their
 * keys rather than through one entity's batch get), each item formatted by its own entity.
 */
const readTogether = coalesced(async (reads: EmailRead[]): Promise<EmailReadResult[]> => {
  const keyed = reads.map(keysOf);
  const distinct = new Map<string, TableKey>();
  for (const k of keyed) {
    for (const [kind, key] of Object.entries(k)) distinct.set(keyString(key), { table: kind === 'suppression' ? EMAIL_LEDGER_TABLE_NAME : TABLE_NAME, key });
  }
  const raw = await getItems([...distinct.values()], 'email reads');
  const parsed = (key: Key | undefined, parse: Parse) => {
    const Item = key && raw.get(keyString(key));
    return Item ? parse(Item) : undefined;
  };
  return keyed.map(
    (k): EmailReadResult => ({
      seller: parsed(k.seller, (Item) => consultantEntity().parse({ Item }).data ?? undefined) as EmailSeller | undefined,
      customer: parsed(k.customer, (Item) => customerEntity().parse({ Item }).data ?? undefined) as EmailCustomer | undefined,
      suppression: parsed(k.suppression, (Item) => emailSuppressionEntity().parse({ Item }).data?.reason) as SuppressionReason | undefined,
    }),
  );
}, Math.floor(BATCH_GET / KEYS_PER_READ));

/** The seller, customer and suppression an email needs, read with this turn's others in one BatchGet. */
export function readForEmail(read: EmailRead): Promise<EmailReadResult> {
  return readTogether(read);
}

/** The customer an email goes to; undefined when there is none. */
export async function customerForEmail(sellerId: string, customerId: string): Promise<EmailCustomer | undefined> {
  return (await readTogether({ sellerId, customerId })).customer;
}
