import * as z from 'zod';
import { csvUploadBody, cursorParam, sortDirParam, idParam, optionalText, successAnswer } from '../../schemas/common.js';
import { customer, customerFields, customerList, customerOrderPage, customerPage, previousAddress } from '../../schemas/customer.js';
import { unsubscribeAnswer, unsubscribeBody, unsubscribeQuery } from '../../schemas/email.js';
import { csvUploadAnswer } from '../../schemas/upload.js';
import { MESSAGES } from '../messages.js';
import { route, searchQuery, customerIdBody, idQuery } from './define.js';

/** The customers call group's routes (served by functions/http/customers.ts). */
export const customersRoutes = [
  route('customers.removeCustomers', 'POST', '/customers/removeCustomers', 'customers', { body: customerIdBody, response: successAnswer }),
  route('customers.listOrders', 'GET', '/customers/listOrders', 'customers', {
    query: z.object({ customerID: idParam, cursor: cursorParam }),
    response: customerOrderPage,
  }),
  route('customers.get', 'GET', '/customers/get', 'customers', { query: idQuery, response: customer }),
  route('customers.getPreviousAddress', 'GET', '/customers/getPreviousAddress', 'customers', { query: idQuery, response: previousAddress }),
  route('customers.save', 'POST', '/customers/save', 'customers', { body: customerFields, response: customer }),
  route('customers.saveOrderAddress', 'POST', '/customers/saveOrderAddress', 'customers', {
    body: z.object({
      orderID: idParam,
      customerID: idParam,
      address1: z.string().trim().min(1, 'Street address is required.').max(100),
      address2: optionalText(100),
      address3: optionalText(100),
      city: z.string().trim().min(1, 'City is required.').max(60),
      state: z.string().trim().min(1, 'State is required.').max(60),
      zip: z.string().trim().min(5, 'ZIP must be at least 5 characters.').max(12),
      country: z.string().trim().length(2).default('US'),
    }),
    response: successAnswer,
  }),
  route('customers.getMatchingForMerge', 'GET', '/customers/getMatchingForMerge', 'customers', { query: idQuery, response: customerList }),
  route('customers.merge', 'POST', '/customers/merge', 'customers', {
    body: z
      .object({
        id: idParam,
        mergeIds: z.array(idParam).min(1, 'Choose at least one customer to merge.').max(50, 'Merge at most 50 customers at a time.'),
      })
      .refine((b) => !b.mergeIds.includes(b.id), { message: MESSAGES.mergeSelf, path: ['mergeIds'] }),
    response: customer,
  }),
  // An email's unsubscribe link (issue 15): public, the signed token says whom it unsubscribes. GET tells the page
  // whom from; POST unsubscribes (RFC 8058 one-click, or the page's button).
  route('customers.unsubscribeInfo', 'GET', '/email/unsubscribe', 'customers', {
    query: unsubscribeQuery,
    response: unsubscribeAnswer,
    public: true,
    source: 'issue-15',
  }),
  route('customers.unsubscribe', 'POST', '/email/unsubscribe', 'customers', {
    query: unsubscribeQuery,
    body: unsubscribeBody,
    response: unsubscribeAnswer,
    public: true,
    source: 'issue-15',
  }),
  route('customers.search', 'GET', '/customers/search', 'customers', { query: searchQuery, response: customerPage }),
  route('customers.list', 'GET', '/customers/list', 'customers', {
    // Issue 17: the whole list by name, A-Z (asc, the default) or Z-A (desc).
    query: z.object({ cursor: cursorParam, dir: sortDirParam }),
    response: customerPage,
    source: 'issue-3',
  }),
  route('customers.upload', 'POST', '/customers/upload', 'customers', {
    body: csvUploadBody,
    multipart: true,
    response: csvUploadAnswer,
    source: 'issue-3',
  }),
] as const;
