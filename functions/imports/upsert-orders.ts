import { OPEN_ORDER_STATUSES } from '../../shared/domain/orders.js';
import { type CustomerRecord, createCustomer, findCustomerFor } from '../data/customers.js';
import { WriteConflict } from '../data/errors.js';
import {
  createImportedOrders,
  getOrderConsistent,
  getOrdersById,
  type ImportedOrderItem,
  type OrderRecord,
  renumberOrder,
  updateOrderIfUnchanged,
} from '../data/orders-bulk.js';
import { OrderPoints, type OrderWrite } from '../rewards/earning.js';
import { followUpOnDelivery } from '../marketing/automated.js';
import { recordOrderWrites } from '../reports/aggregates.js';
import { type ImportedCustomer, type ImportedOrder, importedOrderId } from './imported-order.js';

export interface UpsertResult {
  created: number;
  updated: number;
  customersCreated: number;
}

/** DynamoDB takes at most 100 items per transaction; 25 orders and the counter keep each one small. */
const CHUNK = 25;

/**
 * Finds each buyer among the seller's customers, or creates them. Remembers who it has found for the life of one
 * import (bounded, so a file's memory does not grow with its number of buyers).
 */
export class CustomerResolver {
  private readonly known = new Map<string, string>();
  customersCreated = 0;
  /** The rewards program, read once per import or sync: every order written earns its points through it. */
  readonly points: OrderPoints;

  constructor(
    private readonly sellerId: string,
    private readonly capacity = 5_000,
  ) {
    this.points = new OrderPoints(sellerId);
  }

  private static key(c: ImportedCustomer) {
    return (c.email?.trim().toLowerCase() || `${c.firstName} ${c.lastName}`.trim().toLowerCase()).replace(/\s+/g, ' ');
  }

  async idOf(order: ImportedOrder): Promise<string> {
    const c = order.customer;
    const key = CustomerResolver.key(c);
    const hit = this.known.get(key);
    if (hit) return hit;
    const existing: CustomerRecord | undefined = await findCustomerFor(this.sellerId, c);
    // Exports rarely carry a billing address apart from the ship-to; the buyer's own orders ship to them.
    const address = c.address ?? order.shipTo;
    const id =
      existing?.customerId ??
      (await createCustomer(
        this.sellerId,
        {
          firstName: c.firstName,
          lastName: c.lastName,
          email: c.email,
          phone: c.phone,
          company: c.company,
          address1: address?.address1,
          address2: address?.address2,
          address3: address?.address3,
          city: address?.city,
          state: address?.state,
          zip: address?.zip,
          country: address?.country ?? 'US',
        },
        { source: order.source, marketingAllowed: c.marketingAllowed ?? true },
      ));
    if (!existing) this.customersCreated++;
    if (this.known.size >= this.capacity) this.known.delete(this.known.keys().next().value as string);
    this.known.set(key, id);
    return id;
  }
}

/** What the platform owns on an order: an import may change these, never what the seller did here. */
type PlatformOwned = Pick<ImportedOrder, 'orderNumber' | 'orderDate' | 'items' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'shipTo'>;

function platformFields(o: PlatformOwned) {
  return {
    orderNumber: o.orderNumber,
    orderDate: o.orderDate,
    items: o.items.map((i) => ({ name: i.name, quantity: i.quantity, price: i.price, ...(i.sku ? { sku: i.sku } : {}) })),
    subtotal: o.subtotal,
    shipping: o.shipping,
    tax: o.tax,
    total: o.total,
    ...(o.shipTo ? { shipTo: o.shipTo } : {}),
  };
}

/** DynamoDB does not keep the order of a map's keys: compare values, not their spelling. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined && x !== '')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, canonical(x)]),
    );
  }
  return v;
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

function customerName(c: ImportedCustomer) {
  return `${c.firstName} ${c.lastName}`.trim();
}

/**
 * Writes imported orders: a new order is created with its customer (found or created), an order imported before is
 * updated in what the platform owns (items, totals, ship-to, number; its status only while the seller has not acted
 * on it), so importing the same orders again never duplicates them. New orders are created with the profile's
 * order count in one transaction per 25, so the count stays exact when a batch is retried after a crash.
 */
export async function upsertImportedOrders(
  sellerId: string,
  orders: readonly ImportedOrder[],
  resolver = new CustomerResolver(sellerId),
): Promise<UpsertResult> {
  const before = resolver.customersCreated;
  // The last of an order's versions in one batch wins, as it would had they come in two.
  const byId = new Map<string, ImportedOrder>();
  for (const o of orders) byId.set(await importedOrderId(sellerId, o.source, o.platformOrderId), o);
  let created = 0;
  let updated = 0;
  const ids = [...byId.keys()];
  const writes: OrderWrite[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const r = await upsertChunk(sellerId, chunk, byId, resolver);
    created += r.created;
    updated += r.updated;
    writes.push(...r.writes);
  }
  // The points of the whole batch at once, after its orders: a few reads and transactions side by side instead of
  // a round of them per chunk (an active program's cost on an import). A crash before this line leaves orders
  // without their points; the batch run again credits them (every order of a batch is passed, changed or not).
  await resolver.points.apply(writes);
  // REPORT AGGREGATES: the one call per batch (every order as it was and as it is; unchanged ones add nothing).
  await recordOrderWrites(sellerId, writes);
  return { created, updated, customersCreated: resolver.customersCreated - before };
}

/** Reads the chunk's orders as they are now; keys DynamoDB left unprocessed are read again after a pause. */
async function readOrders(sellerId: string, ids: readonly string[]): Promise<Map<string, OrderRecord>> {
  const found = new Map<string, OrderRecord>();
  let keys: readonly string[] = ids;
  for (let attempt = 0; keys.length > 0; attempt++) {
    if (attempt > 0) await pause(attempt);
    const { orders, unprocessed } = await getOrdersById(sellerId, keys, { consistent: true });
    for (const o of orders) found.set(o.orderId, o);
    if (unprocessed.length > 0 && attempt >= MAX_ATTEMPTS) throw new Error(`${unprocessed.length} orders could not be read`);
    keys = unprocessed;
  }
  return found;
}

const MAX_ATTEMPTS = 5;
/** Exponential backoff with full jitter, as AWS advises for throttled and conflicting writes. */
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 50 * 2 ** attempt));

async function upsertChunk(sellerId: string, ids: string[], byId: Map<string, ImportedOrder>, resolver: CustomerResolver) {
  for (let attempt = 1; ; attempt++) {
    const existing = await readOrders(sellerId, ids);
    const news: ImportedOrderItem[] = [];
    for (const orderId of ids.filter((id) => !existing.has(id))) {
      const o = byId.get(orderId) as ImportedOrder;
      news.push({
        ...platformFields(o),
        sellerId,
        orderId,
        customerId: await resolver.idOf(o),
        customerName: customerName(o.customer),
        status: o.status,
        platform: o.source,
        platformOrderId: o.platformOrderId,
      });
    }
    try {
      await createImportedOrders(sellerId, news);
    } catch (err) {
      // Another import created one of these orders meanwhile (or the write raced one): read again, it is an update now.
      if (attempt < MAX_ATTEMPTS && err instanceof WriteConflict) {
        await pause(attempt);
        continue;
      }
      throw err;
    }
    let updated = 0;
    // Every order of the chunk, changed or not: one whose points were never written (a crash between the order's
    // write and its points) gets them now, and the rest cost a share of one batch read.
    const writes: OrderWrite[] = news.map((n) => ({ after: { ...n, status: n.status ?? 'unshipped' }, created: true }));
    const delivered: string[] = [];
    for (const [orderId, current] of existing) {
      const result = await updateImported(sellerId, current, byId.get(orderId) as ImportedOrder);
      if (result.outcome !== 'unchanged') updated++;
      if (result.outcome === 'delivered') delivered.push(orderId);
      writes.push({ before: current, after: result.order });
    }
    // Only a move to delivered: an order imported already delivered is history, not news for its buyer.
    await followUpOnDelivery(sellerId, delivered);
    return { created: news.length, updated, writes };
  }
}

/** The order's status after an import: the platform's while the seller has not acted, and delivered once shipped. */
function importedStatus(current: OrderRecord, platform: OrderRecord['status']): OrderRecord['status'] {
  // An order the seller has not acted on yet may still move (e.g. cancelled on the platform).
  if (OPEN_ORDER_STATUSES.includes(current.status) && !current.labelId) return platform;
  // A shipped order the platform saw delivered (its carrier told it) moves on; nothing the seller set is undone.
  if (current.status === 'shipped' && platform === 'delivered') return 'delivered';
  return current.status;
}

/**
 * Brings an order imported before up to date with the platform: 'unchanged', 'updated', or 'delivered' when this
 * write moved it to delivered. The write is conditional on the order being as read, so a seller's edit in between
 * (a label bought, a status set) is never overwritten: the order is read again and the import applies to what the
 * seller left.
 */
async function updateImported(
  sellerId: string,
  read: OrderRecord,
  o: ImportedOrder,
): Promise<{ outcome: 'unchanged' | 'updated' | 'delivered'; order?: OrderRecord }> {
  const next = platformFields(o);
  let current: OrderRecord | undefined = read;
  for (let attempt = 1; current; attempt++) {
    const status = importedStatus(current, o.status);
    if (same(platformFields(current), next) && status === current.status) return { outcome: 'unchanged', order: current };
    if (await updateOrderIfUnchanged(sellerId, current.orderId, current.updatedAt, { ...next, status })) {
      if (current.orderNumber !== next.orderNumber) await renumberOrder(sellerId, current.orderId, current.orderNumber, next.orderNumber);
      return { outcome: status === 'delivered' && current.status !== 'delivered' ? 'delivered' : 'updated', order: { ...current, ...next, status } };
    }
    if (attempt >= MAX_ATTEMPTS) throw new WriteConflict(`Order ${current.orderId} kept changing during the import`);
    current = await getOrderConsistent(sellerId, read.orderId);
  }
  return { outcome: 'unchanged' };
}
