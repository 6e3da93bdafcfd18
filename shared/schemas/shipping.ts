import * as z from 'zod';
import { ORDER_STATUSES } from '../domain/orders.js';
import { MESSAGES } from '../api/messages.js';
import { PICKUP_MAX_PACKAGES, PICKUP_MESSAGES, pickupDateProblem, todayUtc } from '../domain/pickup.js';
import { PLANS } from '../domain/plans.js';
import { cursorPage, idParam, price, requestKey, storedAddress } from './common.js';

export const SERVICES = [
  'usps_ground_advantage',
  'usps_priority',
  'usps_priority_express',
  'ups_ground',
  'ups_3_day_select',
  'ups_2nd_day_air',
] as const;
export type ServiceCode = (typeof SERVICES)[number];

/** Each service as a seller reads it. */
export const SERVICE_NAMES: Record<ServiceCode, string> = {
  usps_ground_advantage: 'USPS Ground Advantage',
  usps_priority: 'Priority Mail',
  usps_priority_express: 'Priority Mail Express',
  ups_ground: 'UPS Ground',
  ups_3_day_select: 'UPS 3 Day Select',
  ups_2nd_day_air: 'UPS 2nd Day Air',
};

export const zip5 = z
  .string({ error: 'ZIP is required.' })
  .trim()
  .max(10, MESSAGES.zipFormat)
  .regex(/^\d{5}(-\d{4})?$/, MESSAGES.zipFormat);

/** A ship-to address; `override` lets the seller keep an address the checker doubts (issue 4). */
export const shipToSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100),
  company: z.string().trim().max(100).optional(),
  address1: z.string().trim().min(1, 'Address is required.').max(200),
  address2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1, 'City is required.').max(100),
  state: z.string().trim().min(2, 'State is required.').max(50),
  zip: zip5,
  country: z.string().trim().length(2).default('US'),
  phone: z.string().trim().max(30).optional(),
});
export type ShipTo = z.infer<typeof shipToSchema>;

export const parcelSchema = z.object({
  weightOz: z
    .number({ error: 'Enter the weight in ounces.' })
    .positive('Weight must be more than 0.')
    .max(70 * 16, 'Weight can be at most 70 lb.'),
  lengthIn: z.number().positive().max(108).default(10),
  widthIn: z.number().positive().max(108).default(8),
  heightIn: z.number().positive().max(108).default(4),
});
export type Parcel = z.infer<typeof parcelSchema>;

export const quoteBody = z.object({
  fromZip: zip5,
  toZip: zip5,
  parcel: parcelSchema,
});

/** The most one label may cost, in cents ($10,000: far above any parcel the services carry). */
export const MAX_LABEL_CENTS = 1_000_000;

export const buyLabelBody = z.object({
  orderId: idParam,
  service: z.enum(SERVICES, { error: 'Choose a shipping service.' }),
  parcel: parcelSchema,
  /** The browser sends one key per purchase; a retried request with the same key never buys twice. */
  idempotencyKey: z.string().trim().min(8, 'An idempotency key is required.').max(100),
  overrideAddress: z.boolean().default(false),
  /**
   * The price the seller was shown for this service and parcel, in cents: the server buys only at that price, and
   * answers 409 (labelPriceChanged) with nothing bought or charged when it would charge another.
   */
  amountCents: z.number({ error: MESSAGES.labelRatesNeeded }).int(MESSAGES.labelRatesNeeded).min(0, MESSAGES.labelRatesNeeded).max(MAX_LABEL_CENTS, MESSAGES.labelRatesNeeded),
});

export const orderItemSchema = z.object({
  sku: z.string().trim().max(100).optional(),
  /** The catalogue product the line was chosen from (Choose Product): discounts name their items by it. */
  productId: idParam.optional(),
  name: z.string().trim().min(1, 'Choose a product.').max(200),
  quantity: z.number().int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1.').max(10_000),
  price,
});

export const orderSaveBody = z.object({
  orderId: idParam.optional(),
  customerId: idParam,
  items: z.array(orderItemSchema).min(1, 'Add at least one product.').max(200),
  shipping: price.default(0),
  tax: price.default(0),
  shipTo: shipToSchema.optional(),
  weightOz: z.number().positive().max(70 * 16).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Taken in a live stream: the seller's livestream discounts apply too (issue 15). */
  livestream: z.boolean().default(false),
  /** The seller's time zone (the browser's), for the day a dated discount runs; UTC when missing or unknown. */
  timeZone: z.string().trim().max(64).optional(),
  /**
   * The total the seller was shown (New Order's, or Edit Order's new one when the lines changed): a save that would store
   * another total is refused with 409 and changes nothing. 200 lines of 10,000 at $100,000 bound it.
   */
  expectedTotal: z.number({ error: 'Total must be a number.' }).min(0).max(200_000_000_000).optional(),
  /** A new order's key (one per New Order form): sent again, it answers the order it made instead of another. */
  requestKey: requestKey.optional(),
});

/** Where USPS picks up: the seller's return address unless changed on the form. */
export const pickupAddressSchema = shipToSchema.pick({ name: true, company: true, address1: true, address2: true, city: true, state: true, zip: true, phone: true });

/**
 * Request USPS Pickup (issue 17): a day USPS serves (shared/domain/pickup.ts), where the packages wait, how many
 * (the carrier's limit), and the address (the return address when left out). One pickup per seller and date.
 */
export const pickupBody = z.object({
  date: z
    .string({ error: MESSAGES.pickupDate })
    .max(10, MESSAGES.pickupDate)
    .superRefine((date, ctx) => {
      const problem = pickupDateProblem(date, todayUtc());
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  location: z.enum(['Front Door', 'Back Door', 'Side Door', 'Knock on Door/Ring Bell', 'Mail Room', 'Office', 'Reception', 'In/At Mailbox', 'Other'], {
    error: 'Choose where the packages will be.',
  }),
  packageCount: z
    .number({ error: 'Enter the number of packages.' })
    .int('Enter a whole number of packages.')
    .min(1, PICKUP_MESSAGES.packages)
    .max(PICKUP_MAX_PACKAGES, PICKUP_MESSAGES.packages),
  instructions: z.string().trim().max(250, 'Use at most 250 characters.').optional(),
  address: pickupAddressSchema.optional(),
});

/** Most labels one batch buys (and most orders "all unshipped" chooses). */
export const MAX_BATCH = 500;

/**
 * Batch Purchase: the orders (chosen on any page, or every unshipped one up to 500), one service and a default
 * parcel. Each order ships at its own weight when it has one, else the default; `weights` are the seller's changes
 * for single orders, and win over both (issue 17).
 */
const batchFields = {
    orderIds: z
      .array(idParam)
      .max(MAX_BATCH, `Buy at most ${MAX_BATCH} labels at a time.`)
      .refine((ids) => new Set(ids).size === ids.length, 'An order is chosen twice.')
      .default([]),
    /** Every unshipped order without a label, newest first, up to 500: the server chooses them. */
    allUnshipped: z.boolean().default(false),
    service: z.enum(SERVICES, { error: 'Choose a shipping service.' }),
    parcel: parcelSchema,
    weights: z
      .array(z.object({ orderId: idParam, weightOz: parcelSchema.shape.weightOz }))
      .max(MAX_BATCH, `Change at most ${MAX_BATCH} weights at a time.`)
      .default([]),
};
const someOrders = (b: { allUnshipped: boolean; orderIds: string[] }) => b.allUnshipped || b.orderIds.length > 0;
const chooseOrders = { path: ['orderIds'], message: 'Choose at least one order.' };

export const batchBody = z.object(batchFields).refine(someOrders, chooseOrders);

/**
 * Starting a batch: the choice, one key per Buy (a retry, a double click or a parallel start of the same Buy is one
 * batch and at most one card charge), and the card charge the seller confirmed for what the balance lacks (0 when
 * the breakdown showed none): the server never charges more than that.
 */
export const batchPurchaseBody = z
  .object({
    ...batchFields,
    idempotencyKey: z.string().trim().min(8, 'An idempotency key is required.').max(100),
    confirmedChargeCents: z.number().int().min(0).max(10_000_000).default(0),
  })
  .refine(someOrders, chooseOrders);

/** What the shipping calls answer (issue 4). */

const text = z.string().nullish();

export const order = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), price: z.number(), sku: text, productId: text, discount: z.number().nullish() })),
  subtotal: z.number(),
  /** ISO 4217 code of the order's amounts when not US dollars (an imported order of a store in another currency). */
  currency: z.string().max(3).nullish(),
  /** The discounts the server applied, by name, and what each took off (issue 15). */
  discounts: z.array(z.object({ discountId: z.string(), name: z.string(), amount: z.number() })).default([]),
  discount: z.number().default(0),
  livestream: z.boolean().nullish(),
  shipping: z.number().default(0),
  tax: z.number().default(0),
  total: z.number(),
  shipTo: storedAddress.nullish(),
  weightOz: z.number().nullish(),
  platform: z.string(),
  platformOrderId: text,
  carrier: text,
  service: text,
  trackingNumber: text,
  labelId: text,
  followUpEmailSent: z.boolean().default(false),
  /** When a delivery claim was filed for the order (one an order). */
  claimFiledAt: z.string().nullish(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Order = z.output<typeof order>;
export const orderPage = cursorPage('orders', order);

/** An order with the fees its seller's plan charges on it (Order details). */
export const orderWithFees = order.extend({
  /** The fee is in the order's currency (issue 19: an imported order keeps the currency it was paid in). */
  fees: z.object({ plan: z.enum(PLANS), transactionFeePercent: z.number(), transactionFeeCents: z.number(), currency: z.string().max(3).default('USD') }),
});

/** An order as pickers list it. */
export const orderSummary = order.pick({ orderId: true, orderNumber: true, customerId: true, customerName: true, orderDate: true, status: true, total: true });
export const orderSummaries = z.object({ orders: z.array(orderSummary) });

/** An address read from pasted text. */
export const parsedAddress = z.object({
  name: z.string().optional(),
  company: z.string().optional(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.literal('US'),
});

export const rate = z.object({
  service: z.enum(SERVICES),
  carrier: z.enum(['USPS', 'UPS']),
  name: z.string(),
  days: z.number(),
  zone: z.number(),
  amountCents: z.number(),
});
export type Rate = z.output<typeof rate>;
export const quoteAnswer = z.object({ rates: z.array(rate) });

export const label = z.object({
  labelId: z.string(),
  orderId: z.string(),
  service: z.string(),
  serviceName: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  amountCents: z.number(),
  weightOz: z.number(),
  status: z.enum(['bought', 'voided']),
  batchId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The same purchase key was sent before: this is that label, nothing was bought again. */
  replayed: z.boolean(),
});
export const voidAnswer = label.extend({ refundedCents: z.number() });

export const postageBalance = z.object({
  balanceCents: z.number(),
  autoRechargeCents: z.number(),
  thresholdCents: z.number(),
  postageOff: z.boolean(),
  warning: z.string().optional(),
});

export const shipmentUsage = z.object({
  plan: z.enum(PLANS),
  month: z.string(),
  shipments: z.number(),
  /** null: unlimited (executive). */
  included: z.number().nullable(),
  remaining: z.number().nullable(),
  extraBlocks: z.number(),
  overageCents: z.number(),
  blockSize: z.number(),
  blockPriceCents: z.number(),
  transactionFeePercent: z.number(),
  paymentFee: z.object({ fixedCents: z.number(), percent: z.number() }),
});

export const batchQuoteAnswer = z.object({
  lines: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      customerName: z.string(),
      amountCents: z.number(),
      parcel: parcelSchema,
      /** Where the line's weight came from: the seller's change for this order, the order's own, or the batch default. */
      weightFrom: z.enum(['changed', 'order', 'default']).optional(),
      service: z.enum(SERVICES).optional(),
      /** Why no price: the order has no ship-to ZIP a label can go to. */
      problem: z.string().nullish(),
    }),
  ),
  totalCents: z.number(),
  /** How the batch is paid for (shared/domain/batch-funding.ts): the balance, one card charge for what it lacks, or not at all. */
  funding: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('covered'), balanceCents: z.number(), totalCents: z.number() }),
    z.object({
      kind: z.literal('recharge'),
      balanceCents: z.number(),
      totalCents: z.number(),
      shortfallCents: z.number(),
      chargeCents: z.number(),
      feeCents: z.number(),
      autoRechargeCents: z.number(),
    }),
    z.object({
      kind: z.literal('refused'),
      reason: z.enum(['postageOff', 'noPaymentMethod']),
      balanceCents: z.number(),
      totalCents: z.number(),
      shortfallCents: z.number(),
      coveredLabels: z.number(),
      labelCount: z.number(),
    }),
  ]),
});
export const batchStarted = z.object({
  batchId: z.string(),
  orderCount: z.number(),
  estimatedCents: z.number(),
  /** The card charge made for what the balance lacked (0: none). */
  rechargedCents: z.number().default(0),
});

export const batchStatusAnswer = z.object({
  batchId: z.string(),
  service: z.string(),
  orderCount: z.number(),
  estimatedCents: z.number(),
  bought: z.number(),
  failed: z.number(),
  spentCents: z.number(),
  /** The batch's one card charge for what the balance lacked, and its one top-up if labels cost more than priced. */
  rechargedCents: z.number().nullish(),
  toppedUpCents: z.number().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
  done: z.boolean(),
  orders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      customerName: z.string(),
      status: z.enum(['pending', 'bought', 'failed']),
      labelId: z.string().nullish(),
      trackingNumber: z.string().nullish(),
      amountCents: z.number().nullish(),
      error: z.string().nullish(),
      createdAt: z.string().optional(),
      updatedAt: z.string().optional(),
    }),
  ),
});

export const pickupAnswer = z.object({
  confirmationNumber: z.string(),
  date: z.string(),
  location: pickupBody.shape.location,
  packageCount: z.number(),
  address: storedAddress.nullish(),
  /** A pickup for that date was already requested: this is it, nothing was sent again. */
  replayed: z.boolean().optional(),
});

/** Spec section 5: address autocomplete searches above 5 characters. */
export const ADDRESS_SEARCH_MIN = 6;
export const addressSuggestionsQuery = z.object({
  q: z.string({ error: 'Type part of the address.' }).trim().min(ADDRESS_SEARCH_MIN, 'Type at least 6 characters of the address.').max(100, 'Use at most 100 characters.'),
});
export const addressSuggestion = z.object({
  name: z.string().nullish(),
  address1: z.string(),
  address2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
  /** Where the suggestion comes from: a customer's address on file or an earlier order's ship-to. */
  source: z.enum(['customer', 'order']),
});
export type AddressSuggestion = z.output<typeof addressSuggestion>;
export const addressSuggestions = z.object({ addresses: z.array(addressSuggestion) });

/**
 * The carrier's address check (issue 17, "and the carrier's address check where configured"): a complete US
 * address as the ship-to or customer form holds it, and the carrier's standardised form of it when that differs.
 */
export const verifyAddressBody = shipToSchema.pick({ address1: true, address2: true, city: true, state: true, zip: true }).extend({
  country: z.string().trim().length(2).default('US'),
});
export const checkedAddress = z.object({
  address1: z.string().max(200),
  address2: z.string().max(200).optional(),
  city: z.string().max(100),
  state: z.string().max(50),
  zip: z.string().max(10),
});
export type CheckedAddress = z.output<typeof checkedAddress>;
export const addressCheck = z.object({
  /** The carrier knows the address (false: it could not verify it; the seller may still save it). */
  verified: z.boolean(),
  /** The carrier's corrected or standardised address, only when it differs from what was sent. */
  suggestion: checkedAddress.nullable(),
});
