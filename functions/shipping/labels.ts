import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { buyLabelBody } from '../../shared/schemas/shipping.js';
import { carrier } from '../adapters/carriers/index.js';
import { type Carrier, type FromAddress, PriceChanged } from '../adapters/carriers/carrier.js';
import { putUpload, uploadBytes } from '../adapters/s3.js';
import { checkAddress } from '../domain/address-check.js';
import { sleep } from '../domain/backoff.js';
import { inLabelFormat, labelsPdf } from '../domain/label-pdf.js';
import type { LabelFormat } from '../../shared/schemas/settings.js';
import { rateFor, SERVICE_INFO } from '../domain/rates.js';
import { WriteConflict } from '../data/errors.js';
import { getOrder } from '../data/orders.js';
import { labelForPurchase, orderForPurchase, postageForPurchase } from '../data/purchase-reads.js';
import { chargeShipmentOverage, rechargeCentsOf, rechargeIfLow, topUpBatchOnce } from './recharge.js';
import { sellerPlan } from '../domain/seller-plan.js';
import { monthKey } from '../../shared/domain/shipping-usage.js';
import {
  claimOrderForLabel,
  getLabel,
  type Label,
  type NewLabel,
  type RecordOutcome,
  recordPurchase,
  recordVoid,
  releaseOrderClaim,
} from '../data/postage.js';
import type { SellerProfile } from '../data/sellers.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { InvalidInput, Refused, PaymentRequired, NotFound, Conflict } from '../domain/errors.js';
import { carrierFailure } from './carrier-failure.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { addMetric } from '../observability.js';
import { followUpOnShipment } from '../marketing/automated.js';
import { config } from '../config.js';
import { recordLabel } from '../reports/aggregates.js';
import { CarrierRate } from './carrier-rate.js';
import { pauseBeforeRetry } from '../domain/backoff.js';

export type BuyLabelInput = Omit<z.output<typeof buyLabelBody>, 'amountCents'> & {
  /**
   * The price the seller was shown (every purchase from Buy Label names it): bought only at that price. A batch
   * names none: its breakdown is quoted again by the server before it starts.
   */
  amountCents?: number;
  batchId?: string;
  /**
   * Work of the caller's own once this purchase's label is recorded (a batch settles its order), run side by side
   * with the purchase's other steps after the record rather than after them.
   */
  alongside?: (label: Label) => Promise<unknown>;
};

/** Postage as a purchase reads it. */
type PostageSeen = Awaited<ReturnType<typeof postageForPurchase>>;

/** The label id comes from the seller's key: a retry of the same purchase finds the same label. */
export function labelIdOf(sellerId: string, idempotencyKey: string): string {
  return createHash('sha256').update(`${sellerId}|${idempotencyKey}`).digest('hex').slice(0, 32);
}

const labelKey = (sellerId: string, labelId: string) => `labels/${sellerId}/${labelId}.pdf`;

export function returnAddressOf(seller: SellerProfile): FromAddress {
  const a = seller.returnAddress;
  if (!a?.address1 || !a.city || !a.state || !a.zip) throw new Refused(MESSAGES.noReturnAddress);
  return {
    name: a.name ?? seller.businessName ?? seller.name,
    company: a.company ?? seller.businessName,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    state: a.state,
    zip: a.zip,
  };
}

/**
 * How long a purchase holds its order: longer than any function runs, so a live purchase never loses it, and a
 * purchase whose process died frees the order after that.
 */
const CLAIM_MS = 2 * 60_000;
/** How long a repeated request waits for the first one with its key to finish, to answer with its label. */
const REPLAY_WAIT_MS = 15_000;
/** How often that wait looks again for the first request's label. */
const REPLAY_POLL_MS = 100;
/** Recharges one purchase may wait for when parallel purchases drain the balance it saw. */
const MAX_RECHARGES = 10;

/**
 * The carrier's rate limit, for this process: every purchase takes a slot (a batch's labels are bought side by side,
 * as many at once as the label-batches queue hands over, and this keeps them under the carrier's limit).
 */
const carrierRate = new CarrierRate(config.CARRIER_PURCHASES_PER_SECOND);

/** Purchases of one seller share the balance item; a transaction that collides with another is tried again. */
async function withRetries<T>(write: () => Promise<T>, attempts = 8): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await write();
    } catch (err) {
      if (!(err instanceof WriteConflict) || i >= attempts) throw err;
      await pauseBeforeRetry(i, 20);
    }
  }
}

function view(label: Label, replayed = false) {
  const { sellerId: _s, s3Key: _k, carrierLabelId: _c, ...rest } = label;
  return { ...rest, replayed };
}

/**
 * The label a purchase key bought: the first answer again, for the order it was bought for. A label voided since is
 * no answer to a purchase: the key bought it once, and a new label needs a new purchase.
 */
function replayOf(label: Label, orderId: string) {
  if (label.orderId !== orderId) throw new Conflict(MESSAGES.labelKeyReused);
  if (label.status === 'voided') throw new Conflict(MESSAGES.labelKeyVoided);
  return view(label, true);
}

/**
 * The order is held by another purchase: if it is this key's (a retry racing the first request), wait for that
 * purchase and answer with its label; any other purchase means the order is taken.
 */
async function replayOrRefuse(sellerId: string, orderId: string, labelId: string) {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const label = await getLabel(sellerId, labelId, { consistent: true });
    if (label) return replayOf(label, orderId);
    const order = await getOrder(sellerId, orderId, { consistent: true });
    // The first request may have finished between the two reads: its label is then on the order.
    const ours = order?.labelClaim === labelId || order?.labelId === labelId;
    if (!ours || Date.now() > deadline) throw new Conflict(MESSAGES.alreadyShipped);
    await sleep(REPLAY_POLL_MS);
  }
}

/** The low-balance refusal, with the card's own words when a recharge was refused. */
const lowBalance = (why?: string) => new PaymentRequired(why ? `${MESSAGES.lowBalance} ${why}` : MESSAGES.lowBalance);

/**
 * Money for the label before anything is bought: recharged (once per recharge, however many ask) when short. `seen`:
 * the balance the purchase read beside its other reads (the transaction's condition is what holds the balance up;
 * this only decides whether to recharge first).
 */
async function ensureBalance(sellerId: string, costCents: number, rechargeCents: number, seen?: PostageSeen, batchId?: string): Promise<void> {
  if (batchId) return ensureBatchBalance(sellerId, batchId, costCents, rechargeCents, seen);
  for (let i = 0; i <= MAX_RECHARGES; i++) {
    const postage = i === 0 && seen ? seen : await postageForPurchase(sellerId);
    if (postage.balanceCents >= costCents) return;
    const recharge = await rechargeIfLow(sellerId, postage, costCents, rechargeCents);
    if (!recharge.recharged) throw lowBalance(recharge.message);
  }
  throw lowBalance();
}

/**
 * Money for a batch's label: the batch's start paid for the whole batch (batch-funding.ts), so a label never
 * recharges on its own (its parallel purchases would each recharge); when the balance is short after all (a label
 * that costs more than priced, another purchase that spent the money), the batch's one top-up, then the label is
 * refused if that is not enough.
 */
async function ensureBatchBalance(sellerId: string, batchId: string, costCents: number, rechargeCents: number, seen?: PostageSeen): Promise<void> {
  if ((seen ?? (await postageForPurchase(sellerId))).balanceCents >= costCents) return;
  const topUp = await topUpBatchOnce(sellerId, batchId, rechargeCents);
  if (!topUp.toppedUp) throw lowBalance(topUp.message);
  if ((await postageForPurchase(sellerId)).balanceCents < costCents) throw lowBalance();
}

/** The purchase's transaction; when parallel purchases spent the balance meanwhile, a recharge and another try. */
async function recordPaid(sellerId: string, label: NewLabel, at: Date, rechargeCents: number): Promise<RecordOutcome> {
  for (let i = 0; ; i++) {
    const outcome = await withRetries(() => recordPurchase(sellerId, label, at));
    if (outcome.ok || outcome.reason !== 'insufficient' || i >= MAX_RECHARGES) return outcome;
    const funded = await ensureBalance(sellerId, label.amountCents, rechargeCents, undefined, label.batchId).then(
      () => true,
      (err: unknown) => {
        if (err instanceof PaymentRequired) return false;
        throw err;
      },
    );
    if (!funded) return outcome;
  }
}

/**
 * Buys one label: checks, money, the order claimed for this purchase, the carrier's purchase, the PDF in S3, then
 * one transaction for label, debit and order. The carrier is asked only once the order is claimed, so parallel
 * purchases of one order buy one label; a purchase the transaction refuses is voided at the carrier and the order
 * released, so no label exists that was not paid for. The recharge is decided from the balance after the debit.
 */
export function buyLabel(seller: SellerProfile, input: BuyLabelInput) {
  return buy(seller.sellerId, Promise.resolve(seller), input);
}

/**
 * buyLabel for a seller whose profile is still being read (a batch's worker): it is read beside the purchase's own
 * reads instead of before them.
 */
export function buyLabelReading(sellerId: string, seller: Promise<SellerProfile>, input: BuyLabelInput) {
  return buy(sellerId, seller, input);
}

async function buy(sellerId: string, sellerRead: Promise<SellerProfile>, input: BuyLabelInput) {
  // Set once the label is paid and recorded: what fails after that (the steps that follow it) is not a failed label.
  const done = { recorded: false };
  const label = await purchase(sellerId, sellerRead, input, done).catch((err: unknown) => {
    // Failed: asked for and ended without a label. Not a purchase at all: an order that has one, or none.
    if (!done.recorded && !(err instanceof Conflict || err instanceof NotFound)) addMetric(METRIC.labelsFailed);
    throw err;
  });
  // The label is paid and recorded; the shipped email never fails it (a replay queues it again, sent once).
  if (label.replayed) await followUpOnShipment(await sellerRead, label);
  return label;
}

/** The carrier's refusal, as carrierFailure tells it; a price moved since the rates were shown is asked again. */
function carrierRefusal(err: unknown) {
  if (err instanceof PriceChanged) return new Conflict(MESSAGES.labelPriceChanged);
  return carrierFailure(err);
}

/**
 * The price the seller was shown is the carrier's price now for this service, parcel and the two ZIPs the label
 * ships between (the quote's own call): a parcel, service or address changed since the rates were read is refused.
 */
async function checkShownPrice(shipper: Carrier, fromZip: string, toZip: string, input: BuyLabelInput) {
  const rates = await shipper.rates(fromZip.slice(0, 5), { zip: toZip.slice(0, 5) }, input.parcel).catch((err: unknown) => {
    throw carrierRefusal(err);
  });
  const now = rates.find((r) => r.service === input.service)?.amountCents;
  if (now !== input.amountCents) throw new Conflict(MESSAGES.labelPriceChanged);
}

async function purchase(sellerId: string, sellerRead: Promise<SellerProfile>, input: BuyLabelInput, done: { recorded: boolean }) {
  const labelId = labelIdOf(sellerId, input.idempotencyKey);
  // Read side by side (and with the other purchases of this turn: functions/data/purchase-reads.ts).
  const [seller, existing, order, rechargeCents, postage] = await Promise.all([
    sellerRead,
    labelForPurchase(sellerId, labelId),
    orderForPurchase(sellerId, input.orderId),
    rechargeCentsOf(sellerId),
    postageForPurchase(sellerId),
  ]);
  if (existing) return replayOf(existing, input.orderId);
  if (!order) throw new NotFound(MESSAGES.orderNotFound);
  if (order.labelId === labelId) return replayOrRefuse(sellerId, order.orderId, labelId);
  if (order.labelId) throw new Conflict(MESSAGES.alreadyShipped);
  const to = order.shipTo;
  if (!to?.address1 || !to.city || !to.state || !to.zip || !to.name) throw new Refused(MESSAGES.noShipTo);
  const shipTo = { ...to, name: to.name, address1: to.address1, city: to.city, state: to.state, zip: to.zip, country: to.country ?? 'US' };
  if (!input.overrideAddress) {
    const check = checkAddress(shipTo);
    if (!check.ok) throw new InvalidInput(check.errors);
  }
  const from = returnAddressOf(seller);
  if (rechargeCents === 0) throw new Refused(MESSAGES.postageOff);
  const shipper = await carrier();
  // Before the order is claimed or any money moves: the price shown must be the price now.
  if (input.amountCents !== undefined) await checkShownPrice(shipper, from.zip, shipTo.zip, input);
  const costCents = input.amountCents ?? rateFor(input.service, from.zip, shipTo.zip, input.parcel).amountCents;

  if (!(await claimOrderForLabel(sellerId, order.orderId, labelId, new Date(Date.now() + CLAIM_MS)))) {
    return replayOrRefuse(sellerId, order.orderId, labelId);
  }
  const bought = await (async () => {
    await ensureBalance(sellerId, costCents, rechargeCents, postage, input.batchId);
    await carrierRate.take();
    return shipper.buy({ labelId, from, to: shipTo, parcel: input.parcel, service: input.service, amountCents: input.amountCents });
  })().catch(async (err: unknown) => {
    await releaseOrderClaim(sellerId, order.orderId, labelId);
    throw carrierRefusal(err);
  });
  const info = SERVICE_INFO[input.service];
  const s3Key = labelKey(sellerId, labelId);
  const pdf =
    bought.pdf ??
    (await labelsPdf([
      { from, to: shipTo, serviceName: info.name, weightOz: input.parcel.weightOz, trackingNumber: bought.trackingNumber, date: new Date().toISOString().slice(0, 10) },
    ]));
  await putUpload(s3Key, pdf, 'application/pdf');

  const at = new Date();
  const label: NewLabel = {
    labelId,
    orderId: input.orderId,
    service: input.service,
    serviceName: info.name,
    carrier: info.carrier,
    trackingNumber: bought.trackingNumber,
    carrierLabelId: bought.carrierLabelId,
    amountCents: bought.amountCents,
    weightOz: input.parcel.weightOz,
    s3Key,
    batchId: input.batchId,
  };
  const outcome = await recordPaid(sellerId, label, at, rechargeCents);
  if (outcome.ok) {
    done.recorded = true;
    addMetric(METRIC.labelsBought);
    const recorded = outcome.label;
    const bought = view(recorded);
    // Independent of each other, so side by side. Once per label: only the purchase whose transaction wrote it gets
    // here (a replay answers 'duplicate'). The shipped email never fails the label (a replay queues it again, sent once).
    await Promise.all([
      recordLabel(sellerId, recorded, 1, { before: order, after: { ...order, status: 'shipped' } }),
      // A batch's labels leave the balance as the batch's funding left it: no recharge per label (ensureBatchBalance).
      input.batchId ? undefined : (async () => rechargeIfLow(sellerId, await postageForPurchase(sellerId), 0, rechargeCents))(),
      chargeShipmentOverage(sellerId, sellerPlan(seller.package), monthKey(at)),
      followUpOnShipment(seller, bought),
      input.alongside?.(recorded),
    ]);
    return bought;
  }
  if (outcome.reason === 'duplicate') {
    const winner = (await getLabel(sellerId, labelId, { consistent: true }))!;
    if (winner.carrierLabelId !== bought.carrierLabelId) await shipper.void(bought.carrierLabelId);
    return replayOf(winner, input.orderId);
  }
  await shipper.void(bought.carrierLabelId);
  await releaseOrderClaim(sellerId, order.orderId, labelId);
  if (outcome.reason === 'insufficient') throw lowBalance();
  throw new Conflict(MESSAGES.alreadyShipped);
}

export async function voidLabel(sellerId: string, labelId: string) {
  const label = await getLabel(sellerId, labelId);
  if (!label) throw new NotFound(MESSAGES.labelNotFound);
  if (label.status === 'voided') return { ...view(label), refundedCents: 0 };
  await (await carrier()).void(label.carrierLabelId).catch((err: unknown) => {
    throw carrierFailure(err);
  });
  const order = await getOrder(sellerId, label.orderId, { consistent: true });
  const refunded = await recordVoid(sellerId, label);
  if (refunded) {
    addMetric(METRIC.labelsVoided);
    // The void's transaction succeeds once per label, so its shipment and spend are taken back once.
    await recordLabel(sellerId, label, -1, order ? { before: order, after: { ...order, status: 'unshipped' } } : {});
  }
  return { ...view((await getLabel(sellerId, labelId))!), refundedCents: refunded ? label.amountCents : 0 };
}

/** The label's PDF as stored: 4x6 pages, whatever the seller's format (it is applied when the label is downloaded). */
export async function labelPdfBytes(sellerId: string, labelId: string): Promise<Uint8Array> {
  const label = await getLabel(sellerId, labelId);
  if (!label) throw new NotFound(MESSAGES.labelNotFound);
  return uploadBytes(label.s3Key);
}

/** The label format chosen in /settings#shipping: 4x6 unless the seller chose letter paper. */
export const labelFormatOf = (seller: SellerProfile): LabelFormat => (seller.shippingDefaults?.labelFormat === 'letter' ? 'letter' : '4x6');

/**
 * A label to print, now or again (a reprint is the same download): in the seller's label format at the time of
 * printing, so a seller who changes paper reprints on the new one.
 */
export async function labelPdfToPrint(seller: SellerProfile, labelId: string): Promise<Uint8Array> {
  return inLabelFormat(await labelPdfBytes(seller.sellerId, labelId), labelFormatOf(seller));
}

