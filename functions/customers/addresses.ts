import type { z } from 'zod';
import { MESSAGES } from '../../shared/api/messages.js';
import type { RouteOf } from '../../shared/api/routes.js';
import { saveAddressOnOrderAndCustomer } from '../data/order-address.js';
import { getOrder, listOrdersOfCustomer } from '../data/orders.js';
import { NotFound } from '../domain/errors.js';
import { withDomainErrors } from '../services/data-failures.js';
import { customerOf } from './customers.js';

type OrderAddress = z.output<RouteOf<'customers.saveOrderAddress'>['body']>;

/** The address the customer's latest order shipped to, else the customer's own. */
export async function previousAddress(sellerId: string, customerId: string) {
  const customer = await customerOf(sellerId, customerId);
  const { orders } = await listOrdersOfCustomer(sellerId, customer.customerId);
  const from = orders.find((o) => o.shipTo?.address1)?.shipTo ?? customer;
  return {
    address1: from.address1,
    address2: from.address2,
    address3: from.address3,
    city: from.city,
    state: from.state,
    zip: from.zip,
    country: from.country ?? 'US',
  };
}

/** Saves the address on the customer's order and as the customer's own address, together. */
export async function saveOrderAddress(sellerId: string, input: OrderAddress) {
  const customer = await customerOf(sellerId, input.customerID);
  const order = await getOrder(sellerId, input.orderID);
  if (!order || order.customerId !== customer.customerId) throw new NotFound(MESSAGES.orderNotFound);
  const address = {
    address1: input.address1,
    address2: input.address2 ?? '',
    address3: input.address3 ?? '',
    city: input.city,
    state: input.state,
    zip: input.zip,
    country: input.country,
  };
  await withDomainErrors(() => saveAddressOnOrderAndCustomer(sellerId, order, customer, address));
  return { success: true } as const;
}
