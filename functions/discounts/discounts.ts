import type { z } from 'zod';
import { MESSAGES } from '../../shared/api/messages.js';
import type { RouteOf } from '../../shared/api/routes.js';
import { MAX_LIVE_DISCOUNTS } from '../../shared/domain/discounts.js';
import { createDiscount, endDiscount, getDiscount, listEndedDiscounts, listLiveDiscounts, updateDiscount } from '../data/discounts.js';
import { NotFound, Refused } from '../domain/errors.js';
import { withDomainErrors } from '../services/data-failures.js';

type SaveInput = z.output<RouteOf<'orders.saveDiscount'>['body']>;

/**
 * The seller's discounts (issue 15): saved, listed, edited and ended. Every plan has them (spec section 6 gates no
 * discount). The rules of spec section 5 are the route's schema (shared/schemas/discount.ts), checked before this runs.
 */

/** The running and scheduled discounts (every one), and the 20 ended most recently. */
export function discountList(sellerId: string) {
  return withDomainErrors(async () => {
    const [discounts, ended] = await Promise.all([listLiveDiscounts(sellerId), listEndedDiscounts(sellerId)]);
    return { discounts: discounts.sort((a, b) => a.name.localeCompare(b.name) || a.discountId.localeCompare(b.discountId)), ended };
  });
}

/** A new discount, or the running one named by discountId with these fields. */
export async function saveDiscount(sellerId: string, input: SaveInput) {
  const { discountId, ...fields } = input;
  if (discountId) {
    if (!(await updateDiscount(sellerId, discountId, fields))) throw new NotFound(MESSAGES.discountNotFound);
    const saved = await getDiscount(sellerId, discountId);
    if (!saved) throw new NotFound(MESSAGES.discountNotFound);
    return saved;
  }
  // Every order save reads the running discounts: their number stays bounded.
  if ((await listLiveDiscounts(sellerId)).length >= MAX_LIVE_DISCOUNTS) throw new Refused(MESSAGES.discountLimit);
  return createDiscount(sellerId, fields);
}

/** Ends a running discount: it no longer applies to orders and shows among the ended ones. */
export async function endDiscountById(sellerId: string, discountId: string) {
  const ended = await withDomainErrors(() => endDiscount(sellerId, discountId));
  if (!ended) throw new NotFound(MESSAGES.discountNotFound);
  return ended;
}
