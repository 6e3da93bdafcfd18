import * as z from 'zod';
import { MESSAGES } from '../api/messages.js';
import { isCalendarDay } from '../domain/date-order.js';
import { ORDER_STATUSES } from '../domain/orders.js';
import { cursorPage, storedAddress } from './common.js';
import { EMAIL_STATUSES } from './email.js';

/** Spec section 5: birthday MM/DD with optional /YYYY, digits and slash only; stored truncated to 5 characters. */
const BIRTHDAY = /^(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])(\/\d{4})?$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;

/** A day that exists: 02/30 does not, 02/29 does (in a leap year when a year is given; 2000 is one). */
function isRealDay(birthday: string): boolean {
  const [m, d, y] = birthday.split('/').map(Number) as [number, number, number | undefined];
  return isCalendarDay(y ?? 2000, m, d);
}

/** A US ZIP: 5 digits, or ZIP+4. */
export const US_ZIP = /^\d{5}(-\d{4})?$/;
export const US_ZIP_MESSAGE = MESSAGES.zipFormat;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const customerFields = z.object({
  customerID: z.string().trim().min(1).max(200, 'That id is not valid.').optional(),
  // Each bound names its message: a schema's own error ("… is required.") would otherwise answer every issue.
  firstName: z.string({ error: 'First name is required.' }).trim().min(1, 'First name is required.').max(50, 'First name can be at most 50 characters.'),
  lastName: z.string({ error: 'Last name is required.' }).trim().min(1, 'Last name is required.').max(50, 'Last name can be at most 50 characters.'),
  email: z.preprocess(blankToUndefined, z.email('Please enter a valid email address.').max(254).optional()),
  birthday: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(10, 'Birthday must be MM/DD or MM/DD/YYYY.')
      .regex(/^[\d/]+$/, 'Birthday may contain only digits and slashes.')
      .regex(BIRTHDAY, 'Birthday must be MM/DD or MM/DD/YYYY.')
      .refine(isRealDay, 'Birthday must be MM/DD or MM/DD/YYYY.')
      .transform((v) => {
        const [m = '', d = ''] = v.split('/');
        return `${m.padStart(2, '0')}/${d.padStart(2, '0')}`.slice(0, 5);
      })
      .optional(),
  ),
  phone: z.preprocess(blankToUndefined, z.string().max(20, 'Please enter a valid phone number.').regex(PHONE, 'Please enter a valid phone number.').optional()),
  // Named in each message: an import's report lists a row's problems together, with no field beside them.
  address1: z.string().trim().max(100, 'Address can be at most 100 characters.').optional(),
  address2: z.string().trim().max(100, 'Address 2 can be at most 100 characters.').optional(),
  address3: z.string().trim().max(100, 'Address 3 can be at most 100 characters.').optional(),
  city: z.string().trim().max(60, 'City can be at most 60 characters.').optional(),
  state: z.string().trim().max(60, 'State can be at most 60 characters.').optional(),
  zip: z.string().trim().max(12, 'ZIP can be at most 12 characters.').optional(),
  country: z.string().trim().length(2).default('US'),
  company: z.string().trim().max(100, 'Company can be at most 100 characters.').optional(),
}).superRefine((c, ctx) => {
  // A US customer's ZIP is the one their orders ship to: checked as an order's ship-to is (shared/schemas/shipping.ts).
  if (c.country === 'US' && c.zip && !US_ZIP.test(c.zip)) ctx.addIssue({ code: 'custom', path: ['zip'], message: US_ZIP_MESSAGE });
});
export type CustomerInput = z.input<typeof customerFields>;
export type CustomerFields = z.output<typeof customerFields>;

const text = z.string().nullish();

/** A customer as the server answers (spec section 3). Lenient on purpose: input rules are checked on the way in. */
export const customer = z.object({
  customerID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: text,
  birthday: text,
  phone: text,
  address1: text,
  address2: text,
  address3: text,
  city: text,
  state: text,
  zip: text,
  /** None for a customer with no address (issue 19). */
  country: z.string().nullish(),
  company: text,
  rewardBalance: z.number(),
  totalSpend: z.number(),
  isNew: z.boolean().optional(),
  /** Whether marketing email reaches the customer (issue 15): the lists, search and details fill it. */
  emailStatus: z.enum(EMAIL_STATUSES).optional(),
  /** Where the customer came from (manual, csv, a platform): a marketplace's buyers get no marketing email. */
  source: z.string().max(40).optional(),
  /** False once they unsubscribed, or when the import said so (Etsy, eBay): no marketing email. */
  marketingAllowed: z.boolean().optional(),
});
export type Customer = z.output<typeof customer>;
export const customerPage = cursorPage('customers', customer);
export type CustomerPage = z.output<typeof customerPage>;
export const customerList = z.object({ customers: z.array(customer) });

/** An order in the customer's details (spec section 3): its count of items, not the items. */
export const customerOrder = z.object({
  orderID: z.string(),
  orderNumber: z.string(),
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  /** The total's currency when not US dollars (issue 19). */
  currency: z.string().max(3).nullish(),
  items: z.number(),
  platform: z.string().optional(),
  trackingNumber: z.string().nullish(),
});
export type CustomerOrder = z.output<typeof customerOrder>;
export const customerOrderPage = cursorPage('orders', customerOrder);

/** The address to ship a customer's next order to. */
export const previousAddress = storedAddress
  .pick({ address1: true, address2: true, address3: true, city: true, state: true, zip: true })
  .extend({ country: z.string() });

/** Spec section 5: the rewards balance after an adjustment. */
export const rewardsAdjustmentAnswer = z.object({ success: z.literal(true), rewardBalance: z.number() });
