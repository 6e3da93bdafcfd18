import { FIRST, LAST, PLACES, PRODUCTS, prng, STREETS } from '../../../shared/domain/demo-catalog.js';
import type { Platform } from '../../../shared/domain/platforms.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import { type ConnectorContext, type OrdersPage, type PlatformConnector, PlatformError } from './connector.js';

/**
 * The local default: a stand-in store for any platform that needs no account and no network. Each sync window
 * (`since`) holds DEMO_ORDERS_PER_SYNC new orders, served DEMO_PAGE_SIZE at a time, so the worker's paging and
 * cursor run as they do against a real platform. The same platform and window always give the same order ids,
 * so a repeated fetch updates rather than duplicates.
 *
 * Like a processor's test cards, some API keys make the demo store answer as a real one can fail
 * (DEMO_TEST_KEYS); the credentials the screen connects with are a generated token, never one of these.
 */
export const DEMO_ORDERS_PER_SYNC = 5;
export const DEMO_PAGE_SIZE = 2;
export const DEMO_TEST_KEYS = {
  /** The store is down: a retryable failure (SQS retries the message, then the DLQ takes it). */
  unavailable: 'demo-unavailable',
  /** The seller revoked our access: they must set the platform up again. */
  revoked: 'demo-revoked',
  /** A store without orders. */
  empty: 'demo-empty',
} as const;

const DAY = 24 * 60 * 60 * 1000;
/** The window of a first sync: the platform's recent orders. */
export const FIRST_SYNC_DAYS = 30;

/** FNV-1a: a stable 32-bit seed from text, so a window's orders are the same on every run. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const money = (n: number) => Math.round(n * 100) / 100;
const MARKETPLACES: readonly Platform[] = ['ebay', 'etsy'];

function demoOrder(platform: Platform, windowStart: number, windowEnd: number, index: number): ImportedOrder {
  const rand = prng(seedOf(`${platform}|${new Date(windowStart).toISOString()}|${index}`));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const firstName = pick(FIRST);
  const lastName = pick(LAST);
  const [city, state, zip] = pick(PLACES);
  const address = { name: `${firstName} ${lastName}`, address1: `${100 + Math.floor(rand() * 9800)} ${pick(STREETS)}`, city, state, zip, country: 'US' };
  const items = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => {
    const [sku, name, price] = pick(PRODUCTS);
    return { sku, name, quantity: 1 + Math.floor(rand() * 2), price };
  });
  const subtotal = money(items.reduce((s, it) => s + it.price * it.quantity, 0));
  const shipping = subtotal >= 75 ? 0 : 6.95;
  const tax = money(subtotal * 0.0725);
  const number = 100_000 + Math.floor(rand() * 900_000);
  // Spread over the window, oldest first, never in the future.
  const orderDate = new Date(windowStart + ((windowEnd - windowStart) * (index + 1)) / (DEMO_ORDERS_PER_SYNC + 1));
  return {
    source: platform,
    platformOrderId: `DEMO-${seedOf(`${platform}|${windowStart}|${index}|id`).toString(16).padStart(8, '0')}`,
    orderNumber: `#${number}`,
    orderDate: orderDate.toISOString(),
    status: 'unshipped',
    customer: {
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${number}@example.com`.toLowerCase(),
      address,
      marketingAllowed: !MARKETPLACES.includes(platform),
    },
    shipTo: address,
    items,
    subtotal,
    shipping,
    tax,
    total: money(subtotal + shipping + tax),
  };
}

function pageIndex(page: string | undefined): number {
  if (page === undefined) return 0;
  const n = Number(page);
  if (!Number.isInteger(n) || n < 0 || n >= DEMO_ORDERS_PER_SYNC) throw new PlatformError('That page of orders does not exist.', 400, false);
  return n;
}

export function demoConnector(platform: Platform): PlatformConnector {
  return {
    platform,
    async fetchOrders(context: ConnectorContext, since: string | undefined, page: string | undefined): Promise<OrdersPage> {
      const key = context.credentials.apiKey;
      if (key === DEMO_TEST_KEYS.unavailable) throw new PlatformError('The demo store is not answering.', 503, true);
      if (key === DEMO_TEST_KEYS.revoked) throw new PlatformError('The demo store refused our access token.', 401, false);
      if (key === DEMO_TEST_KEYS.empty) return { orders: [] };
      const now = Date.now();
      const parsed = since === undefined ? Number.NaN : Date.parse(since);
      const windowStart = Number.isNaN(parsed) ? Math.floor((now - FIRST_SYNC_DAYS * DAY) / DAY) * DAY : parsed;
      const windowEnd = Math.max(windowStart, now);
      const first = pageIndex(page);
      const last = Math.min(first + DEMO_PAGE_SIZE, DEMO_ORDERS_PER_SYNC);
      const orders = Array.from({ length: last - first }, (_, i) => demoOrder(platform, windowStart, windowEnd, first + i));
      return { orders, ...(last < DEMO_ORDERS_PER_SYNC ? { next: String(last) } : {}) };
    },
  };
}
