import { getEach, readTogether } from './coalesce.js';
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
const bySeller = (sellerId: string) => sellerId;
const pair = (sellerId: string, id: string) => `${sellerId}\u0000${id}`;

const sellers = readTogether(
  bySeller,
  (ids) =>
    getEach(
      ids.map((sellerId) => ({ sellerId })),
      async (k) => (await consultantEntity.get(k).go()).data,
      (ks) => consultantEntity.get(ks).go(),
      'sellers were not read',
    ),
  (s) => s.sellerId,
);

const billings = readTogether(
  bySeller,
  (ids) =>
    getEach(
      ids.map((sellerId) => ({ sellerId })),
      async (k) => (await billingEntity.get(k).go()).data,
      (ks) => billingEntity.get(ks).go(),
      'billing items were not read',
    ),
  (b) => b.sellerId,
);

const balances = readTogether(
  bySeller,
  (ids) =>
    getEach(
      ids.map((sellerId) => ({ sellerId })),
      async (k) => (await postageEntity.get(k).go()).data,
      (ks) => postageEntity.get(ks).go(),
      'postage balances were not read',
    ),
  (p) => p.sellerId,
);

type LabelKey = { sellerId: string; labelId: string };
/** Consistent: a purchase asks whether its label exists, and reads back the one it just wrote. */
const labels = readTogether(
  (k: LabelKey) => pair(k.sellerId, k.labelId),
  (ks) =>
    getEach(
      ks.map(({ sellerId, labelId }) => ({ sellerId, labelId })),
      async (k) => (await labelEntity.get(k).go({ consistent: true })).data,
      (many) => labelEntity.get(many).go({ consistent: true }),
      'labels were not read',
    ),
  (l) => pair(l.sellerId, l.labelId),
);

type OrderKey = { sellerId: string; orderId: string };
const orders = readTogether(
  (k: OrderKey) => pair(k.sellerId, k.orderId),
  (ks) =>
    getEach(
      ks.map(({ sellerId, orderId }) => ({ sellerId, orderId })),
      async (k) => (await orderEntity.get(k).go()).data,
      (many) => orderEntity.get(many).go(),
      'orders were not read',
    ),
  (o) => pair(o.sellerId, o.orderId),
);

type MonthKey = { sellerId: string; month: string };
const months = readTogether(
  (k: MonthKey) => pair(k.sellerId, k.month),
  (ks) =>
    getEach(
      ks.map(({ sellerId, month }) => ({ sellerId, month })),
      async (k) => (await shipmentMonthEntity.get(k).go()).data,
      (many) => shipmentMonthEntity.get(many).go(),
      'shipment counts were not read',
    ),
  (m) => pair(m.sellerId, m.month),
);

/** The seller's profile (getSellerProfile). */
export const sellerForPurchase = (sellerId: string) => sellers(sellerId);

/** The seller's saved billing choices (getBilling). */
export const billingForPurchase = (sellerId: string) => billings(sellerId);

/** The seller's postage balance, a new seller's when there is none yet (getPostage). */
export async function postageForPurchase(sellerId: string) {
  return (await balances(sellerId)) ?? defaultPostage(sellerId);
}

/** The label of this id, read consistently (getLabel with `consistent`). */
export const labelForPurchase = (sellerId: string, labelId: string) => labels({ sellerId, labelId });

/** The order (getOrder). */
export const orderForPurchase = (sellerId: string, orderId: string) => orders({ sellerId, orderId });

/** Shipments bought in the month (shipmentsIn). */
export async function shipmentsForPurchase(sellerId: string, month: string): Promise<number> {
  return (await months({ sellerId, month }))?.shipments ?? 0;
}
