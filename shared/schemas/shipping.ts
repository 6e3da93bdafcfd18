import { z } from 'zod';
import { idParam, price } from './common.js';
import { ORDER_STATUSES } from '../domain/orders.js';

export const SERVICES = [
  'usps_ground_advantage',
  'usps_priority',
  'usps_priority_express',
  'ups_ground',
  'ups_3_day_select',
  'ups_2nd_day_air',
] as const;
export type ServiceCode = (typeof SERVICES)[number];

export const zip5 = z
  .string({ error: 'ZIP is required.' })
  .trim()
  .max(10, 'ZIP must be 5 digits (or ZIP+4).')
  .regex(/^\d{5}(-\d{4})?$/, 'ZIP must be 5 digits (or ZIP+4).');

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

export const buyLabelBody = z.object({
  orderId: idParam,
  service: z.enum(SERVICES, { error: 'Choose a shipping service.' }),
  parcel: parcelSchema,
  /** The browser sends one key per purchase; a retried request with the same key never buys twice. */
  idempotencyKey: z.string().trim().min(8, 'An idempotency key is required.').max(100),
  overrideAddress: z.boolean().default(false),
});

export const orderItemSchema = z.object({
  sku: z.string().trim().max(100).optional(),
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
});

/** Request USPS Pickup: a date from tomorrow on, where the packages wait, how many. */
export const pickupBody = z.object({
  date: z.string().max(10, 'Choose a pickup date.').regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a pickup date.'),
  location: z.enum(['Front Door', 'Back Door', 'Side Door', 'Knock on Door/Ring Bell', 'Mail Room', 'Office', 'Reception', 'In/At Mailbox', 'Other'], {
    error: 'Choose where the packages will be.',
  }),
  packageCount: z.number({ error: 'Enter the number of packages.' }).int('Enter a whole number of packages.').min(1, 'At least 1 package.').max(999),
  instructions: z.string().trim().max(250).optional(),
});

/** Batch Purchase: the orders, one service and a default parcel (an order's own weight wins). */
export const batchBody = z.object({
  orderIds: z
    .array(idParam)
    .min(1, 'Choose at least one order.')
    .max(500, 'Buy at most 500 labels at a time.')
    .refine((ids) => new Set(ids).size === ids.length, 'An order is chosen twice.'),
  service: z.enum(SERVICES, { error: 'Choose a shipping service.' }),
  parcel: parcelSchema,
});
