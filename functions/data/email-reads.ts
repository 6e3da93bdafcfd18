import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { coalesced } from './coalesce.js';
import { emailSuppressionEntity, type SuppressionReason } from './email-entities.js';
import { consultantEntity, customerEntity } from './entities.js';
import { allProcessed } from './errors.js';
import { client, EMAIL_LEDGER_TABLE_NAME, TABLE_NAME } from './table.js';
import { retryUnprocessed } from './unprocessed.js';

/**
 * What sending an email reads of its seller (the From line, the footer), of its customer (consent, the address)
 * and of the address's suppression, joined per turn (coalesce.ts): the records of a batch sent side by side read
 * all three kinds for the whole batch in one BatchGet (the seller and customer from the table, the suppression from
 * the email ledger), a seller named by ten records once.
 */

/** BatchGet's most keys per request; a read asks for at most three. */
const BATCH_GET = 100;
const KEYS_PER_READ = 3;
/** Tries of the keys DynamoDB left unprocessed (throttling) before the read fails and SQS redelivers. */
const UNPROCESSED_TRIES = 4;

export type EmailSeller = EntityItem<typeof consultantEntity>;
export type EmailCustomer = EntityItem<typeof customerEntity>;

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

type Key = Record<string, string>;
type Parse = (item: Record<string, unknown>) => unknown;
const keyString = (k: Key) => `${k.pk}\u0000${k.sk}`;
/** A key and the table it is read from. */
type TableKey = { table: string; key: Key };

/**
 * The three kinds' keys, written out rather than built by each entity's get().params(), which was most of this
 * read's CPU per email (email-reads.test.ts holds them equal to the entities' own keys).
 */
export function keysOf(r: EmailRead): { seller?: Key; customer?: Key; suppression?: Key } {
  const pk = `CONSULTANT#${r.sellerId}`;
  return {
    ...(r.seller ? { seller: { pk, sk: 'PROFILE' } } : {}),
    ...(r.customerId ? { customer: { pk, sk: `CUSTOMER#${r.customerId}` } } : {}),
    ...(r.address ? { suppression: { pk, sk: `SUPPRESSED#${r.address.trim().toLowerCase()}` } } : {}),
  };
}

/** One BatchGet's request: the keys of each table. */
function requestOf(keys: readonly TableKey[]): Record<string, { Keys: Key[] }> {
  const request: Record<string, { Keys: Key[] }> = {};
  for (const { table, key } of keys) {
    request[table] ??= { Keys: [] };
    request[table].Keys.push(key);
  }
  return request;
}

/**
 * The items of `keys` (distinct; keys of the two tables never collide: the ledger holds only email kinds), as
 * stored; DynamoDB's unprocessed keys asked again a few times.
 */
async function getRaw(keys: TableKey[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let from = 0; from < keys.length; from += BATCH_GET) {
    const read = await retryUnprocessed(
      keys.slice(from, from + BATCH_GET),
      async (pending) => {
        const out = await client.send(new BatchGetCommand({ RequestItems: requestOf(pending) }));
        for (const items of Object.values(out.Responses ?? {})) for (const item of items) found.set(keyString(item as Key), item);
        return Object.entries(out.UnprocessedKeys ?? {}).flatMap(([table, { Keys }]) => (Keys ?? []).map((key) => ({ table, key: key as Key })));
      },
      { tries: UNPROCESSED_TRIES },
    );
    allProcessed(read, 'email reads were not read');
  }
  return found;
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
  const raw = await getRaw([...distinct.values()]);
  const parsed = (key: Key | undefined, parse: Parse) => {
    const Item = key && raw.get(keyString(key));
    return Item ? parse(Item) : undefined;
  };
  return keyed.map(
    (k): EmailReadResult => ({
      seller: parsed(k.seller, (Item) => consultantEntity.parse({ Item }).data ?? undefined) as EmailSeller | undefined,
      customer: parsed(k.customer, (Item) => customerEntity.parse({ Item }).data ?? undefined) as EmailCustomer | undefined,
      suppression: parsed(k.suppression, (Item) => emailSuppressionEntity.parse({ Item }).data?.reason) as SuppressionReason | undefined,
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
