import type { RouteOf } from '../../shared/api/routes.js';
import { carrier } from '../adapters/carriers/index.js';
import { planOf } from '../../shared/domain/plans.js';
import { monthKey, shipmentUsage } from '../../shared/domain/shipping-usage.js';
import { getPostage, shipmentsIn } from '../data/postage.js';
import { rechargeCentsOf } from '../shipping/recharge.js';
import { batchLabelsPdf, batchStatus, quoteBatch, startBatch } from '../shipping/batches.js';
import { buyLabel, labelPdfBytes, returnAddressOf, SHIPPING_MESSAGES, voidLabel } from '../shipping/labels.js';
import { InvalidInput } from '../domain/errors.js';
import { type Action, httpHandler } from './http-handler.js';

const quote: Action<RouteOf<'shipping.quote'>> = async ({ body }) => ({
  rates: await (await carrier()).rates(body.fromZip, { zip: body.toZip }, body.parcel),
});

const balance: Action<RouteOf<'shipping.balance'>> = async ({ seller }) => {
  const [p, rechargeCents] = await Promise.all([getPostage(seller.sellerId), rechargeCentsOf(seller.sellerId)]);
  return {
    balanceCents: p.balanceCents,
    autoRechargeCents: rechargeCents,
    thresholdCents: p.thresholdCents,
    postageOff: rechargeCents === 0,
    warning: rechargeCents === 0 ? SHIPPING_MESSAGES.postageOff : undefined,
  };
};

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
  pdfFile(await labelPdfBytes(seller.sellerId, query.id), `label-${query.id}`);

const batchLabels: Action<RouteOf<'shipping.batchLabels'>> = async ({ seller, query }) =>
  pdfFile(await batchLabelsPdf(seller.sellerId, query.id), `labels-${query.id}`);
const batchQuote: Action<RouteOf<'shipping.batchQuote'>> = async ({ seller, body }) => quoteBatch(seller, body);
const batchPurchase: Action<RouteOf<'shipping.batchPurchase'>> = async ({ seller, body }) => startBatch(seller, body);
const batchState: Action<RouteOf<'shipping.batchStatus'>> = async ({ seller, query }) => batchStatus(seller.sellerId, query.id);

/** A pickup needs a date from tomorrow on (carriers book the next business day at the earliest). */
const requestPickup: Action<RouteOf<'shipping.requestPickup'>> = async ({ seller, body }) => {
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  if (body.date < tomorrow) throw new InvalidInput({ date: 'Choose a pickup date from tomorrow on.' });
  const from = returnAddressOf(seller);
  const { confirmationNumber } = await (await carrier()).schedulePickup({ from, date: body.date, location: body.location, packageCount: body.packageCount });
  return { confirmationNumber, date: body.date, location: body.location, packageCount: body.packageCount };
};

const buy: Action<RouteOf<'shipping.buyLabel'>> = async ({ seller, body }) => buyLabel(seller, body);
const voidOne: Action<RouteOf<'shipping.voidLabel'>> = async ({ seller, body }) => voidLabel(seller.sellerId, body.labelId);

const usage: Action<RouteOf<'shipping.usage'>> = async ({ seller, query }) => {
  const month = query.month ?? monthKey(new Date());
  return shipmentUsage(planOf(seller.package), month, await shipmentsIn(seller.sellerId, month));
};

export const handler = httpHandler('shipping', {
  'shipping.quote': quote,
  'shipping.buyLabel': buy,
  'shipping.voidLabel': voidOne,
  'shipping.label': label,
  'shipping.balance': balance,
  'shipping.usage': usage,
  'shipping.requestPickup': requestPickup,
  'shipping.batchQuote': batchQuote,
  'shipping.batchPurchase': batchPurchase,
  'shipping.batchStatus': batchState,
  'shipping.batchLabels': batchLabels,
});
