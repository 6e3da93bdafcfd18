import * as z from 'zod';
import { MESSAGES } from '../api/messages.js';
import {
  type DiscountFields,
  discountProblems,
  MAX_DISCOUNT_DOLLARS,
  MAX_DISCOUNT_ITEMS,
  MAX_DISCOUNT_NAME,
  MAX_DISCOUNT_QUANTITY,
} from '../domain/discounts.js';
import { idParam } from './common.js';

/** An item a discount names (spec section 3: id, name, description): a product of the seller's catalogue. */
export const discountItem = z.object({
  id: idParam,
  name: z.string().trim().min(1, 'An item needs a name.').max(200, 'An item name can be at most 200 characters.'),
  description: z.string().trim().max(1000, 'An item description can be at most 1000 characters.').nullish(),
});

const itemList = z.array(discountItem).max(MAX_DISCOUNT_ITEMS, MESSAGES.discountTooManyItems).default([]);
const quantity = (message: string) => z.number({ error: message }).min(0, message).max(MAX_DISCOUNT_QUANTITY, MESSAGES.discountQuantityMax);
const date = z.string().trim().max(10, MESSAGES.discountDateFormat).nullish();

/**
 * A discount as the Add Discount modal sends it (spec section 3). Every rule of section 5 is checked together by
 * `discountProblems` (shared/domain/discounts.ts), one message at each field, so the form and the server say the same.
 */
const fieldShape = {
  name: z.string({ error: MESSAGES.discountNameRequired }).trim().max(MAX_DISCOUNT_NAME, MESSAGES.discountNameTooLong),
  type: z.number({ error: MESSAGES.discountChooseKind }).int(MESSAGES.discountChooseKind).min(0, MESSAGES.discountChooseKind).max(4, MESSAGES.discountChooseKind),
  isPercent: z.boolean().default(true),
  amount: z.number({ error: MESSAGES.discountAmount }).max(MAX_DISCOUNT_DOLLARS, MESSAGES.discountDollarsMax),
  continuous: z.boolean().default(false),
  livestream: z.boolean().default(false),
  startDate: date,
  endDate: date,
  items: itemList,
  itemsBogo: itemList,
  itemsDiscountAmount: quantity(MESSAGES.discountQuantity).default(0),
  itemsDiscountBogoAmount: quantity(MESSAGES.discountBogoQuantity).default(0),
};

function checkRules(fields: DiscountFields, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(discountProblems(fields))) ctx.addIssue({ code: 'custom', path: [field], message });
}

export const discountFields = z.object(fieldShape).superRefine(checkRules);
export type DiscountInput = z.input<typeof discountFields>;

/** POST /discounts/save: a new discount, or the changed fields of the live one named by discountId. */
export const discountSaveBody = z.object({ discountId: idParam.optional(), ...fieldShape }).superRefine(checkRules);

export const discountEndBody = z.object({ discountId: idParam });

const item = z.object({ id: z.string(), name: z.string(), description: z.string().nullish() });
/** A saved discount as the discount calls answer it. */
export const discount = z.object({
  discountId: z.string(),
  name: z.string(),
  type: z.number(),
  isPercent: z.boolean(),
  amount: z.number(),
  continuous: z.boolean(),
  livestream: z.boolean().default(false),
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
  items: z.array(item).default([]),
  itemsBogo: z.array(item).default([]),
  itemsDiscountAmount: z.number().default(0),
  itemsDiscountBogoAmount: z.number().default(0),
  endedAt: z.string().nullish(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type SavedDiscount = z.output<typeof discount>;

/** GET /discounts/list: the discounts running or scheduled (every one), and the most recently ended. */
export const discountList = z.object({ discounts: z.array(discount), ended: z.array(discount) });
