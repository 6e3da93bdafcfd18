import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { RouteId } from '../../../../shared/api/routes';
import { config } from '../../config';
import { api, ApiError, GENERIC_ERROR } from '../../lib/api';
import { idToken } from '../../lib/session';
import { useCursorPages } from '../../lib/useCursorPages';
import { routeById } from '../../../../shared/api/routes';

const text = z.string().nullish();
export const orderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  orderDate: z.string(),
  status: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), price: z.number(), sku: text })),
  subtotal: z.number(),
  shipping: z.number().default(0),
  tax: z.number().default(0),
  total: z.number(),
  shipTo: z
    .object({ name: text, address1: text, address2: text, city: text, state: text, zip: text, country: text })
    .nullish(),
  weightOz: z.number().nullish(),
  platform: z.string(),
  carrier: text,
  service: text,
  trackingNumber: text,
  labelId: text,
  followUpEmailSent: z.boolean().default(false),
});
export type Order = z.output<typeof orderSchema>;

const page = z.object({ orders: z.array(orderSchema), cursor: z.string().nullish() });

export const STATUSES = ['pending', 'unshipped', 'shipped', 'delivered', 'cancelled'] as const;
export type Status = (typeof STATUSES)[number];

export function useOrderPages(status: Status | '', q: string) {
  return useCursorPages(['orders', 'page', status, q], (cursor, signal) =>
    api('orders.list', { query: { status: status || undefined, q: q || undefined, cursor }, signal }, page),
  );
}

export const rateSchema = z.object({
  service: z.string(),
  carrier: z.string(),
  name: z.string(),
  days: z.number(),
  zone: z.number(),
  amountCents: z.number(),
});
export type Rate = z.output<typeof rateSchema>;
export const ratesSchema = z.object({ rates: z.array(rateSchema) });

export const labelSchema = z.object({
  labelId: z.string(),
  orderId: z.string(),
  trackingNumber: z.string(),
  amountCents: z.number(),
  serviceName: z.string(),
  status: z.string(),
});

export function useBalance() {
  return useQuery({
    queryKey: ['shipping', 'balance'],
    queryFn: ({ signal }) =>
      api('shipping.balance', { signal }, z.object({ balanceCents: z.number(), postageOff: z.boolean(), warning: z.string().nullish() })),
  });
}

/** Downloads a PDF route (label, batch labels) with the session's token and saves it under `fileName`. */
export async function downloadPdf(id: Extract<RouteId, 'shipping.label' | 'shipping.batchLabels'>, labelOrBatchId: string, fileName: string) {
  const route = routeById(id);
  const token = await idToken();
  const res = await fetch(`${config().apiBase}${route.path.replace(/^\/api/, '')}?id=${encodeURIComponent(labelOrBatchId)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError(res.status, GENERIC_ERROR);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
