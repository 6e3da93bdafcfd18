import type { RouteOf } from '../../shared/api/routes.js';
import { planOf, TRANSACTION_FEE_PERCENT, transactionFeeCents } from '../../shared/domain/plans.js';
import { parseUsAddress } from '../domain/address-parse.js';
import { getCustomer } from '../data/customers.js';
import { InvalidCursor, withCursor } from '../data/errors.js';
import { consultantEntity } from '../data/entities.js';
import { autocompleteOrders, createOrder, getOrder, listOrders, updateOrder } from '../data/orders.js';
import { InvalidInput, NotFound, Conflict } from '../domain/errors.js';
import { type Action, httpHandler } from './http-handler.js';

const parseAddress: Action<RouteOf<'orders.parseAddress'>> = async ({ query }) => {
  const result = parseUsAddress(query.address);
  if (!result.ok) throw new InvalidInput({ address: result.message });
  return result.address;
};

const list: Action<RouteOf<'orders.list'>> = async ({ seller, query }) => {
  try {
    return await withCursor(() => listOrders(seller.sellerId, query));
  } catch (err) {
    if (err instanceof InvalidCursor) throw new InvalidInput({ cursor: 'That page is no longer available. Start again from the first page.' });
    throw err;
  }
};

const get: Action<RouteOf<'orders.get'>> = async ({ seller, query }) => {
  const order = await getOrder(seller.sellerId, query.id);
  if (!order) throw new NotFound('That order was not found.');
  const plan = planOf(seller.package);
  return { ...order, fees: { plan, transactionFeePercent: TRANSACTION_FEE_PERCENT[plan], transactionFeeCents: transactionFeeCents(plan, cents(order.total)) } };
};

const cents = (n: number) => Math.round(n * 100);

/** New Order (live selling) or an edit of an unshipped order; totals are computed here, never trusted. */
const save: Action<RouteOf<'orders.save'>> = async ({ seller, body }) => {
  const { sellerId } = seller;
  const customer = await getCustomer(sellerId, body.customerId);
  if (!customer) throw new InvalidInput({ customerId: 'That customer was not found.' });
  const subtotal = body.items.reduce((sum, i) => sum + cents(i.price) * i.quantity, 0) / 100;
  const total = (cents(subtotal) + cents(body.shipping) + cents(body.tax)) / 100;
  const fields = {
    items: body.items,
    subtotal,
    shipping: body.shipping,
    tax: body.tax,
    total,
    shipTo: body.shipTo ?? {
      name: `${customer.firstName} ${customer.lastName}`,
      address1: customer.address1,
      address2: customer.address2,
      city: customer.city,
      state: customer.state,
      zip: customer.zip,
      country: customer.country,
    },
    weightOz: body.weightOz,
  };
  if (body.orderId) {
    const existing = await getOrder(sellerId, body.orderId);
    if (!existing) throw new NotFound('That order was not found.');
    if (existing.labelId) throw new Conflict('This order has a label. Void the label before changing the order.');
    await updateOrder(sellerId, body.orderId, { ...fields, ...(body.status ? { status: body.status } : {}) });
    return getOrder(sellerId, body.orderId);
  }
  const orderId = await createOrder(sellerId, {
    ...fields,
    orderNumber: `LS-${Date.now().toString(36).toUpperCase()}`,
    customerId: customer.customerId,
    customerName: `${customer.firstName} ${customer.lastName}`,
    orderDate: new Date().toISOString(),
    status: body.status ?? 'unshipped',
    platform: 'live',
  });
  return getOrder(sellerId, orderId);
};

/** Orders for pickers: by the start of the order number, or by the customer's name, email or phone. */
const autocomplete: Action<RouteOf<'orders.autocomplete'>> = async ({ seller, query }) => {
  const orders = await autocompleteOrders(seller.sellerId, query.search);
  return {
    orders: orders.map((o) => ({
      orderId: o.orderId,
      orderNumber: o.orderNumber,
      customerId: o.customerId,
      customerName: o.customerName,
      orderDate: o.orderDate,
      status: o.status,
      total: o.total,
    })),
  };
};

/** The seller closed the walkthrough: it stays closed on every device. */
const closeWalkthrough: Action<RouteOf<'orders.closeWalkthrough'>> = async ({ seller }) => {
  await consultantEntity.patch({ sellerId: seller.sellerId }).set({ walkthroughClosed: true }).go();
  return { success: true };
};

export const handler = httpHandler('orders', {
  'orders.autocomplete': autocomplete,
  'orders.closeWalkthrough': closeWalkthrough,
  'orders.parseAddress': parseAddress,
  'orders.list': list,
  'orders.get': get,
  'orders.save': save,
});
