import { desk, type OrderStatus, orderEntity } from './entities.js';
import { isConditionalFailure } from './sellers.js';

type OrderItem = Parameters<typeof orderEntity.create>[0];
export type NewOrder = Omit<OrderItem, 'sellerId' | 'orderId' | 'createdAt' | 'updatedAt'> & { orderId?: string };

/** Creates an order and counts it on the seller's profile in one transaction. */
export async function createOrder(sellerId: string, order: NewOrder) {
  const orderId = order.orderId ?? crypto.randomUUID();
  await desk.transaction
    .write(({ order: orders, consultant }) => [
      orders.create({ ...order, sellerId, orderId }).commit(),
      consultant.patch({ sellerId }).add({ orderCount: 1 }).commit(),
    ])
    .go();
  return orderId;
}

export async function getOrder(sellerId: string, orderId: string) {
  const { data } = await orderEntity.get({ sellerId, orderId }).go();
  return data;
}

/** Newest first, one page per call. */
export async function listOrdersByDate(sellerId: string, options: { cursor?: string; limit?: number } = {}) {
  const { data, cursor } = await orderEntity.query
    .byDate({ sellerId })
    .go({ cursor: options.cursor ?? null, limit: options.limit ?? 20, order: 'desc' });
  return { orders: data, cursor };
}

export async function listOrdersOfCustomer(sellerId: string, customerId: string, options: { cursor?: string } = {}) {
  const { data, cursor } = await orderEntity.query
    .byCustomer({ sellerId, customerId })
    .go({ cursor: options.cursor ?? null, limit: 20, order: 'desc' });
  return { orders: data, cursor };
}

export interface OrderListOptions {
  status?: OrderStatus;
  q?: string;
  cursor?: string;
  limit?: number;
}

/**
 * A page of the seller's orders, newest first, optionally of one status or matching a customer name or order
 * number. Filters run in the Query (never a Scan).
 */
export async function listOrders(sellerId: string, options: OrderListOptions = {}) {
  const size = options.limit ?? 20;
  const q = options.q?.trim();
  const { data, cursor } = await orderEntity.query
    .byDate({ sellerId })
    .where((o, { eq, contains }) =>
      [options.status ? eq(o.status, options.status) : '', q ? `(${contains(o.customerName, q)} OR ${contains(o.orderNumber, q)})` : '']
        .filter(Boolean)
        .join(' AND '),
    )
    // Without a filter one DynamoDB page of `size` is the answer; with one, `count` reads on (in pages of 100,
    // not DynamoDB's default 1 MB) until the page is full.
    .go(options.status || q ? { cursor: options.cursor ?? null, count: size, limit: 100, order: 'desc' } : { cursor: options.cursor ?? null, limit: size, order: 'desc' });
  return { orders: data, cursor };
}

export type OrderPatch = Partial<Pick<OrderItem, 'items' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'shipTo' | 'weightOz' | 'status'>>;

/** Changes an existing order; refused (false) when it does not exist. */
export async function updateOrder(sellerId: string, orderId: string, patch: OrderPatch): Promise<boolean> {
  try {
    await orderEntity.patch({ sellerId, orderId }).set(patch).go();
    return true;
  } catch (err) {
    if (isConditionalFailure(err)) return false;
    throw err;
  }
}
