import type { Platform } from '../../shared/domain/platforms.js';
import type { AuthorizeRequest, PlatformConnector, PlatformCredentials } from '../../functions/adapters/platforms/connector.js';
import type { ConnectorOptions } from '../../functions/adapters/platforms/http.js';
import type { OrderStatus } from '../../shared/domain/orders.js';
import type { ImportedOrder } from '../../functions/imports/imported-order.js';
import type { FakePlatformConfig, FakeRequest } from './fake-platform.js';

/**
 * What the table-driven connector test (test/platforms/connectors.test.ts) needs to know of one platform: its
 * fake (documented bodies, its auth check, its 429), the seller's credentials, and what the orders must become.
 * The fakes serve five orders and honour the platform's page-size parameter; the test asks for pages of 2.
 */
export const PAGE_SIZE = 2;

export interface PlatformCase {
  platform: Platform;
  create(options: ConnectorOptions): PlatformConnector;
  credentials: PlatformCredentials;
  /** Credentials the platform no longer accepts (revoked token, wrong key). */
  revoked: PlatformCredentials;
  /** Appended to the fake's address to make the connector's base URL (the platform's API root). */
  basePath?: string;
  fake: FakePlatformConfig;
  /** The route of the order list, `${METHOD} ${path}`. */
  ordersRoute: string;
  since: string;
  /** The since filter (and anything else the first list request must carry), checked the platform's way. */
  checkFirstRequest(request: FakeRequest): void;
  /** The wait the fake's 429 names (or the platform's documented default), in ms. */
  waitMs: number;
  /** Order-list pages the sync reads; default: the orders in pages of PAGE_SIZE. */
  pages?: number;
  /** Every order's platform id, in the order the pages serve them. */
  ids: string[];
  statuses: OrderStatus[];
  /** The first order, mapped exactly. */
  first: ImportedOrder;
  authorize?: { request: AuthorizeRequest; url: string; params: Record<string, string> };
}

/** The query of a request whose path is under the fake's base path. */
export const header = (request: FakeRequest, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

export const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
