import { getCustomerView, listCustomers, removeCustomer, saveCustomer, searchCustomers } from '../customers/customers.js';
import { mergeCandidates, mergeInto } from '../customers/merge.js';
import { previousAddress, saveOrderAddress } from '../customers/addresses.js';
import { customerOrderHistory } from '../customers/orders.js';
import { uploadCustomerList } from '../customers/upload.js';
import { unsubscribe, unsubscribeInfo } from '../email/unsubscribe.js';
import { customersRoutes } from '../../shared/api/routes/customers.js';
import { httpHandler, readsOnly } from './http-handler.js';
import { parseMultipart } from './multipart.js';

export const handler = httpHandler('customers', customersRoutes, {
  // Reads that need only the seller's id: started beside the plan gate's profile read.
  'customers.search': readsOnly(({ sellerId, query }) => searchCustomers(sellerId, query.q, query.cursor)),
  'customers.list': readsOnly(({ sellerId, query }) => listCustomers(sellerId, query.cursor, query.dir)),
  'customers.get': readsOnly(({ sellerId, query }) => getCustomerView(sellerId, query.id)),
  'customers.listOrders': readsOnly(({ sellerId, query }) => customerOrderHistory(sellerId, query.customerID, query.cursor)),
  'customers.getPreviousAddress': readsOnly(({ sellerId, query }) => previousAddress(sellerId, query.id)),
  'customers.getMatchingForMerge': readsOnly(({ sellerId, query }) => mergeCandidates(sellerId, query.id)),
  // The rest are handed the profile, read by the plan gate first.
  'customers.save': ({ seller, body }) => saveCustomer(seller.sellerId, body),
  'customers.removeCustomers': ({ seller, body }) => removeCustomer(seller.sellerId, body.customerID),
  'customers.saveOrderAddress': ({ seller, body }) => saveOrderAddress(seller.sellerId, body),
  'customers.merge': ({ seller, body }) => mergeInto(seller.sellerId, body.id, body.mergeIds),
  // A customer list CSV is imported by the csv-sync worker; the page polls `/upload/csvSyncStatus`.
  'customers.upload': ({ seller, body }) => uploadCustomerList(seller.sellerId, body.files),
  // Public (an email's link): the token, not a sign-in, names the seller and the customer.
  'customers.unsubscribeInfo': ({ query }) => unsubscribeInfo(query.token),
  'customers.unsubscribe': ({ query }) => unsubscribe(query.token),
}, { multipart: parseMultipart });
