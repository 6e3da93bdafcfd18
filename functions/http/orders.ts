import { discountList, endDiscountById, saveDiscount } from '../discounts/discounts.js';
import { checkAddress } from '../orders/address-check.js';
import { addressSuggestionsFor } from '../orders/address-suggestions.js';
import { orderOf, orderPage, orderPicks, orderWithFees, parseAddress, saveOrder } from '../orders/orders.js';
import { closeWalkthrough } from '../sellers/profile.js';
import { ordersRoutes } from '../../shared/api/routes/orders.js';
import { httpHandler, readsOnly, readsWithProfile } from './http-handler.js';

export const handler = httpHandler('orders', ordersRoutes, {
  // Reads that need only the seller's id: started beside the plan gate's profile read.
  'orders.autocomplete': readsOnly(({ sellerId, query }) => orderPicks(sellerId, query.search)),
  'orders.list': readsOnly(({ sellerId, query }) => orderPage(sellerId, query)),
  'orders.addressSuggestions': readsOnly(({ sellerId, query }) => addressSuggestionsFor(sellerId, query.q)),
  'orders.listDiscounts': readsOnly(({ sellerId }) => discountList(sellerId)),
  'orders.parseAddress': readsOnly(async ({ query }) => parseAddress(query.address)),
  // The order read beside the plan gate's profile read; its fees are the plan's.
  'orders.get': readsWithProfile(({ sellerId, query }) => orderOf(sellerId, query.id), orderWithFees),
  // The rest are handed the profile, read by the plan gate first.
  'orders.closeWalkthrough': ({ seller }) => closeWalkthrough(seller.sellerId),
  'orders.verifyAddress': ({ body }) => checkAddress(body),
  'orders.save': ({ seller, body }) => saveOrder(seller.sellerId, body),
  'orders.saveDiscount': ({ seller, body }) => saveDiscount(seller.sellerId, body),
  'orders.endDiscount': ({ seller, body }) => endDiscountById(seller.sellerId, body.discountId),
});
