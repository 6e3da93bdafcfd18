import * as z from 'zod';
import { ORDER_FILTERS } from '../../domain/orders.js';
import { cursorParam, sortDirParam, successAnswer } from '../../schemas/common.js';
import { discount, discountEndBody, discountList, discountSaveBody } from '../../schemas/discount.js';
import { order, orderPage, orderSaveBody, orderSummaries, orderWithFees, parsedAddress, addressSuggestions, addressSuggestionsQuery, addressCheck, verifyAddressBody } from '../../schemas/shipping.js';
import { route, searchQuery, idQuery } from './define.js';

/** The orders call group's routes (served by functions/http/orders.ts). */
export const ordersRoutes = [
  route('orders.parseAddress', 'GET', '/orders/parseAddress', 'orders', {
    query: z.object({ address: z.string().trim().min(1, 'Paste an address to parse.').max(1000, 'That address is too long.') }),
    response: parsedAddress,
  }),
  route('orders.closeWalkthrough', 'POST', '/orders/closeWalktrhough', 'orders', { response: successAnswer }),
  route('orders.autocomplete', 'GET', '/orders/autocomplete', 'orders', {
    query: z.object({ search: searchQuery.shape.q }),
    response: orderSummaries,
  }),
  route('orders.list', 'GET', '/orders/list', 'orders', {
    query: z.object({
      /** A status, or `open`: every order waiting to be shipped (pending or unshipped), as the homepage counts them. */
      status: z.enum(ORDER_FILTERS, { error: 'Choose a status.' }).optional(),
      q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
      cursor: cursorParam,
      /** Issue 17: the whole list by date, oldest first (asc) or newest first (desc, the default). */
      dir: sortDirParam,
    }),
    response: orderPage,
    source: 'issue-4',
  }),
  // Issue 17: address autocomplete (ship-to and customer forms), from the seller's customers and earlier ship-tos
  route('orders.addressSuggestions', 'GET', '/orders/addressSuggestions', 'orders', { query: addressSuggestionsQuery, response: addressSuggestions, source: 'issue-17' }),
  // Issue 17: the carrier's address check of a complete address, offered as a suggestion, never blocking a save
  route('orders.verifyAddress', 'POST', '/orders/verifyAddress', 'orders', { body: verifyAddressBody, response: addressCheck, source: 'issue-17' }),
  route('orders.get', 'GET', '/orders/get', 'orders', { query: idQuery, response: orderWithFees, source: 'issue-4' }),
  route('orders.save', 'POST', '/orders/save', 'orders', { body: orderSaveBody, response: order.nullable(), source: 'issue-4' }),
  // Issue 15: discounts (the spec names no call for them), on every plan; New Order and /orders/save price with them
  route('orders.listDiscounts', 'GET', '/discounts/list', 'orders', { response: discountList, source: 'issue-15' }),
  route('orders.saveDiscount', 'POST', '/discounts/save', 'orders', { body: discountSaveBody, response: discount, source: 'issue-15' }),
  route('orders.endDiscount', 'POST', '/discounts/end', 'orders', { body: discountEndBody, response: discount, source: 'issue-15' }),
] as const;
