import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { MESSAGES } from '../../shared/api/messages.js';
import type { RouteOf } from '../../shared/api/routes.js';
import { discountedTotals, priceWithDiscounts } from '../../shared/domain/discounts.js';
import { keepsPrices, sameTotal } from '../../shared/domain/order-edit.js';
import { type MaybePackage, TRANSACTION_FEE_PERCENT, transactionFeeCents } from '../../shared/domain/plans.js';
import { sellerPlan } from '../domain/seller-plan.js';
import { getCustomer } from '../data/customers.js';
import { listLiveDiscounts } from '../data/discounts.js';
import { withCursor } from '../data/errors.js';
import { autocompleteOrders, createOrderOnce, getOrder, listOrders, type OrderListOptions, updateOrder } from '../data/orders.js';
import { parseUsAddress } from '../domain/address-parse.js';
import { Conflict, InvalidInput, NotFound } from '../domain/errors.js';
import { orderEffect } from '../domain/order-effects.js';
import { applyOrderPoints } from '../rewards/earning.js';
import { followUpOnDelivery } from '../marketing/automated.js';
import { recordOrderWrites } from '../reports/aggregates.js';
import { withDomainErrors } from '../services/data-failures.js';

type OrderInput = z.output<RouteOf<'orders.save'>['body']>;
type OrderRecord = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

const cents = (dollars: number) => Math.round(dollars * 100);

/** A pasted US address in its parts, or what could not be read in it. */
export function parseAddress(text: string) {
  const result = parseUsAddress(text);
  if (!result.ok) throw new InvalidInput({ address: result.message });
  return result.address;
}

/** A page of the seller's orders, newest first (issue 4). */
export function orderPage(sellerId: string, options: OrderListOptions) {
  return withDomainErrors(() => withCursor(() => listOrders(sellerId, options)));
}

/** The seller's order, or the order-not-found answer (read by the id alone: beside the plan gate's profile read). */
export async function orderOf(sellerId: string, orderId: string) {
  const order = await getOrder(sellerId, orderId);
  if (!order) throw new NotFound(MESSAGES.orderNotFound);
  return order;
}

/** The order with what the seller's plan takes from it. */
export function orderWithFees(seller: { package?: MaybePackage }, order: Awaited<ReturnType<typeof orderOf>>) {
  const plan = sellerPlan(seller.package);
  return {
    ...order,
    // The fee is a share of the order's own total, so it is in the order's currency (never converted, never added
    // to amounts of another currency).
    fees: {
      plan,
      transactionFeePercent: TRANSACTION_FEE_PERCENT[plan],
      transactionFeeCents: transactionFeeCents(plan, cents(order.total)),
      currency: order.currency ?? 'USD',
    },
  };
}

/** The lines priced with the discounts running now, each applied one kept by name on the order. */
async function pricedNow(sellerId: string, input: OrderInput) {
  // The browser shows the same pricing, but the order keeps what the server's own reading of the discounts gives.
  const priced = priceWithDiscounts(input.items, await listLiveDiscounts(sellerId), {
    now: new Date(),
    livestream: input.livestream,
    timeZone: input.timeZone,
  });
  return {
    items: input.items.map((item, i) => {
      const off = priced.lines[i]?.discount ?? 0;
      return off > 0 ? { ...item, discount: off } : item;
    }),
    ...discountedTotals(priced, input.shipping, input.tax),
    discounts: priced.applied.map(({ discountId, name, amount }) => ({ discountId, name, amount })),
    livestream: input.livestream,
  };
}

/** The total the seller was shown, when one was sent, must be the one saved: else nothing is saved. */
function checkShownTotal(input: OrderInput, total: number) {
  if (input.expectedTotal !== undefined && !sameTotal(input.expectedTotal, total)) throw new Conflict(MESSAGES.orderTotalChanged);
}

/** The id of the order a New Order's request key makes: one per seller and key, shaped as the other order ids. */
export function orderIdOf(sellerId: string, requestKey: string): string {
  const h = createHash('sha256').update(`${sellerId}|order|${requestKey}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * New Order (live selling) or an edit of an unshipped order; totals are computed here, never trusted. A new order is
 * priced with the discounts running now. An edit keeps the order's money as stored (its lines, discounts, shipping,
 * tax and total: an imported order's platform total too) unless its lines, shipping or tax changed
 * (shared/domain/order-edit.ts); only then is it priced again, and a total the seller was not shown is refused.
 */
export async function saveOrder(sellerId: string, input: OrderInput) {
  const [customer, existing] = await Promise.all([getCustomer(sellerId, input.customerId), input.orderId ? getOrder(sellerId, input.orderId) : undefined]);
  if (!customer) throw new InvalidInput({ customerId: MESSAGES.customerNotFound });
  const customerName = `${customer.firstName} ${customer.lastName}`;
  const place = {
    shipTo: input.shipTo ?? {
      name: customerName,
      address1: customer.address1,
      address2: customer.address2,
      city: customer.city,
      state: customer.state,
      zip: customer.zip,
      country: customer.country,
    },
    weightOz: input.weightOz,
  };
  if (input.orderId) {
    if (!existing) throw new NotFound(MESSAGES.orderNotFound);
    if (existing.labelId) throw new Conflict(MESSAGES.orderHasLabel);
    // Unchanged lines: no money field is written at all, so the stored total, discounts and spend stand.
    const money = keepsPrices(existing, input) ? undefined : await pricedNow(sellerId, input);
    const total = money?.total ?? existing.total;
    checkShownTotal(input, total);
    const status = input.status ?? existing.status;
    const { spend } = orderEffect(
      { customerId: existing.customerId, status: existing.status, total: existing.total, points: 0 },
      { customerId: existing.customerId, status, total, points: 0 },
    );
    await updateOrder(sellerId, input.orderId, { ...place, ...money, ...(input.status ? { status: input.status } : {}) }, { customerId: existing.customerId, change: spend });
    if (input.status === 'delivered' && existing.status !== 'delivered') await followUpOnDelivery(sellerId, [input.orderId]);
    const saved = await getOrder(sellerId, input.orderId, { consistent: true });
    await applyOrderPoints(sellerId, existing, saved ?? undefined);
    await recordOrderWrites(sellerId, [{ before: existing, after: saved ?? undefined }]);
    return saved;
  }
  const money = await pricedNow(sellerId, input);
  checkShownTotal(input, money.total);
  const status = input.status ?? 'unshipped';
  const orderId = input.requestKey ? orderIdOf(sellerId, input.requestKey) : crypto.randomUUID();
  const made = await createOrderOnce(
    sellerId,
    {
      orderId,
      ...money,
      ...place,
      orderNumber: `LS-${Date.now().toString(36).toUpperCase()}`,
      customerId: customer.customerId,
      customerName,
      orderDate: new Date().toISOString(),
      status,
      platform: 'live',
    },
    { spend: orderEffect(undefined, { customerId: customer.customerId, status, total: money.total, points: 0 }).spend },
  );
  const created = await getOrder(sellerId, orderId, { consistent: true });
  // The same New Order again: the order its first send made, whose points and figures that send counted.
  if (!made) return created;
  await applyOrderPoints(sellerId, undefined, created ?? undefined);
  await recordOrderWrites(sellerId, [{ after: created ?? undefined }]);
  return created;
}

/** An order as a picker lists it. */
function pickerLine(o: OrderRecord) {
  return {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    customerId: o.customerId,
    customerName: o.customerName,
    orderDate: o.orderDate,
    status: o.status,
    total: o.total,
  };
}

/** Orders for pickers: by the start of the order number, or by the customer's name, email or phone. */
export async function orderPicks(sellerId: string, search: string) {
  return { orders: (await autocompleteOrders(sellerId, search)).map(pickerLine) };
}
