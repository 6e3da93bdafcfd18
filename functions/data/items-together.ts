import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Entity, EntityItem } from 'electrodb';
import { coalesced } from './coalesce.js';
import { allProcessed } from './errors.js';
import type { Key } from './item-keys.js';
import { client, TABLE_NAME } from './table.js';
import { retryUnprocessed } from './unprocessed.js';

/**
 * Items of either table by their keys, in BatchGets: what several reads of one turn ask for, in one request.
 */

/** BatchGet's most keys per request. */
export const BATCH_GET = 100;
/** Tries of the keys DynamoDB left unprocessed (throttling) before the read fails. */
const UNPROCESSED_TRIES = 4;

/** A key and the table it is read from. */
export type TableKey = { table: string; key: Key };
export type Item = Record<string, unknown>;

export const keyString = (k: Key) => `${k.pk}\u0000${k.sk}`;

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
 * stored, by keyString; DynamoDB's unprocessed keys asked again a few times, then `what` failed. One key is read
 * with a GetItem, as eventually consistent as the BatchGet.
 */
export async function getItems(keys: readonly TableKey[], what: string): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  if (keys.length === 1) {
    // A key alone is a GetItem: a BatchGet of one costs the SDK and the table more (issue 18: a warm call whose
    // plan gate reads nothing reads its one item this way).
    const [{ table, key }] = keys as [TableKey];
    const { Item } = await client.send(new GetCommand({ TableName: table, Key: key }));
    if (Item) found.set(keyString(key), Item);
    return found;
  }
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
    allProcessed(read, `${what} were not read`);
  }
  return found;
}

/**
 * One item, read with every other item asked for in the same turn in one BatchGet (eventually consistent, as a
 * GetItem without ConsistentRead): a call's plan gate reads the seller's profile while its action reads its first
 * item, and the two take one table request instead of two (issue 18); a key asked alone is a GetItem (getItems).
 * The item as stored; the caller's entity formats it.
 */
export const itemTogether: (key: TableKey) => Promise<Item | undefined> = coalesced(async (keys: TableKey[]) => {
  const distinct = new Map(keys.map((k) => [`${k.table}\u0000${keyString(k.key)}`, k]));
  const found = await getItems([...distinct.values()], 'items');
  return keys.map((k) => found.get(keyString(k.key)));
}, BATCH_GET);

/**
 * An entity's item by its key, read with the turn's other items (itemTogether), as the entity formats it; null when
 * there is none. The key is written out (item-keys.ts), so a read in the request path skips the entity's builder.
 */
// biome-ignore lint/suspicious/noExplicitAny: any entity, as ElectroDB's own EntityItem takes it.
export async function entityTogether<E extends Entity<any, any, any, any>>(entity: E, key: Key): Promise<EntityItem<E> | null> {
  const Item = await itemTogether({ table: TABLE_NAME, key });
  return Item ? (entity.parse({ Item }).data as EntityItem<E> | null) : null;
}
