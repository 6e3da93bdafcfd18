import { discountList, endDiscountById, saveDiscount } from '../discounts/discounts.js';
import { checkAddress } from '../orders/address-check.js';
import { addressSuggestionsFor } from '../orders/address-suggestions.js';
import { orderPage, orderPicks, orderWithFees, parseAddress, saveOrder } from '../orders/orders.js';
import { closeWalkthrough } from '../sellers/profile.js';
import { ordersRoutes } from '../../shared/api/routes/orders.js';
import { httpHandler, readsOnly } from './http-handler.js';

export const handler = httpHandler('orders', ordersRoutes, {
  'orders.autocomplete': ({ seller, query }) => orderPicks(seller.sellerId, query.search),
  'orders.closeWalkthrough': ({ seller }) => closeWalkthrough(seller.sellerId),
  'orders.parseAddress': async ({ query }) => parseAddress(query.address),
  // A read that needs only the seller's id: started beside the plan gate's profile read.
  'orders.list': readsOnly(({ sellerId, query }) => orderPage(sellerId, query)),
  'orders.get': ({ seller, query }) => orderWithFees(seller, query.id),
  'orders.addressSuggestions': ({ seller, query }) => addressSuggestionsFor(seller.sellerId, query.q),
  'orders.verifyAddress': ({ body }) => checkAddress(body),
  'orders.save': ({ seller, body }) => saveOrder(seller.sellerId, body),
  'orders.listDiscounts': ({ seller }) => discountList(seller.sellerId),
  'orders.saveDiscount': ({ seller, body }) => saveDiscount(seller.sellerId, body),
  'orders.endDiscount': ({ seller, body }) => endDiscountById(seller.sellerId, body.discountId),
});
