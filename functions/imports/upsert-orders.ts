import { createHash } from 'node:crypto';
import { OPEN_ORDER_STATUSES } from '../../shared/domain/orders.js';
import { orderPoints } from '../../shared/domain/rewards.js';
import { afterChanges, applyBatchEffects, type BalanceChange, type KnownCustomers, type PartReads, readCheckpoints, readForEffects } from '../data/batch-effects.js';
import { type CustomerRecord, createCustomer, fillDerivedName, findCustomerFor } from '../data/customers.js';
import { WriteConflict } from '../data/errors.js';
import { normalAddress, settleEmailSuppressions, suppressionsOf, type WrittenAddress } from '../data/suppressions.js';
import {
  claimOrderNumbers,
  getOrderConsistent,
  getOrdersById,
  type ImportedOrderItem,
  type OrderRecord,
  putImportedOrders,
  renumberOrder,
  updateOrderIfUnchanged,
} from '../data/orders-bulk.js';
import { orderEffect, sumOrderEffects } from '../domain/order-effects.js';
import { orderNumberTerm } from '../domain/order-search.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { orderNumberHolders } from '../data/orders.js';
import { OrderPoints, type OrderWrite, type Program } from '../rewards/earning.js';
import { followUpOnDelivery } from '../marketing/automated.js';
import { importAggregates, type OrderChange, recordImportOnce, recordOrderWrites } from '../reports/aggregates.js';
import { forgetOldest } from '../services/bounded.js';
import { type ImportedCustomer, type ImportedOrder, importedOrderId } from './imported-order.js';
import { pauseBeforeRetry } from '../domain/backoff.js';

export interface UpsertResult {
  created: number;
  updated: number;
  customersCreated: number;
  /** Orders handed over but left as they were (a label bought) or not added (their number taken), and why. */
  refused?: { order: ImportedOrder; reason: string }[];
}

/**
 * Orders written per batch: 4 BatchWriteItem requests (and 4 of their number items) side by side, then the batch's
 * effects in one transaction per part of 48 orders (functions/data/batch-effects.ts): a part's checkpoint, the
 * seller's count and at most 48 customers with their rewards members stay within DynamoDB's 100 items.
 */
export const IMPORT_BATCH = 96;
const PART_ORDERS = 48;
/** Buyers looked up (and created) side by side. */
const RESOLVE_SIDE_BY_SIDE = 8;

/**
 * The seller's order numbers (as the order-number index spells them, orderNumberTerm) and the order of each, as they
 * were when the import first had a new order: read once per import, a Query of the index partition (about 10,000
 * numbers a page), never per order. A number held by two orders already is held by '*', another order for anyone.
 */
export class TakenNumbers {
  private read?: Promise<Map<string, string>>;
  constructor(
    private readonly sellerId: string,
    /** The refusal in the words of the import or sync that refuses. */
    readonly refusal: (orderNumber: string) => string,
  ) {}

  /** The order holding `orderNumber`, when it is not `orderId`: what a new order with that number would duplicate. */
  async heldByAnother(orderNumber: string, orderId: string): Promise<boolean> {
    this.read ??= orderNumberHolders(this.sellerId);
    const holder = (await this.read).get(orderNumberTerm(orderNumber));
    return holder !== undefined && holder !== orderId;
  }
}

/**
 * Finds each buyer among the seller's customers, or creates them. Remembers who it has found for the life of one
 * import (bounded, so a file's memory does not grow with its number of buyers). One batch's buyers are resolved at a
 * time (the import awaits each batch's orders before the next's).
 */
export class CustomerResolver {
  private readonly known = new Map<string, string>();
  /** Customers met in this import whose name is only derived from their email: a named order fills it in. */
  private readonly derived = new Set<string>();
  customersCreated = 0;
  /** The rewards program, read once per import or sync: every order written earns its points through it. */
  readonly points: OrderPoints;
  /**
   * Customers as this import last found or wrote them (balance, `rewardRev`, member fields), for the points of its
   * later parts (readForEffects): a customer is read once per import, not once per part. Bounded like `known`.
   */
  private readonly latest = new Map<string, CustomerRecord>();
  readonly customers: KnownCustomers = { get: (id) => this.latest.get(id) };

  constructor(
    private readonly sellerId: string,
    private readonly capacity = 5_000,
    /** The import run (a CSV job): what a crashed delivery of it counted is still its own (FileReading.runId). */
    readonly runId?: string,
    /** A new order whose number another order has is refused, not added, in these words (a file's, a sync's). */
    options: { refuseTakenNumbers?: (orderNumber: string) => string } = {},
  ) {
    this.points = new OrderPoints(sellerId);
    if (options.refuseTakenNumbers) this.takenNumbers = new TakenNumbers(sellerId, options.refuseTakenNumbers);
  }

  readonly takenNumbers?: TakenNumbers;

  private static key(c: ImportedCustomer) {
    return (c.email?.trim().toLowerCase() || `${c.firstName} ${c.lastName}`.trim().toLowerCase()).replace(/\s+/g, ' ');
  }

  /**
   * The customer of each order, in order. Buyers met before in this import are known; the others are looked up side
   * by side (each once, from its first order), and the ones not found are created together (createAll).
   */
  async idsOf(orders: readonly ImportedOrder[]): Promise<string[]> {
    const idOfKey = new Map<string, string>();
    const firsts = new Map<string, ImportedOrder>();
    for (const o of orders) {
      const key = CustomerResolver.key(o.customer);
      const hit = this.known.get(key);
      if (hit) idOfKey.set(key, hit);
      else if (!firsts.has(key)) firsts.set(key, o);
    }
    const found = new Map<string, CustomerRecord>();
    await eachSideBySide([...firsts], RESOLVE_SIDE_BY_SIDE, async ([key, o]) => {
      const existing = await findCustomerFor(this.sellerId, o.customer);
      if (existing) found.set(key, existing);
    });
    const created = await this.createAll([...firsts].filter(([key]) => !found.has(key)));
    for (const [key, o] of firsts) {
      const c = o.customer;
      const existing = found.get(key);
      const id = existing?.customerId ?? (created.get(key) as string);
      // A customer just created has no points and no `rewardRev`: a write by anyone else since cancels the part's
      // transaction, which reads it again.
      const record = existing ?? ({ sellerId: this.sellerId, customerId: id, firstName: c.firstName, lastName: c.lastName, email: c.email, rewardBalance: 0, totalSpend: 0 } as CustomerRecord);
      if (!this.latest.has(id)) this.remember(record);
      if (existing ? existing.nameDerived : c.nameDerived) this.derived.add(id);
      this.known.set(key, id);
      forgetOldest(this.known, this.capacity);
      idOfKey.set(key, id);
    }
    const ids: string[] = [];
    for (const o of orders) {
      const id = idOfKey.get(CustomerResolver.key(o.customer)) as string;
      await this.fillName(id, o.customer);
      ids.push(id);
    }
    return ids;
  }

  /**
   * Creates the buyers not found (by their first order), side by side. Each carries its address's suppression
   * (docs/data-model.md "Email status on the customer"): one BatchGet of the ledger for all of them before the
   * writes, and one after them for those written (settleEmailSuppressions), even when another's write failed.
   */
  private async createAll(buyers: readonly (readonly [string, ImportedOrder])[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    if (buyers.length === 0) return ids;
    const suppressed = await suppressionsOf(
      this.sellerId,
      buyers.flatMap(([, o]) => (o.customer.email ? [o.customer.email] : [])),
    );
    const written: WrittenAddress[] = [];
    try {
      await eachSideBySide(buyers, RESOLVE_SIDE_BY_SIDE, async ([key, order]) => {
        const c = order.customer;
        // Exports rarely carry a billing address apart from the ship-to; the buyer's own orders ship to them.
        const address = c.address ?? order.shipTo;
        const reason = c.email ? suppressed.get(normalAddress(c.email)) : undefined;
        const id = await createCustomer(
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
            // No address, no country (issue 19).
            country: address?.country,
          },
          { source: order.source, marketingAllowed: c.marketingAllowed ?? true, nameDerived: c.nameDerived, suppressionRead: { reason } },
        );
        this.customersCreated++;
        ids.set(key, id);
        written.push({ customerId: id, email: c.email, emailSuppression: reason });
      });
    } finally {
      await settleEmailSuppressions(this.sellerId, written);
    }
    return ids;
  }

  /** What a part's transaction left a customer as (its balance and `rewardRev`): what the next part starts from. */
  remember(customer: CustomerRecord): void {
    this.latest.delete(customer.customerId);
    this.latest.set(customer.customerId, customer);
    forgetOldest(this.latest, this.capacity);
  }

  /** Issue 19: a customer named only after their email takes the name an order of theirs gives, once. */
  private async fillName(customerId: string, c: ImportedCustomer): Promise<void> {
    if (c.nameDerived || !this.derived.has(customerId)) return;
    this.derived.delete(customerId);
    await fillDerivedName(this.sellerId, customerId, { firstName: c.firstName, lastName: c.lastName });
  }
}

/** What the platform owns on an order: an import may change these, never what the seller did here. */
type PlatformOwned = Pick<ImportedOrder, 'orderNumber' | 'orderDate' | 'items' | 'currency' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'shipTo'>;

function platformFields(o: PlatformOwned) {
  return {
    orderNumber: o.orderNumber,
    orderDate: o.orderDate,
    items: o.items.map((i) => ({ name: i.name, quantity: i.quantity, price: i.price, ...(i.sku ? { sku: i.sku } : {}) })),
    // Stored only when not dollars: an order without one is USD, as every order written before currencies were kept.
    ...(o.currency && o.currency !== 'USD' ? { currency: o.currency } : {}),
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

/** What a batch's orders put so far leave to its effects stage (written after the previous batch's). */
interface WrittenBatch {
  ids: readonly string[];
  created: number;
  updated: number;
  refused: { order: ImportedOrder; reason: string }[];
  customersCreated: number;
  /** Runs the batch's effects; called once the previous batch's are written. */
  effects: () => Promise<number>;
}

/** A batch whose orders are written and whose effects are under way (or done): `done` gives its result. */
export interface PendingBatch {
  done: Promise<UpsertResult>;
}

interface InFlight {
  ids: ReadonlySet<string>;
  done: Promise<unknown>;
}

/** Per import (kept on its resolver): the batch whose effects are being written while the next one is put. */
const inFlight = new WeakMap<CustomerResolver, InFlight>();

const NOTHING: UpsertResult = { created: 0, updated: 0, customersCreated: 0 };

/**
 * Writes imported orders: a new order is created with its customer (found or created), an order imported before is
 * updated in what the platform owns (items, totals, ship-to, number; its status only while the seller has not acted
 * on it), so importing the same orders again never duplicates them. Batches of 96: new orders are put with batch
 * writes, and what they add (the seller's order count, each customer's total spend and reward points) is written
 * once per batch under the batch's checkpoint, summed per customer (`sumOrderEffects`). One batch is in flight: its
 * effects are written while the next batch is read and put.
 */
export async function upsertImportedOrders(
  sellerId: string,
  orders: readonly ImportedOrder[],
  resolver = new CustomerResolver(sellerId),
): Promise<UpsertResult> {
  return (await beginImportedOrders(sellerId, orders, resolver)).done;
}

/**
 * `upsertImportedOrders` in two steps, for a caller that hands over a batch at a time (the CSV worker): resolves
 * once the orders are read and put (after the previous call's batch's effects, when this call has more than one
 * batch), with `done` for their effects, which are written after the previous batch's. The caller counts a batch's
 * rows as done only when `done` resolves; a failure of either step leaves no batch's effects half written (each
 * part's effects are one transaction under its checkpoint) and is thrown once the batch before is settled.
 */
export async function beginImportedOrders(
  sellerId: string,
  orders: readonly ImportedOrder[],
  resolver: CustomerResolver,
): Promise<PendingBatch> {
  // The last of an order's versions in one batch wins, as it would had they come in two.
  const byId = new Map<string, ImportedOrder>();
  for (const o of orders) byId.set(await importedOrderId(sellerId, o.source, o.platformOrderId), o);
  // In id order: the same orders always make the same batches and parts (their checkpoints' names).
  const ids = [...byId.keys()].sort();
  const results: Promise<UpsertResult>[] = [];
  for (let i = 0; i < ids.length; i += IMPORT_BATCH) {
    const batch = ids.slice(i, i + IMPORT_BATCH);
    const before = inFlight.get(resolver);
    // One batch in flight: the one before the previous must be written. An order of the batch in flight is read
    // only once its effects are (read earlier, it would look put but not counted: new, and counted twice).
    const waitFor = results.length >= 2 ? results.at(-2) : undefined;
    if (waitFor) await waitFor;
    if (before && batch.some((id) => before.ids.has(id))) await before.done;
    let written: WrittenBatch;
    try {
      written = await writeBatch(sellerId, batch, byId, resolver);
    } catch (err) {
      // Nothing is left running behind a failure: the batch in flight is written (or has failed) first.
      await before?.done.catch(() => undefined);
      throw err;
    }
    const done = (async (): Promise<UpsertResult> => {
      await before?.done;
      const counted = await written.effects();
      const result = { created: written.created + counted, updated: written.updated, customersCreated: written.customersCreated };
      return written.refused.length > 0 ? { ...result, refused: written.refused } : result;
    })();
    // Awaited by the next batch or the caller; a failure is theirs to see, never an unhandled rejection.
    done.catch(() => undefined);
    inFlight.set(resolver, { ids: new Set(batch), done });
    results.push(done);
  }
  const all = Promise.all(results).then((rs) =>
    rs.reduce(
      (sum, r) => ({
        created: sum.created + r.created,
        updated: sum.updated + r.updated,
        customersCreated: sum.customersCreated + r.customersCreated,
        // Present only when something was refused: a plain result reads as before.
        ...(sum.refused || r.refused ? { refused: [...(sum.refused ?? []), ...(r.refused ?? [])] } : {}),
      }),
      NOTHING,
    ),
  );
  all.catch(() => undefined);
  return { done: all };
}

/** Reads the batch's orders as they are now; keys DynamoDB left unprocessed are read again after a pause. */
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
const pause = (attempt: number) => pauseBeforeRetry(attempt, 50);

/** Runs `work` over the items, `limit` at once; after a failure no more are started. */
async function eachSideBySide<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && !failed) {
        try {
          await work(items[next++] as T);
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    }),
  );
}

/**
 * A batch's first step: reads its orders, puts the new ones (with their customers found or created) and updates
 * the ones imported before. What they add is left to the effects step (`effects`), run after the previous batch's.
 */
async function writeBatch(sellerId: string, ids: string[], byId: Map<string, ImportedOrder>, resolver: CustomerResolver): Promise<WrittenBatch> {
  const customersBefore = resolver.customersCreated;
  // Numbers read as free may be taken meanwhile by another import running at once (its orders put after this
  // import read the seller's numbers): each order of the batch claims its number, once, while the batch is read;
  // a new order whose claim another order holds is not put. An order imported before claims its own number, so a
  // new order of another import cannot take it either.
  const claims = resolver.takenNumbers
    ? claimOrderNumbers(sellerId, ids.map((id) => ({ orderId: id, orderNumber: (byId.get(id) as ImportedOrder).orderNumber })))
    : undefined;
  claims?.catch(() => undefined);
  const [existing, program] = await Promise.all([readOrders(sellerId, ids), resolver.points.program()]);
  // An order a batch put but never counted (the worker stopped between its orders and its effects) is new again:
  // this batch counts it. One counted is an update.
  const marks = [...new Set([...existing.values()].flatMap((o) => (o.importBatch ? [o.importBatch] : [])))];
  const counted = await readCheckpoints(sellerId, marks);
  const isNew = (id: string) => {
    const o = existing.get(id);
    return !o || (o.importBatch !== undefined && !counted.has(o.importBatch));
  };
  // Orders an earlier delivery of this same run created and counted (it stopped after their part): this run's too.
  const earlier = resolver.runId
    ? ids.filter((id) => {
        const mark = existing.get(id)?.importBatch;
        return mark !== undefined && counted.get(mark)?.runId === resolver.runId;
      }).length
    : 0;
  // Parts of this very batch counted by an earlier delivery that stopped before all their report aggregates were
  // written: their orders are here (the same batch key names the same orders), so their aggregates are added now,
  // each transaction once (writeAggregatesOnce). A part of another batch key is left as it is (documented).
  const key = batchKey(sellerId, ids, byId);
  const due = new Map<string, OrderChange[]>();
  for (const id of ids) {
    const o = existing.get(id);
    const mark = o?.importBatch;
    if (!o || !mark?.startsWith(`${key}#`) || !counted.get(mark)?.aggregatesDue) continue;
    due.set(mark, [...(due.get(mark) ?? []), importedChange(byId.get(id) as ImportedOrder, o.customerId)]);
  }
  // A new order whose number another order already has (a file's order synced from a platform or typed here; a
  // sync's order imported from a file) would be a second order for one sale, which could get a second label: it is
  // refused and reported instead. An order imported before is not new: a re-sync updates it.
  const refused: { order: ImportedOrder; reason: string }[] = [];
  let fresh: string[] = [];
  for (const id of ids.filter(isNew)) {
    const o = byId.get(id) as ImportedOrder;
    if (resolver.takenNumbers && (await resolver.takenNumbers.heldByAnother(o.orderNumber, id))) refused.push({ order: o, reason: resolver.takenNumbers.refusal(o.orderNumber) });
    else fresh.push(id);
  }
  if (resolver.takenNumbers && claims) {
    const { refusal } = resolver.takenNumbers;
    const taken = await claims;
    for (const id of fresh.filter((id) => taken.has(id))) {
      const o = byId.get(id) as ImportedOrder;
      refused.push({ order: o, reason: refusal(o.orderNumber) });
    }
    fresh = fresh.filter((id) => !taken.has(id));
  }
  const countNew = await putBatch(sellerId, ids, fresh, byId, existing, resolver, program);

  let updated = 0;
  const writes: OrderWrite[] = [];
  const delivered: string[] = [];
  for (const orderId of ids.filter((id) => !isNew(id))) {
    const current = existing.get(orderId) as OrderRecord;
    const imported = byId.get(orderId) as ImportedOrder;
    const result = await updateImported(sellerId, current, imported);
    if (result.labelled) refused.push({ order: imported, reason: MESSAGES.importOrderHasLabel(imported.orderNumber) });
    if (result.outcome === 'unchanged') continue;
    updated++;
    if (result.outcome === 'delivered') delivered.push(orderId);
    writes.push({ before: result.before ?? current, after: result.order });
  }
  return {
    ids,
    created: earlier,
    updated,
    refused,
    customersCreated: resolver.customersCreated - customersBefore,
    effects: async () => {
      for (const [mark, changes] of due) await recordImportOnce(sellerId, mark, importAggregates(changes));
      const created = await countNew();
      // Points of orders that changed (their REWARDPTS entries, or what an import credited on the order item).
      if (writes.length > 0) await resolver.points.apply(writes);
      // REPORT AGGREGATES of the changed orders: each as it was and as it is.
      if (writes.length > 0) await recordOrderWrites(sellerId, writes, AGGREGATES_SIDE_BY_SIDE);
      // Only a move to delivered: an order imported already delivered is history, not news for its buyer.
      await followUpOnDelivery(sellerId, delivered);
      return created;
    },
  };
}

/** Report aggregate items of a batch written side by side (one UpdateItem each; about 1 to 3 an order). */
const AGGREGATES_SIDE_BY_SIDE = 16;

/**
 * Puts the batch's new orders; returns the step that writes their effects once per part (48 orders of the batch, in
 * id order; its checkpoint is named by the orders it counts) and gives the orders it counted. The batch key is a
 * digest of the batch as imported, so the same batch delivered again, or the same orders imported twice at once,
 * name the same checkpoints and count once: a second writer sees the first one's orders either not yet counted
 * (all new to it too) or counted.
 */
async function putBatch(
  sellerId: string,
  batch: readonly string[],
  ids: readonly string[],
  byId: Map<string, ImportedOrder>,
  existing: Map<string, OrderRecord>,
  resolver: CustomerResolver,
  program: Program | undefined,
): Promise<() => Promise<number>> {
  if (ids.length === 0) return async () => 0;
  const key = batchKey(sellerId, batch, byId);
  const partOf = new Map(batch.map((orderId, i) => [orderId, Math.floor(i / PART_ORDERS)]));
  // An order put before (never counted) keeps its customer; the others' buyers are resolved together.
  const unresolved = ids.filter((orderId) => !existing.get(orderId)?.customerId);
  const resolved = await resolver.idsOf(unresolved.map((orderId) => byId.get(orderId) as ImportedOrder));
  const customerOf = new Map<string, string>([
    ...ids.flatMap((orderId) => {
      const known = existing.get(orderId)?.customerId;
      return known ? [[orderId, known] as const] : [];
    }),
    ...unresolved.map((orderId, i) => [orderId, resolved[i] as string] as const),
  ]);
  const items: ImportedOrderItem[] = ids.map((orderId) => {
    const o = byId.get(orderId) as ImportedOrder;
    const points = program?.earns ? orderPoints(o, program.settings) : 0;
    return {
      ...platformFields(o),
      sellerId,
      orderId,
      customerId: customerOf.get(orderId) as string,
      customerName: customerName(o.customer),
      status: o.status,
      platform: o.source,
      platformOrderId: o.platformOrderId,
      importBatch: `${key}#${partOf.get(orderId)}`,
      ...(points > 0 ? { rewardPoints: points } : {}),
    };
  });
  const goal = program?.earns ? program.settings.goalCount : undefined;
  const parts = [...new Set(items.map((n) => n.importBatch as string))].map((batchId) => ({
    batchId,
    // The part's report aggregates, written once under its checkpoint after its transaction.
    aggregates: importAggregates(items.filter((n) => n.importBatch === batchId).map((n) => importedChange(byId.get(n.orderId) as ImportedOrder, n.customerId))),
    effects: sumOrderEffects(
      items
        .filter((n) => n.importBatch === batchId)
        .map((n) => orderEffect(undefined, { customerId: n.customerId, status: n.status ?? 'unshipped', total: n.total, points: n.rewardPoints ?? 0 })),
    ),
  }));
  await putImportedOrders(sellerId, items);
  return async () => {
    // Read now, after the previous batch's effects: its writes of the same customers' balances are seen.
    const reads = parts.map((p) => readForEffects(sellerId, p.effects, goal, true, resolver.customers));
    for (const r of reads) r.catch(() => undefined);
    let counted = 0;
    // What the batch's earlier parts wrote of balances: a later part read them before (a customer in both parts).
    let written: BalanceChange[] = [];
    for (const [i, { batchId, effects, aggregates }] of parts.entries()) {
      const before = written;
      const first = (reads[i] as Promise<PartReads>).then((r) => afterChanges(r, before));
      const result = await applyBatchEffects(sellerId, batchId, effects, goal, first, resolver.runId, aggregates.length);
      if (!result.applied) continue;
      // REPORT AGGREGATES of the part's new orders, once per checkpoint (a transaction already written is refused by
      // its mark). Only the writer that counted the part writes them: another one's orders may name other customers
      // (two imports at once each create a buyer they do not find); a redelivery completes what a crash left.
      await recordImportOnce(sellerId, batchId, aggregates);
      written = [...written, ...result.changes];
      for (const change of result.changes) resolver.remember(change.customer);
      counted += effects.orderCount;
      await resolver.points.announce(result.changes);
    }
    return counted;
  };
}

/** A new order of an import as the report aggregates see it (the same for every delivery of its batch). */
function importedChange(o: ImportedOrder, customerId: string): OrderChange {
  return { after: { orderDate: o.orderDate, status: o.status ?? 'unshipped', customerId, customerName: customerName(o.customer), total: o.total, items: platformFields(o).items } };
}

/** A digest of a batch as imported (its orders' ids and what the import says of each). */
function batchKey(sellerId: string, batch: readonly string[], byId: Map<string, ImportedOrder>): string {
  const hash = createHash('sha256').update(sellerId);
  for (const orderId of batch) hash.update(JSON.stringify([orderId, canonical(byId.get(orderId))]));
  return hash.digest('base64url').slice(0, 32);
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
): Promise<{ outcome: 'unchanged' | 'updated' | 'delivered'; order?: OrderRecord; before?: OrderRecord; labelled?: boolean }> {
  const imported = platformFields(o);
  let current: OrderRecord | undefined = read;
  for (let attempt = 1; current; attempt++) {
    // The rule of the order's own edit (orders.ts: "Void the label before changing the order"): a label was bought for
    // this address, items and total, so the import changes none of them; the status may still move to delivered.
    const labelled = !!current.labelId && !same(platformFields(current), imported);
    const next = labelled ? platformFields(current) : imported;
    const status = importedStatus(current, o.status);
    if (same(platformFields(current), next) && status === current.status) return { outcome: 'unchanged', order: current, labelled };
    // The customer's total spend follows the order in the same write (orderEffect: a cancel takes its total back).
    const spend = orderEffect(
      { customerId: current.customerId, status: current.status, total: current.total, points: 0 },
      { customerId: current.customerId, status, total: next.total, points: 0 },
    ).spend;
    if (await updateOrderIfUnchanged(sellerId, current, { ...next, status }, spend)) {
      if (current.orderNumber !== next.orderNumber) await renumberOrder(sellerId, current.orderId, current.orderNumber, next.orderNumber);
      const outcome = status === 'delivered' && current.status !== 'delivered' ? 'delivered' : 'updated';
      return { outcome, order: { ...current, ...next, status }, before: current, labelled };
    }
    if (attempt >= MAX_ATTEMPTS) throw new WriteConflict(`Order ${current.orderId} kept changing during the import`);
    current = await getOrderConsistent(sellerId, read.orderId);
  }
  return { outcome: 'unchanged' };
}
