import { desk, orderEntity } from './entities.js';

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
