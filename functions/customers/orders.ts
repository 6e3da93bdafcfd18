import { withCursor } from '../data/errors.js';
import { listOrdersOfCustomer } from '../data/orders.js';
import { withDomainErrors } from '../services/data-failures.js';
import { customerOf } from './customers.js';

type OrderRecord = Awaited<ReturnType<typeof listOrdersOfCustomer>>['orders'][number];

/** An order as the customer's order history lists it. */
function historyLine(o: OrderRecord) {
  return {
    orderID: o.orderId,
    orderNumber: o.orderNumber,
    orderDate: o.orderDate,
    status: o.status,
    total: o.total,
    currency: o.currency,
    items: o.items.reduce((n, i) => n + i.quantity, 0),
    platform: o.platform,
    trackingNumber: o.trackingNumber,
  };
}

/** The customer's orders, newest first, a page at a time. */
export async function customerOrderHistory(sellerId: string, customerId: string, cursor?: string) {
  await customerOf(sellerId, customerId);
  const page = await withDomainErrors(() => withCursor(() => listOrdersOfCustomer(sellerId, customerId, { cursor })));
  return { orders: page.orders.map(historyLine), cursor: page.cursor };
}
