import type { RouteOf } from '../../shared/api/routes.js';
import { batchLabelsPdf, batchStatus, quoteBatch, startBatch } from '../shipping/batches.js';
import { quoteRates } from '../shipping/carrier-calls.js';
import { requestPickup } from '../shipping/pickups.js';
import { buyLabel, labelPdfToPrint, voidLabel } from '../shipping/labels.js';
import { monthShipments, postageBalance, shipmentUsageOf } from '../shipping/postage.js';
import { shippingRoutes } from '../../shared/api/routes/shipping.js';
import { type Action, httpHandler, readsOnly, readsWithProfile } from './http-handler.js';

const quote: Action<RouteOf<'shipping.quote'>> = async ({ body }) => quoteRates(body);
// A read that needs only the seller's id: started beside the plan gate's profile read.
const balance: Action<RouteOf<'shipping.balance'>> = readsOnly(({ sellerId }) => postageBalance(sellerId));

const pdfFile = (pdf: Uint8Array, name: string) => ({
  statusCode: 200,
  headers: {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${name}.pdf"`,
    'cache-control': 'private, no-store',
  },
  body: Buffer.from(pdf).toString('base64'),
  isBase64Encoded: true,
});

const label: Action<RouteOf<'shipping.label'>> = async ({ seller, query }) =>
  pdfFile(await labelPdfToPrint(seller, query.id), `label-${query.id}`);

const batchLabels: Action<RouteOf<'shipping.batchLabels'>> = async ({ seller, query }) =>
  pdfFile(await batchLabelsPdf(seller, query.id), `labels-${query.id}`);
const batchQuote: Action<RouteOf<'shipping.batchQuote'>> = async ({ seller, body }) => quoteBatch(seller, body);
const batchPurchase: Action<RouteOf<'shipping.batchPurchase'>> = async ({ seller, body }) => startBatch(seller, body);
const batchState: Action<RouteOf<'shipping.batchStatus'>> = async ({ seller, query }) => batchStatus(seller.sellerId, query.id);

const pickup: Action<RouteOf<'shipping.requestPickup'>> = async ({ seller, body }) => requestPickup(seller, body);

const buy: Action<RouteOf<'shipping.buyLabel'>> = async ({ seller, body }) => buyLabel(seller, body);
const voidOne: Action<RouteOf<'shipping.voidLabel'>> = async ({ seller, body }) => voidLabel(seller.sellerId, body.labelId);

// The month's count read beside the plan gate's profile read; the allowance is the plan's.
const usage: Action<RouteOf<'shipping.usage'>> = readsWithProfile(({ sellerId, query }) => monthShipments(sellerId, query.month), shipmentUsageOf);

export const handler = httpHandler('shipping', shippingRoutes, {
  'shipping.quote': quote,
  'shipping.buyLabel': buy,
  'shipping.voidLabel': voidOne,
  'shipping.label': label,
  'shipping.balance': balance,
  'shipping.usage': usage,
  'shipping.requestPickup': pickup,
  'shipping.batchQuote': batchQuote,
  'shipping.batchPurchase': batchPurchase,
  'shipping.batchStatus': batchState,
  'shipping.batchLabels': batchLabels,
});
