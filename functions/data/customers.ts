import type { CustomerFields } from '../../shared/schemas/customer.js';
import { customerEntity, desk } from './entities.js';

export type CustomerSource = 'manual' | 'csv' | 'demo';

/** Creates a customer and counts it on the seller's profile in one transaction. */
export async function createCustomer(
  sellerId: string,
  fields: CustomerFields,
  options: { customerId?: string; source?: CustomerSource } = {},
) {
  const customerId = options.customerId ?? crypto.randomUUID();
  const item = { ...fields, sellerId, customerId, source: options.source ?? 'manual' };
  await desk.transaction
    .write(({ customer, consultant }) => [
      customer.create(item).commit(),
      consultant.patch({ sellerId }).add({ customerCount: 1 }).commit(),
    ])
    .go();
  return customerId;
}

export async function getCustomer(sellerId: string, customerId: string) {
  const { data } = await customerEntity.get({ sellerId, customerId }).go();
  return data;
}

/** Customers sorted by last name, then first name; one page at a time. */
export async function listCustomersByName(sellerId: string, options: { cursor?: string; limit?: number } = {}) {
  const { data, cursor } = await customerEntity.query
    .byName({ sellerId })
    .go({ cursor: options.cursor ?? null, limit: options.limit ?? 20 });
  return { customers: data, cursor };
}
