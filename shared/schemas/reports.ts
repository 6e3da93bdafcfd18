import * as z from 'zod';
import { dashboard } from './consultant.js';

/** Home, dashboard and reports (issue 16): figures read from the aggregates kept as orders change. */

/** The longest range a report covers: a year and a day (a leap year from the 1st to the 1st). */
export const MAX_REPORT_DAYS = 367;

const isoDay = z
  .string({ error: 'Choose a date.' })
  .trim()
  .max(10, 'Enter a date as YYYY-MM-DD.')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Enter a real date.');

export const reportQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { message: 'The start date must be on or before the end date.', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    message: 'Choose a range of at most a year.',
    path: ['from'],
  });

const figures = {
  orders: z.number().int(),
  salesCents: z.number().int(),
  shipments: z.number().int(),
  postageCents: z.number().int(),
  rewardsEarned: z.number().int(),
  rewardsRedeemed: z.number().int(),
};
export const dayFigures = z.object(figures);
export const dayRow = z.object({ day: z.string(), ...figures });

export const reportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  /** The days that had anything; the screen rolls them up by day, week or month (shared/domain/reports.ts rollUp). */
  days: z.array(dayRow),
  totals: dayFigures,
  topCustomers: z.array(z.object({ customerId: z.string(), name: z.string(), orders: z.number().int(), salesCents: z.number().int() })),
  topProducts: z.array(z.object({ key: z.string(), name: z.string(), orders: z.number().int(), quantity: z.number().int(), salesCents: z.number().int() })),
  shipping: z.array(z.object({ carrier: z.string(), service: z.string(), shipments: z.number().int(), postageCents: z.number().int() })),
});
export type ReportAnswer = z.output<typeof reportAnswer>;

const monthFigures = z.object({ month: z.string(), ...figures });

/** `/consultant/dashboard`: the profile's counters, this month against last, and this month's days for the chart. */
export const dashboardAnswer = dashboard.extend({
  thisMonth: monthFigures,
  lastMonth: monthFigures,
  /** Shipments the plan includes a month; null: unlimited. */
  shipmentAllowance: z.number().int().nullable(),
  /**
   * This month's shipments as the allowance counts them (a voided label still counts: the carrier counted it), the
   * figure `/shipping/usage` shows; `thisMonth.shipments` is the reports' (voids taken off).
   */
  shipmentsCounted: z.number().int().min(0),
  days: z.array(dayRow),
  lastMonthDays: z.array(dayRow),
});
export type DashboardAnswer = z.output<typeof dashboardAnswer>;

/** `/consultant/homepage`: what needs the seller now; each thing the screen shows links where it is done. */
export const homepageAnswer = z.object({
  name: z.string(),
  unshippedOrders: z.number().int(),
  postage: z.object({ balanceCents: z.number().int(), thresholdCents: z.number().int(), low: z.boolean() }),
  failedSyncs: z.array(z.object({ platform: z.string(), message: z.string() })),
  /** Customers who have earned a reward and not been given it (counted up to a page). */
  rewardsToRedeem: z.number().int(),
  rewardsMore: z.boolean(),
  setup: z.object({ done: z.number().int(), total: z.number().int(), percent: z.number().int() }),
  /** The seller's last import or sync that failed in the background, until a later one succeeds or it is dismissed. */
  failedJob: z
    .object({
      kind: z.enum(['orders', 'customers', 'sync']),
      /** The file's name, or the platform's for a sync. */
      name: z.string(),
      failedAt: z.string(),
      reason: z.string(),
    })
    .nullable(),
});
export type HomepageAnswer = z.output<typeof homepageAnswer>;

/** `POST /consultant/homepage/dismissFailedJob`: the failure the homepage showed, by when it happened. */
export const dismissFailedJobBody = z.object({ failedAt: z.iso.datetime({ error: 'That failure is not known.' }).max(40) });
