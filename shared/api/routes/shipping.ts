import * as z from 'zod';
import { idParam } from '../../schemas/common.js';
import { batchBody, batchPurchaseBody, batchQuoteAnswer, batchStarted, batchStatusAnswer, buyLabelBody, label, pickupAnswer, pickupBody, postageBalance, quoteAnswer, quoteBody, shipmentUsage, voidAnswer } from '../../schemas/shipping.js';
import { route, idQuery } from './define.js';

/** The shipping call group's routes (served by functions/http/shipping.ts). */
export const shippingRoutes = [
  // Shipping (issue 4): quotes, labels, postage, batches, pickups
  route('shipping.quote', 'POST', '/shipping/quote', 'shipping', { body: quoteBody, response: quoteAnswer, source: 'issue-4' }),
  route('shipping.buyLabel', 'POST', '/shipping/buyLabel', 'shipping', { body: buyLabelBody, response: label, source: 'issue-4' }),
  route('shipping.voidLabel', 'POST', '/shipping/voidLabel', 'shipping', {
    body: z.object({ labelId: idParam }),
    response: voidAnswer,
    source: 'issue-4',
  }),
  route('shipping.label', 'GET', '/shipping/label', 'shipping', { query: idQuery, source: 'issue-4' }),
  route('shipping.usage', 'GET', '/shipping/usage', 'shipping', {
    query: z.object({ month: z.string().max(7, 'Month must be YYYY-MM.').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM.').optional() }),
    response: shipmentUsage,
    source: 'issue-4',
  }),
  route('shipping.balance', 'GET', '/shipping/balance', 'shipping', { response: postageBalance, source: 'issue-4' }),
  route('shipping.batchQuote', 'POST', '/shipping/batchQuote', 'shipping', { body: batchBody, response: batchQuoteAnswer, source: 'issue-4' }),
  route('shipping.batchPurchase', 'POST', '/shipping/batchPurchase', 'shipping', { body: batchPurchaseBody, response: batchStarted, source: 'issue-4' }),
  route('shipping.batchStatus', 'GET', '/shipping/batchStatus', 'shipping', { query: idQuery, response: batchStatusAnswer, source: 'issue-4' }),
  route('shipping.batchLabels', 'GET', '/shipping/batchLabels', 'shipping', { query: idQuery, source: 'issue-4' }),
  route('shipping.requestPickup', 'POST', '/shipping/requestPickup', 'shipping', { body: pickupBody, response: pickupAnswer, source: 'issue-4' }),
] as const;
