import { createWriteTransaction } from 'electrodb';
import { AUTOCOMPLETE_SIZE, autocompleteList, orderNumberTerm, searchable } from '../domain/order-search.js';
import { searchCustomers } from './customers.js';
import { OPEN_ORDER_STATUSES, type OrderFilter } from '../../shared/domain/orders.js';
import { customerEntity, orderEntity, consultantEntity } from './entities.js';
import { allProcessed, applied, isTransactionCancelled, transactionApplied } from './errors.js';
import { orderNumberEntity } from './order-index.js';
import { orderKey } from './item-keys.js';
import { entityTogether } from './items-together.js';
import { filteredPageOf, type PageRequest, pageOf } from './table.js';

type OrderItem = Parameters<ReturnType<typeof orderEntity>['create']>[0];
export type NewOrder = Omit<OrderItem, 'sellerId' | 'orderId' | 'createdAt' | 'updatedAt'> & { orderId?: string };

/**
 * Creates an order, counts it on the seller's profile and indexes its number, in one transaction; with `spend`, its
 * effect on its customer's total spend too (functions/domain/order-effects.ts), so the customer's figure follows it.
 */
export async function createOrder(sellerId: string, order: NewOrder, options: { spend?: number } = {}) {
  const orderId = order.orderId ?? crypto.randomUUID();
  await createWriteTransaction(
    { order: orderEntity(), consultant: consultantEntity(), orderNumber: orderNumberEntity(), customer: customerEntity() },
    ({ order: orders, consultant, orderNumber, customer }) => [
      orders.create({ ...order, sellerId, orderId }).commit(),
      consultant.patch({ sellerId }).add({ orderCount: 1 }).commit(),
      orderNumber.put(orderNumberItem(sellerId, { orderId, orderNumber: order.orderNumber })).commit(),
      ...(options.spend ? [customer.patch({ sellerId, customerId: order.customerId }).add({ totalSpend: options.spend }).commit()] : []),
    ],
  ).go();
  return orderId;
}

/**
 * createOrder under the id the caller chose (a New Order's, from its request key): false, with nothing written,
 * when an order with that id exists already (the same request made it before, or at the same time).
 */
export async function createOrderOnce(sellerId: string, order: NewOrder & { orderId: string }, options: { spend?: number } = {}): Promise<boolean> {
  try {
    await createOrder(sellerId, order, options);
    return true;
  } catch (err) {
    if (isTransactionCancelled(err) && (await getOrder(sellerId, order.orderId, { consistent: true }))) return false;
    throw err;
  }
}

/** The order-number index item of an order: writers of orders put it with the order (functions/data/order-index.ts). */
export function orderNumberItem(sellerId: string, order: { orderId: string; orderNumber: string }) {
  return { sellerId, orderId: order.orderId, term: orderNumberTerm(order.orderNumber) };
}

/**
 * Every order number of the seller (its index term) and the order holding it ('*' when several do): the whole
 * order-number partition, keys only, page after page. An import reads it once to refuse a number already taken.
 */
export async function orderNumberHolders(sellerId: string): Promise<Map<string, string>> {
  const holders = new Map<string, string>();
  const { data } = await orderNumberEntity().query.byNumber({ sellerId }).go({ pages: 'all', attributes: ['term', 'orderId'] });
  for (const { term, orderId } of data) holders.set(term, holders.has(term) && holders.get(term) !== orderId ? '*' : orderId);
  return holders;
}

/** Indexes the numbers of orders written in bulk (the demo seed); idempotent. */
export async function putOrderNumbers(sellerId: string, orders: readonly { orderId: string; orderNumber: string }[]) {
  allProcessed(await orderNumberEntity().put(orders.map((o) => orderNumberItem(sellerId, o))).go(), 'order numbers were not written');
}

/**
 * The order; an eventually consistent read is made with the turn's other items (an order read beside the plan
 * gate's profile read takes one request with it).
 */
export async function getOrder(sellerId: string, orderId: string, options: { consistent?: boolean } = {}) {
  if (options.consistent) return (await orderEntity().get({ sellerId, orderId }).go(options)).data;
  return entityTogether(orderEntity(), orderKey(sellerId, orderId));
}

/** Newest first, one page per call. */
export async function listOrdersByDate(sellerId: string, options: PageRequest = {}) {
  const { data, cursor } = await orderEntity().query.byDate({ sellerId }).go({ ...pageOf(sellerId, options), order: 'desc' });
  return { orders: data, cursor };
}

/**
 * The seller's orders dated on or after `fromDay` (YYYY-MM-DD), oldest first, one page per call: the date index from
 * that day on (a rewards program's catch-up reads the orders placed since its start date).
 */
export async function listOrdersSince(sellerId: string, fromDay: string, options: PageRequest = {}) {
  const { data, cursor } = await orderEntity().query.byDate({ sellerId }).gte({ orderDate: fromDay }).go({ ...pageOf(sellerId, options), order: 'asc' });
  return { orders: data, cursor };
}

export async function listOrdersOfCustomer(sellerId: string, customerId: string, options: PageRequest = {}) {
  const { data, cursor } = await orderEntity().query.byCustomer({ sellerId, customerId }).go({ ...pageOf(sellerId, options), order: 'desc' });
  return { orders: data, cursor };
}

export interface OrderListOptions extends PageRequest {
  status?: OrderFilter;
  q?: string;
  /** By date: newest first (desc, the default) or oldest first (issue 17). */
  dir?: 'asc' | 'desc';
}

/**
 * A page of the seller's orders by date, newest first unless `dir`, optionally of one status (the status index,
 * docs/data-model.md "Orders by status": one Query of that status's orders, no filter) or of every status still
 * waiting to be shipped (`open`: the date index, filtered), and matching a customer name or order number in any
 * case (a filter in the Query on their lower-case copies). Never a Scan.
 */
export async function listOrders(sellerId: string, options: OrderListOptions = {}) {
  const q = searchable(options.q?.trim());
  const open = options.status === 'open';
  const filtered = Boolean(q) || open;
  const page = { ...(filtered ? filteredPageOf(sellerId, options) : pageOf(sellerId, options)), order: options.dir ?? 'desc' } as const;
  const status = options.status === 'open' ? undefined : options.status;
  const { data, cursor } = status
    ? await orderEntity().query
        .byStatus({ sellerId, status })
        .where((o, { contains }) => (q ? `(${contains(o.customerNameLower, q)} OR ${contains(o.orderNumberLower, q)})` : ''))
        .go(page)
    : await orderEntity().query
        .byDate({ sellerId })
        .where((o, { contains, eq }) =>
          [
            open ? `(${OPEN_ORDER_STATUSES.map((s) => eq(o.status, s)).join(' OR ')})` : '',
            q ? `(${contains(o.customerNameLower, q)} OR ${contains(o.orderNumberLower, q)})` : '',
          ]
            .filter(Boolean)
            .join(' AND '),
        )
        .go(page);
  return { orders: data, cursor };
}

/**
 * The ids of the seller's orders that wait for a label (pending or unshipped, no label), newest first, at most
 * `max`: Batch Purchase's "all unshipped" (docs/data-model.md, Orders that can always be shipped). A Query of the
 * date index with a filter, read 100 items at a time until `max` match or the orders end.
 */
export async function listShippableOrderIds(sellerId: string, max: number): Promise<string[]> {
  const { data } = await orderEntity().query
    .byDate({ sellerId })
    .where((o, { eq, notExists }) => `(${OPEN_ORDER_STATUSES.map((s) => eq(o.status, s)).join(' OR ')}) AND ${notExists(o.labelId)}`)
    .go({ count: max, limit: 100, order: 'desc', attributes: ['orderId'] });
  return data.map((o) => o.orderId);
}

export type OrderPatch = Partial<Pick<OrderItem, 'items' | 'discounts' | 'discount' | 'livestream' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'shipTo' | 'weightOz' | 'status'>>;

/**
 * Changes an existing order; refused (false) when it does not exist. `spend` is what the change does to its
 * customer's total spend, added in the same transaction.
 */
export async function updateOrder(sellerId: string, orderId: string, patch: OrderPatch, spend?: { customerId: string; change: number }): Promise<boolean> {
  if (!spend?.change) return applied(orderEntity().patch({ sellerId, orderId }).set(patch).go());
  return transactionApplied(
    createWriteTransaction(
      { order: orderEntity(), customer: customerEntity() },
      ({ order, customer }) => [
        order.patch({ sellerId, orderId }).set(patch).commit(),
        customer.patch({ sellerId, customerId: spend.customerId }).add({ totalSpend: spend.change }).commit(),
      ],
    ).go(),
  );
}

/** The order's follow-up email was queued (issue 15); false when the seller has no such order. */
export async function markFollowUpEmailSent(sellerId: string, orderId: string): Promise<boolean> {
  return applied(orderEntity().patch({ sellerId, orderId }).set({ followUpEmailSent: true }).go());
}

/** Customers and orders each way of the autocomplete reads: a short list is what a picker shows. */
const PER_CUSTOMER = 5;

/**
 * Orders for pickers: those whose number begins with `search` (the order-number index) and the newest orders of
 * customers whose name, email or phone begins with it (the customer search index, then each one's orders by
 * date). Queries only; each order once, newest first, at most 10.
 */
export async function autocompleteOrders(sellerId: string, search: string) {
  const term = orderNumberTerm(search);
  const [numbered, customers] = await Promise.all([
    term ? orderNumberEntity().query.byNumber({ sellerId }).begins({ term }).go({ limit: AUTOCOMPLETE_SIZE }) : { data: [] },
    searchCustomers(sellerId, search, { limit: PER_CUSTOMER }),
  ]);
  const [byNumber, ...byCustomer] = await Promise.all([
    getOrders(sellerId, numbered.data.map((n) => n.orderId)),
    ...customers.customers.map((c) => listOrdersOfCustomer(sellerId, c.customerId, { limit: PER_CUSTOMER }).then((p) => p.orders)),
  ]);
  // An index item outlives a renumbered order (an import may change the number): the order itself decides.
  const stillMatching = (byNumber ?? []).filter((o) => orderNumberTerm(o.orderNumber).startsWith(term));
  return autocompleteList([...stillMatching, ...byCustomer.flat()]);
}

/** Several orders of one seller; missing ones are left out. */
async function getOrders(sellerId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const { data } = allProcessed(await orderEntity().get([...new Set(orderIds)].map((orderId) => ({ sellerId, orderId }))).go(), 'orders were not read');
  return data;
}

/** How many of the newest orders and of the customers (by name) address suggestions look through. */
export const ADDRESS_LOOKBACK = 200;

/**
 * Recent ship-to addresses and customers' addresses of the seller (address autocomplete, issue 17): the newest
 * `ADDRESS_LOOKBACK` orders (gsi1, pattern 5) and the first `ADDRESS_LOOKBACK` customers by name (gsi1, pattern 3),
 * only their address attributes. Two bounded Queries, never a Scan; matching happens in the service.
 */
export async function recentAddresses(sellerId: string) {
  const [orders, customers] = await Promise.all([
    orderEntity().query.byDate({ sellerId }).go({ order: 'desc', limit: ADDRESS_LOOKBACK, attributes: ['shipTo'] }),
    customerEntity().query.byName({ sellerId }).go({ limit: ADDRESS_LOOKBACK, attributes: ['firstName', 'lastName', 'address1', 'address2', 'city', 'state', 'zip', 'country'] }),
  ]);
  return { shipTos: orders.data.map((o) => o.shipTo).filter((a) => a !== undefined), customers: customers.data };
}
