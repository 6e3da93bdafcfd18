import { ADDRESS_FIELDS } from '../../shared/domain/orders.js';
import { InvalidCursor } from './errors.js';
import { documentClient } from '../adapters/dynamo.js';
import { config } from '../config.js';

/**
 * What every entity of the single table shares (docs/data-model.md): the table and its client, the service name,
 * the seller's partition key, timestamps, the address map. Entity files build on these.
 */
export const TABLE_NAME = config.TABLE_NAME;
export const client = documentClient;
/** Every entity's ElectroDB configuration: the same table through the same client. */
export const onTable = { client, table: TABLE_NAME };
/** The email ledger's (infra/definitions.ts EMAIL_LEDGER): the email entities' table, the same keys and client. */
export const EMAIL_LEDGER_TABLE_NAME = config.EMAIL_LEDGER_TABLE_NAME;
export const onEmailLedger = { client, table: EMAIL_LEDGER_TABLE_NAME };
export const SERVICE = 'desk';

/**
 * An entity is built on its first use, not when its module loads: ElectroDB parses a model as the entity is
 * constructed (about 1 ms each), and a function that loads the data layer uses a few of its 48 entities (issue 18,
 * cold starts). Each entity file exports `xEntity = onFirstUse(() => new Entity(...))`; callers write `xEntity()`.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** The model of an entity in the one service; `version` changes only with a migration of its items. */
export const model = <const E extends string>(entity: E, version = '1') => ({ entity, version, service: SERVICE }) as const;

const SELLER_PARTITION = 'CONSULTANT#${sellerId}';

/**
 * A partition key of the seller: `CONSULTANT#<sellerId>`, or one of the seller's named partitions after it
 * (`tail`, which may name further composites given in `more`). Every partition key is built here, so no query
 * can read across sellers.
 */
export const sellerKey = <const C extends readonly string[] = []>(field = 'pk', tail = '', more: C = [] as unknown as C) =>
  ({
    field,
    composite: ['sellerId', ...more] as const,
    template: tail ? `${SELLER_PARTITION}#${tail}` : SELLER_PARTITION,
    casing: 'none',
  }) as const;

/** A sort key: `template` names each of `composite` as ${name}. */
export const sortKey = <const C extends readonly string[]>(template: string, composite: C, field = 'sk', casing: 'none' | 'lower' = 'none') =>
  ({ field, composite, template, casing }) as const;

/** A string attribute that is part of the item's key: given at creation, never changed. */
export const keyAttribute = { type: 'string', required: true, readOnly: true } as const;

export const now = () => new Date().toISOString();
export const createdAt = { type: 'string', readOnly: true, required: true, default: now } as const;
export const updatedAt = { type: 'string', required: true, default: now, set: now, watch: '*' } as const;
export const timestamps = { createdAt, updatedAt } as const;

type AddressField = (typeof ADDRESS_FIELDS)[number];

/** A PostalAddress (shared/domain/orders.ts) as a map attribute. */
export const address = {
  type: 'map',
  properties: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, { type: 'string' }])) as Record<AddressField, { readonly type: 'string' }>,
} as const;

/** A page of a list: where the previous page ended (none: the first page) and how many items at most. */
export interface PageRequest {
  cursor?: string;
  limit?: number;
}

/** Items a list screen shows at once. */
export const PAGE_SIZE = 20;

/**
 * A page cursor as ElectroDB made it (the last key read, base64url JSON) and for this seller: every key it names
 * is a string and every partition key starts with the seller's. Anything else is InvalidCursor before DynamoDB
 * sees it, so no crafted cursor reaches another seller's items or breaks the read.
 */
export function sellerCursor(sellerId: string, cursor: string | undefined): string | null {
  if (!cursor) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor('A page cursor that is not ours');
  }
  const entries = key && typeof key === 'object' && !Array.isArray(key) ? Object.entries(key) : [];
  const ours =
    entries.length > 0 &&
    entries.every(([, v]) => typeof v === 'string') &&
    entries.filter(([k]) => k.endsWith('pk')).every(([, v]) => (v as string).startsWith(`CONSULTANT#${sellerId}`)) &&
    entries.some(([k]) => k === 'pk');
  if (!ours) throw new InvalidCursor('A page cursor that is not ours');
  return cursor;
}

/** ElectroDB's options for one seller's page as one DynamoDB read returns it. */
export const pageOf = (sellerId: string, page: PageRequest, size = PAGE_SIZE) => ({ cursor: sellerCursor(sellerId, page.cursor), limit: page.limit ?? size });

/**
 * ElectroDB's options for a filtered page: DynamoDB filters after reading, so ElectroDB reads on (`count`), in reads
 * of 100 items rather than DynamoDB's default 1 MB, until the page is full.
 */
export const filteredPageOf = (sellerId: string, page: PageRequest, size = PAGE_SIZE) => ({
  cursor: sellerCursor(sellerId, page.cursor),
  count: page.limit ?? size,
  limit: 100,
});

/** `items` in the order of `ids`, those not found left out (a batch read returns them in any order). */
export function inOrderOf<T>(ids: readonly string[], items: readonly T[], idOf: (item: T) => string): T[] {
  const byId = new Map(items.map((item) => [idOf(item), item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
