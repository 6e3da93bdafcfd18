import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { z } from 'zod';
import type { LabelBatchOrder } from '../../events/schemas.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { type batchBody, type batchPurchaseBody, MAX_BATCH, parcelSchema } from '../../shared/schemas/shipping.js';
import { sendMessages } from '../adapters/sqs.js';
import { required } from '../config.js';
import { rateFor } from '../domain/rates.js';
import {
  addMissingBatchRows,
  type BatchOrderRow,
  batchOrders,
  claimBatchResume,
  createBatch,
  getBatch,
  markBatchQueued,
} from '../data/label-batches.js';
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
 * How long a start may still be running after it wrote its batch: the HTTP function's timeout (25 s,
 * infra/aws/api.ts) and a margin. Only a batch older than this, not marked queued, lost its start.
 */
const START_RUNS_MS = 30_000;

type QueuedRow = { orderId: string; parcel: LabelBatchOrder['parcel'] };

/** One label-batches message per order, then the batch marked queued. */
async function queueBatch(sellerId: string, batchId: string, service: LabelBatchOrder['service'], rows: readonly QueuedRow[]) {
  const messages: LabelBatchOrder[] = rows.map((r) => ({ sellerId, batchId, orderId: r.orderId, service, parcel: r.parcel }));
  // In parts side by side (each part 10 a call, one after another): the first labels are bought while the rest
  // are still being queued, and a batch of 500 is queued in a quarter of the time.
  const part = Math.ceil(messages.length / QUEUE_PARTS_SIDE_BY_SIDE / 10) * 10;
  await Promise.all(
    Array.from({ length: Math.ceil(messages.length / part) }, (_, i) =>
      sendMessages(required('QUEUE_URL_LABEL_BATCHES'), messages.slice(i * part, (i + 1) * part)),
    ),
  );
  await markBatchQueued(sellerId, batchId);
}

type Batch = NonNullable<Awaited<ReturnType<typeof getBatch>>>;

/**
 * A batch whose start died after writing it (and crediting its charge) but before queueing every message: queues
 * the orders still pending, so the seller's money buys the labels (docs/decisions.md). Labels are keyed by batch and
 * order and a row settles once, so an order queued twice is bought and counted once. The rows a start wrote are read;
 * those it did not (it died writing them) come from `lines` (a repeated start's), or wait for one.
 */
async function resumeBatch(sellerId: string, batch: Batch, lines?: () => Promise<readonly BatchOrderRow[]>): Promise<void> {
  const staleBefore = Date.now() - START_RUNS_MS;
  if (batch.queuedAt || Date.parse(batch.createdAt) > staleBefore) return;
  let rows = await batchOrders(sellerId, batch.batchId, { consistent: true });
  if (rows.length < batch.orderCount && !lines) return;
  if (!(await claimBatchResume(sellerId, batch.batchId, new Date(staleBefore).toISOString()))) return;
  if (rows.length < batch.orderCount && lines) {
    const written = new Set(rows.map((r) => r.orderId));
    await addMissingBatchRows(sellerId, batch.batchId, (await lines()).filter((l) => !written.has(l.orderId)));
    rows = await batchOrders(sellerId, batch.batchId, { consistent: true });
  }
  const pending = rows.flatMap((r) => {
    const parcel = parcelSchema.safeParse(r.parcel);
    return r.status === 'pending' && parcel.success ? [{ orderId: r.orderId, parcel: parcel.data }] : [];
  });
  await queueBatch(sellerId, batch.batchId, batch.service as LabelBatchOrder['service'], pending);
}

/**
 * Starts a batch once per key: priced, paid for (one card charge for what the balance lacks, keyed by the batch,
 * before any label is bought; refused or declined, nothing is written), recorded with that charge's credit, then
 * one label-batches message per order. A start of a batch that exists answers it, and queues what a start that died
 * did not (resumeBatch).
 */
export async function startBatch(seller: SellerProfile, input: BatchPurchaseInput) {
  const batchId = batchIdOf(seller.sellerId, input.idempotencyKey);
  const existing = await getBatch(seller.sellerId, batchId, { consistent: true });
  if (existing) {
    await resumeBatch(seller.sellerId, existing, async () => (await quoteBatch(seller, input)).lines);
    return startedOf(existing);
  }
  const quote = await quoteBatch(seller, input);
  const creditCents = await payForBatch(seller, batchId, quote.funding, input.confirmedChargeCents);
  const batch = { batchId, service: input.service, estimatedCents: quote.totalCents };
  if (!(await createBatch(seller.sellerId, batch, quote.lines, creditCents))) {
    // A parallel start of the same Buy wrote the batch (and credited its charge) first: its messages are its own.
    return startedOf((await getBatch(seller.sellerId, batchId, { consistent: true }))!);
  }
  await queueBatch(seller.sellerId, batchId, input.service, quote.lines);
  return { batchId, orderCount: quote.lines.length, estimatedCents: quote.totalCents, rechargedCents: creditCents };
}

/** The batch as the screen polls it; a batch whose start died is resumed here too (the seller watching it). */
export async function batchStatus(sellerId: string, batchId: string) {
  const batch = await getBatch(sellerId, batchId);
  if (!batch) throw new NotFound(MESSAGES.batchNotFound);
  await resumeBatch(sellerId, batch);
  const orders = await batchOrders(sellerId, batchId);
  const { sellerId: _s, queuedAt: _q, resumedAt: _r, ...rest } = batch;
  return {
    ...rest,
    done: batch.bought + batch.failed === batch.orderCount,
    orders: orders.map(({ sellerId: _x, batchId: _b, parcel: _p, ...o }) => o),
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
