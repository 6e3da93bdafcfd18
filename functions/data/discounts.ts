import { createWriteTransaction } from 'electrodb';
import type { DiscountFields } from '../../shared/domain/discounts.js';
import { applied, checkWritten } from './errors.js';
import { discountEntity, endedDiscountEntity } from './discount-entities.js';
import { now } from './table.js';

/**
 * The seller's discounts (issue 15, docs/data-model.md "Discounts"). A running one lives at DISCOUNT#<id>, so every
 * order save reads the running ones with one Query and no filter; ending one moves it to
 * DISCOUNTENDED#<endedAt>#<id> in one transaction, where the ended ones list newest first.
 */

export type DiscountRecord = NonNullable<Awaited<ReturnType<typeof getDiscount>>>;
export type EndedDiscountRecord = Awaited<ReturnType<typeof listEndedDiscounts>>[number];

/** The stored form of a discount's fields: no dates on a continuous one (DynamoDB keeps no empty strings). */
function stored(fields: DiscountFields) {
  const { startDate, endDate, ...rest } = fields;
  return {
    ...rest,
    name: fields.name.trim(),
    items: fields.items.map(({ id, name, description }) => ({ id, name, ...(description ? { description } : {}) })),
    itemsBogo: fields.itemsBogo.map(({ id, name, description }) => ({ id, name, ...(description ? { description } : {}) })),
    ...(fields.continuous ? {} : { startDate: startDate ?? undefined, endDate: endDate ?? undefined }),
  };
}

export async function getDiscount(sellerId: string, discountId: string) {
  const { data } = await discountEntity().get({ sellerId, discountId }).go({ consistent: true });
  return data;
}

/** Every running (not ended) discount of the seller, by id: one Query of DISCOUNT# (at most MAX_LIVE_DISCOUNTS items). */
export async function listLiveDiscounts(sellerId: string) {
  const { data } = await discountEntity().query.byId({ sellerId }).go({ pages: 'all' });
  return data;
}

/** The most recently ended discounts, newest first. */
export async function listEndedDiscounts(sellerId: string, limit = 20) {
  const { data } = await endedDiscountEntity().query.byEnded({ sellerId }).go({ order: 'desc', limit });
  return data;
}

export async function createDiscount(sellerId: string, fields: DiscountFields) {
  const discountId = crypto.randomUUID();
  const { data } = await discountEntity().create({ sellerId, discountId, ...stored(fields) }).go();
  return data;
}

/** Replaces a running discount's fields; false when it is not running (never made, or ended). */
export async function updateDiscount(sellerId: string, discountId: string, fields: DiscountFields): Promise<boolean> {
  const values = stored(fields);
  const patch = discountEntity().patch({ sellerId, discountId }).set(values);
  return applied((fields.continuous ? patch.remove(['startDate', 'endDate']) : patch).go());
}

/**
 * Ends a running discount: it leaves DISCOUNT# and is kept under DISCOUNTENDED#, in one transaction conditional on the
 * running one being the one read (an edit in between cancels it). Undefined when it is not running.
 */
export async function endDiscount(sellerId: string, discountId: string) {
  const current = await getDiscount(sellerId, discountId);
  if (!current) return undefined;
  const ended = { ...current, endedAt: now() };
  const result = await createWriteTransaction(
    { discount: discountEntity(), endedDiscount: endedDiscountEntity() },
    ({ discount, endedDiscount }) => [
      discount
        .delete({ sellerId, discountId })
        .where((a, { eq }) => eq(a.updatedAt, current.updatedAt))
        .commit(),
      endedDiscount.create(ended).commit(),
    ],
  ).go();
  checkWritten(result);
  return ended;
}
