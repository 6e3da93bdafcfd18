import type { RouteId, RouteOf } from '../../shared/api/routes.js';
import type { Customer } from '../../shared/schemas/customer.js';
import { mergeCustomers } from '../data/customer-merge.js';
import {
  type CustomerRecord,
  createCustomer,
  findMatchingCustomers,
  getCustomer,
  listCustomersByName,
  removeCustomer,
  searchCustomers,
  updateCustomer,
} from '../data/customers.js';
import { InvalidCursor, WriteConflict, withCursor } from '../data/errors.js';
import { desk } from '../data/service.js';
import { getOrder, listOrdersOfCustomer } from '../data/orders.js';
import { acceptCsvUpload } from '../imports/csv-upload.js';
import { logger } from '../observability.js';
import { InvalidInput, NotFound, Conflict, OperationFailed, DomainError } from '../domain/errors.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { type Action, httpHandler } from './http-handler.js';

type A<Id extends RouteId> = Action<RouteOf<Id>>;

/** The customer as the screens see it (spec section 3). */
export function customerView(c: CustomerRecord): Customer {
  return {
    customerID: c.customerId,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    birthday: c.birthday,
    phone: c.phone,
    address1: c.address1,
    address2: c.address2,
    address3: c.address3,
    city: c.city,
    state: c.state,
    zip: c.zip,
    country: c.country,
    company: c.company,
    rewardBalance: c.rewardBalance,
    totalSpend: c.totalSpend,
    isNew: c.isNew,
  };
}

/** Another seller's customer, a removed one and a made-up id all answer the same 404. */
async function customerOf(sellerId: string, customerId: string): Promise<CustomerRecord> {
  const customer = await getCustomer(sellerId, customerId);
  if (!customer || customer.mergedInto) throw new NotFound(MESSAGES.customerNotFound);
  return customer;
}

/**
 * Known data failures in the person's words: a write that raced another one (try again, nothing half written),
 * a page cursor that is not usable (start again from the first page).
 */
async function once<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WriteConflict) throw new Conflict(MESSAGES.generic);
    if (err instanceof InvalidCursor) throw new InvalidInput({ cursor: 'That page is no longer available. Start again from the first page.' });
    throw err;
  }
}

const search: A<'customers.search'> = async ({ seller, query }) => {
  const page = await once(() => searchCustomers(seller.sellerId, query.q, { cursor: query.cursor }));
  return { customers: page.customers.filter((c) => !c.mergedInto).map(customerView), cursor: page.cursor };
};

/** The /customers screen before anything is searched: everyone, by last then first name, 20 a page. */
const list: A<'customers.list'> = async ({ seller, query }) => {
  const page = await once(() => listCustomersByName(seller.sellerId, { cursor: query.cursor }));
  return { customers: page.customers.filter((c) => !c.mergedInto).map(customerView), cursor: page.cursor };
};

const get: A<'customers.get'> = async ({ seller, query }) => customerView(await customerOf(seller.sellerId, query.id));

const save: A<'customers.save'> = async ({ seller, body }) => {
  const { customerID, ...fields } = body;
  if (!customerID) {
    const id = await once(() => createCustomer(seller.sellerId, { ...fields }));
    return customerView(await customerOf(seller.sellerId, id));
  }
  await customerOf(seller.sellerId, customerID);
  const updated = await once(() => updateCustomer(seller.sellerId, customerID, { ...fields }));
  if (!updated) throw new NotFound(MESSAGES.customerNotFound);
  return customerView(updated);
};

const remove: A<'customers.removeCustomers'> = async ({ seller, body }) => {
  const result = await once(() => removeCustomer(seller.sellerId, body.customerID));
  if (result === 'notFound') throw new NotFound(MESSAGES.customerNotFound);
  if (result === 'ordersPending') throw new Conflict(MESSAGES.ordersPending, { code: 'OrdersPending' });
  return { success: true };
};

const listOrders: A<'customers.listOrders'> = async ({ seller, query }) => {
  await customerOf(seller.sellerId, query.customerID);
  const { orders, cursor } = await once(() =>
    withCursor(() => listOrdersOfCustomer(seller.sellerId, query.customerID, { cursor: query.cursor })),
  );
  return {
    orders: orders.map((o) => ({
      orderID: o.orderId,
      orderNumber: o.orderNumber,
      orderDate: o.orderDate,
      status: o.status,
      total: o.total,
      items: o.items.reduce((n, i) => n + i.quantity, 0),
      platform: o.platform,
      trackingNumber: o.trackingNumber,
    })),
    cursor,
  };
};

/** The address the customer's latest order shipped to, else the customer's own. */
const getPreviousAddress: A<'customers.getPreviousAddress'> = async ({ seller, query }) => {
  const customer = await customerOf(seller.sellerId, query.id);
  const { orders } = await listOrdersOfCustomer(seller.sellerId, customer.customerId);
  const shipTo = orders.find((o) => o.shipTo?.address1)?.shipTo;
  const from = shipTo ?? customer;
  return {
    address1: from.address1,
    address2: from.address2,
    address3: from.address3,
    city: from.city,
    state: from.state,
    zip: from.zip,
    country: from.country ?? 'US',
  };
};

/** Saves the address on the order and as the customer's address, together. */
const saveOrderAddress: A<'customers.saveOrderAddress'> = async ({ seller, body }) => {
  const { sellerId } = seller;
  const customer = await customerOf(sellerId, body.customerID);
  const order = await getOrder(sellerId, body.orderID);
  if (!order || order.customerId !== customer.customerId) throw new NotFound('That order was not found.');
  const address = {
    address1: body.address1,
    address2: body.address2 ?? '',
    address3: body.address3 ?? '',
    city: body.city,
    state: body.state,
    zip: body.zip,
    country: body.country,
  };
  const result = await desk.transaction
    .write(({ order: orders, customer: customers }) => [
      orders
        .patch({ sellerId, orderId: order.orderId })
        .set({ shipTo: { ...order.shipTo, ...address } })
        .commit(),
      customers
        .patch({ sellerId, customerId: customer.customerId })
        .set(address)
        .where((a, { eq }) => eq(a.updatedAt, customer.updatedAt))
        .commit(),
    ])
    .go();
  if (result.canceled) throw new Conflict(MESSAGES.generic);
  return { success: true };
};

const getMatchingForMerge: A<'customers.getMatchingForMerge'> = async ({ seller, query }) => {
  const customer = await customerOf(seller.sellerId, query.id);
  const matches = await findMatchingCustomers(seller.sellerId, customer);
  return { customers: matches.filter((c) => !c.mergedInto).map(customerView) };
};

const merge: A<'customers.merge'> = async ({ seller, body }) => {
  if (body.mergeIds.includes(body.id)) {
    throw new InvalidInput({ mergeIds: 'A customer cannot be merged into itself.' });
  }
  try {
    const result = await mergeCustomers(seller.sellerId, body.id, body.mergeIds);
    if (!result.ok && result.reason === 'notFound') throw new NotFound(MESSAGES.customerNotFound);
    if (!result.ok) throw new Conflict(MESSAGES.mergeFailed);
    return customerView(result.customer);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    // Every step of a merge can be repeated, so the person is told to try again and a retry completes it.
    logger.error('merge failed', { error: err as Error });
    throw new OperationFailed(MESSAGES.mergeFailed, err);
  }
};

/** A customer list CSV: stored and imported by the csv-sync worker; the page polls `/upload/csvSyncStatus`. */
const upload: A<'customers.upload'> = async ({ seller, body }) => {
  const [file] = body.files;
  const job = await acceptCsvUpload(seller.sellerId, 'customers', file!);
  return { success: true, ids: [job.jobId], jobs: [job] };
};

export const handler = httpHandler('customers', {
  'customers.search': search,
  'customers.list': list,
  'customers.get': get,
  'customers.save': save,
  'customers.removeCustomers': remove,
  'customers.listOrders': listOrders,
  'customers.getPreviousAddress': getPreviousAddress,
  'customers.saveOrderAddress': saveOrderAddress,
  'customers.getMatchingForMerge': getMatchingForMerge,
  'customers.merge': merge,
  'customers.upload': upload,
} satisfies Record<string, Action>);
