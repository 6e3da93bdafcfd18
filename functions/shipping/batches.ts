import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { z } from 'zod';
import type { LabelBatchOrder } from '../../events/schemas.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { type batchBody, type batchPurchaseBody, MAX_BATCH } from '../../shared/schemas/shipping.js';
import { sendMessages } from '../adapters/sqs.js';
import { required } from '../config.js';
import { rateFor } from '../domain/rates.js';
import { batchOrders, createBatch, getBatch } from '../data/label-batches.js';
import { getOrdersById } from '../data/orders-bulk.js';
import { listShippableOrderIds } from '../data/orders.js';
import type { SellerProfile } from '../data/sellers.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { inLabelFormat } from '../domain/label-pdf.js';
import { labelFormatOf, labelPdfBytes, returnAddressOf } from './labels.js';
import { fundingFor, payForBatch } from './batch-funding.js';

export type BatchInput = z.output<typeof batchBody>;
export type BatchPurchaseInput = z.output<typeof batchPurchaseBody>;

/** Orders read a BatchGetItem each (its most keys), side by side: a batch of 500 is 5 reads at once, not in a row. */
const ORDERS_A_READ = 100;

async function ordersOf(sellerId: string, orderIds: readonly string[]) {
  const parts = await Promise.all(
    Array.from({ length: Math.ceil(orderIds.length / ORDERS_A_READ) }, (_, i) =>
      getOrdersById(sellerId, orderIds.slice(i * ORDERS_A_READ, (i + 1) * ORDERS_A_READ)),
    ),
  );
  const orders = parts.flatMap((p) => p.orders);
  if (parts.some((p) => p.unprocessed.length)) throw new Error('Orders could not all be read');
  const byId = new Map(orders.map((o) => [o.orderId, o]));
  const missing = orderIds.filter((id) => !byId.has(id));
  if (missing.length) throw new InvalidInput({ orderIds: `${missing.length} of the chosen orders were not found.` });
  return orderIds.map((id) => byId.get(id)!);
}

/**
 * The orders a batch buys for: those chosen, or every unshipped one without a label (newest first, up to 500).
 * Each order's weight is the seller's change for it, else its own, else the batch's default parcel's (issue 17).
 */
async function batchLines(seller: SellerProfile, input: BatchInput) {
  const orderIds = input.allUnshipped ? await listShippableOrderIds(seller.sellerId, MAX_BATCH) : input.orderIds;
  if (orderIds.length === 0) throw new InvalidInput({ orderIds: MESSAGES.batchNoUnshipped });
  const orders = await ordersOf(seller.sellerId, orderIds);
  const changed = new Map(input.weights.map((w) => [w.orderId, w.weightOz]));
  return orders.map((o) => {
    const own = changed.get(o.orderId);
    const weightFrom = own !== undefined ? 'changed' : o.weightOz ? 'order' : 'default';
    const weightOz = own ?? o.weightOz ?? input.parcel.weightOz;
    return { order: o, parcel: { ...input.parcel, weightOz }, weightFrom } as const;
  });
}

/** The price of each order's label and the total, before anything is bought. */
export async function quoteBatch(seller: SellerProfile, input: BatchInput) {
  const from = returnAddressOf(seller);
  const lines = (await batchLines(seller, input)).map(({ order: o, parcel, weightFrom }) => {
    const zip = o.shipTo?.zip?.trim() ?? '';
    const shippable = /^\d{5}(-\d{4})?$/.test(zip);
    const amountCents = shippable ? rateFor(input.service, from.zip, zip.slice(0, 5), parcel).amountCents : 0;
    return {
      orderId: o.orderId,
      orderNumber: o.orderNumber,
      customerName: o.customerName,
      amountCents,
      parcel,
      weightFrom,
      service: input.service,
      problem: shippable ? null : MESSAGES.batchNoZip,
    };
  });
  const funding = await fundingFor(seller, lines.map((l) => l.amountCents));
  return { lines, totalCents: funding.totalCents, funding };
}

/** The batch a Buy starts: named by the seller's key for it, so a retry or a parallel start of the same Buy is the same batch. */
export function batchIdOf(sellerId: string, idempotencyKey: string): string {
  return createHash('sha256').update(`${sellerId}|batch|${idempotencyKey}`).digest('hex').slice(0, 32);
}

const startedOf = (b: { batchId: string; orderCount: number; estimatedCents: number; rechargedCents?: number | null }) => ({
  batchId: b.batchId,
  orderCount: b.orderCount,
  estimatedCents: b.estimatedCents,
  rechargedCents: b.rechargedCents ?? 0,
});

/** Parts of a batch's messages queued side by side. */
const QUEUE_PARTS_SIDE_BY_SIDE = 4;

/**
 * Starts a batch once per key: priced, paid for (one card charge for what the balance lacks, keyed by the batch,
 * before any label is bought; refused or declined, nothing is written), recorded with that charge's credit, then
 * one label-batches message per order. A start of a batch that exists answers it and queues nothing.
 */
export async function startBatch(seller: SellerProfile, input: BatchPurchaseInput) {
  const batchId = batchIdOf(seller.sellerId, input.idempotencyKey);
  const existing = await getBatch(seller.sellerId, batchId);
  if (existing) return startedOf(existing);
  const quote = await quoteBatch(seller, input);
  const creditCents = await payForBatch(seller, batchId, quote.funding, input.confirmedChargeCents);
  const batch = { batchId, service: input.service, estimatedCents: quote.totalCents };
  if (!(await createBatch(seller.sellerId, batch, quote.lines, creditCents))) {
    // A parallel start of the same Buy wrote the batch (and credited its charge) first: its messages are its own.
    return startedOf((await getBatch(seller.sellerId, batchId, { consistent: true }))!);
  }
  const messages: LabelBatchOrder[] = quote.lines.map((l) => ({
    sellerId: seller.sellerId,
    batchId,
    orderId: l.orderId,
    service: input.service,
    parcel: l.parcel,
  }));
  // In parts side by side (each part 10 a call, one after another): the first labels are bought while the rest
  // are still being queued, and a batch of 500 is queued in a quarter of the time.
  const part = Math.ceil(messages.length / QUEUE_PARTS_SIDE_BY_SIDE / 10) * 10;
  await Promise.all(
    Array.from({ length: Math.ceil(messages.length / part) }, (_, i) =>
      sendMessages(required('QUEUE_URL_LABEL_BATCHES'), messages.slice(i * part, (i + 1) * part)),
    ),
  );
  return { batchId, orderCount: messages.length, estimatedCents: quote.totalCents, rechargedCents: creditCents };
}

export async function batchStatus(sellerId: string, batchId: string) {
  const batch = await getBatch(sellerId, batchId);
  if (!batch) throw new NotFound(MESSAGES.batchNotFound);
  const orders = await batchOrders(sellerId, batchId);
  const { sellerId: _s, ...rest } = batch;
  return {
    ...rest,
    done: batch.bought + batch.failed === batch.orderCount,
    orders: orders.map(({ sellerId: _x, batchId: _b, ...o }) => o),
  };
}

/** One PDF with every label the batch bought, in the order the seller chose them, in the seller's label format. */
export async function batchLabelsPdf(seller: SellerProfile, batchId: string): Promise<Uint8Array> {
  const { sellerId } = seller;
  const status = await batchStatus(sellerId, batchId);
  const bought = status.orders.filter((o) => o.status === 'bought' && o.labelId);
  if (!bought.length) throw new NotFound(MESSAGES.batchNoLabels);
  const merged = await PDFDocument.create();
  merged.setTitle(`${bought.length} labels`);
  for (const o of bought) {
    const doc = await PDFDocument.load(await labelPdfBytes(sellerId, o.labelId!));
    for (const page of await merged.copyPages(doc, doc.getPageIndices())) merged.addPage(page);
  }
  return inLabelFormat(await merged.save(), labelFormatOf(seller));
}
