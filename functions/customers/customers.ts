import { MESSAGES } from '../../shared/api/messages.js';
import type { CustomerFields } from '../../shared/schemas/customer.js';
import {
  type CustomerRecord,
  createCustomer,
  getCustomer,
  listCustomersByName,
  removeCustomer as removeCustomerRecord,
  searchCustomers as searchCustomerRecords,
  updateCustomer,
} from '../data/customers.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { withDomainErrors } from '../services/data-failures.js';
import { customerPage, customerView } from './view.js';

/** Another seller's customer, a removed one, a merged one and a made-up id all answer the same 404. */
export async function customerOf(sellerId: string, customerId: string): Promise<CustomerRecord> {
  const customer = await getCustomer(sellerId, customerId);
  if (!customer || customer.mergedInto) throw new NotFound(MESSAGES.customerNotFound);
  return customer;
}

/** Customers whose name, email or phone begins with `q`, a page at a time. */
export async function searchCustomers(sellerId: string, q: string, cursor?: string) {
  return customerPage(await withDomainErrors(() => searchCustomerRecords(sellerId, q, { cursor })));
}

/** The /customers screen before anything is searched: everyone, by last then first name, 20 a page. */
/** A page of the seller's customers by name, A-Z or Z-A (the whole list sorted, issue 17). */
export async function listCustomers(sellerId: string, cursor?: string, dir?: 'asc' | 'desc') {
  return customerPage(await withDomainErrors(() => listCustomersByName(sellerId, { cursor, dir })));
}

export async function getCustomerView(sellerId: string, customerId: string) {
  return customerView(await customerOf(sellerId, customerId));
}

/** Creates the customer (no `customerID`) or changes the seller's own live customer. */
export async function saveCustomer(sellerId: string, input: CustomerFields) {
  const { customerID, ...fields } = input;
  if (!customerID) {
    const id = await withDomainErrors(() => createCustomer(sellerId, fields));
    return customerView(await customerOf(sellerId, id));
  }
  await customerOf(sellerId, customerID);
  const updated = await withDomainErrors(() => updateCustomer(sellerId, customerID, fields));
  if (!updated) throw new NotFound(MESSAGES.customerNotFound);
  return customerView(updated);
}

/** Removes the customer; refused while it has orders still to ship (spec section 8, OrdersPending). */
export async function removeCustomer(sellerId: string, customerId: string) {
  const result = await withDomainErrors(() => removeCustomerRecord(sellerId, customerId));
  if (result === 'notFound') throw new NotFound(MESSAGES.customerNotFound);
  if (result === 'ordersPending') throw new Conflict(MESSAGES.ordersPending, { code: 'OrdersPending' });
  return { success: true } as const;
}
