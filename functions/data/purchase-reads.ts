import { itemsTogether } from './coalesce.js';
import { consultantEntity, orderEntity } from './entities.js';
import { billingEntity } from './payments.js';
import { defaultPostage } from './postage.js';
import { labelEntity, postageEntity, shipmentMonthEntity } from './shipping-entities.js';

/**
 * What a label purchase reads, joined per turn (coalesce.ts readTogether): a batch's labels are bought side by side
 * (the label-batches worker's records, several deliveries at once), and each step of theirs is asked for by all of
 * them within one turn, so the seller's profile, billing choices and balance are read once for them all and their
 * labels and orders in one BatchGet, rather than once per label. A purchase alone reads each item with one GetItem,
 * as before. Each read begins after its callers asked: as fresh as their own read would have been.
 */

/** Keys of one seller's item: the seller alone, or the seller and the item's own id. */
type SellerKey = { sellerId: string };
const bySeller = (k: SellerKey) => k.sellerId;
const pair = (sellerId: string, id: string) => `${sellerId}\u0000${id}`;

const sellers = itemsTogether({
  keyOf: bySeller,
  idOf: bySeller,
  one: (k) => consultantEntity().get(k).go(),
  many: (ks) => consultantEntity().get(ks).go(),
  what: 'sellers',
});

const billings = itemsTogether({
  keyOf: bySeller,
  idOf: bySeller,
  one: (k) => billingEntity().get(k).go(),
  many: (ks) => billingEntity().get(ks).go(),
  what: 'billing items',
});

const balances = itemsTogether({
  keyOf: bySeller,
  idOf: bySeller,
  one: (k) => postageEntity().get(k).go(),
  many: (ks) => postageEntity().get(ks).go(),
  what: 'postage balances',
});

type LabelKey = { sellerId: string; labelId: string };
const byLabel = (k: LabelKey) => pair(k.sellerId, k.labelId);
/** Consistent: a purchase asks whether its label exists, and reads back the one it just wrote. */
const labels = itemsTogether({
  keyOf: byLabel,
  idOf: byLabel,
  one: (k) => labelEntity().get(k).go({ consistent: true }),
  many: (ks) => labelEntity().get(ks).go({ consistent: true }),
  what: 'labels',
});

type OrderKey = { sellerId: string; orderId: string };
const byOrder = (k: OrderKey) => pair(k.sellerId, k.orderId);
const orders = itemsTogether({
  keyOf: byOrder,
  idOf: byOrder,
  one: (k) => orderEntity().get(k).go(),
  many: (ks) => orderEntity().get(ks).go(),
  what: 'orders',
});

type MonthKey = { sellerId: string; month: string };
const byMonth = (k: MonthKey) => pair(k.sellerId, k.month);
const months = itemsTogether({
  keyOf: byMonth,
  idOf: byMonth,
  one: (k) => shipmentMonthEntity().get(k).go(),
  many: (ks) => shipmentMonthEntity().get(ks).go(),
  what: 'shipment counts',
});

/** The seller's profile (getSellerProfile). */
export const sellerForPurchase = (sellerId: string) => sellers({ sellerId });

/** The seller's saved billing choices (getBilling). */
export const billingForPurchase = (sellerId: string) => billings({ sellerId });

/** The seller's postage balance, a new seller's when there is none yet (getPostage). */
export async function postageForPurchase(sellerId: string) {
  return (await balances({ sellerId })) ?? defaultPostage(sellerId);
}

/** The label of this id, read consistently (getLabel with `consistent`). */
export const labelForPurchase = (sellerId: string, labelId: string) => labels({ sellerId, labelId });

/** The order (getOrder). */
export const orderForPurchase = (sellerId: string, orderId: string) => orders({ sellerId, orderId });

/** Shipments bought in the month (shipmentsIn). */
export async function shipmentsForPurchase(sellerId: string, month: string): Promise<number> {
  return (await months({ sellerId, month }))?.shipments ?? 0;
}
