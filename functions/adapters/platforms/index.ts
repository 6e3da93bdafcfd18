import type { Platform } from '../../../shared/domain/platforms.js';
import { config } from '../../config.js';
import type { ConnectorContext, PlatformConnector, PlatformCredentials } from './connector.js';
import { demoConnector } from './demo.js';
import { ebayConnector } from './ebay.js';
import { etsyConnector } from './etsy.js';
import { payPalConnector } from './paypal.js';
import { shopifyConnector } from './shopify.js';
import { squareConnector } from './square.js';
import { squarespaceConnector } from './squarespace.js';
import { tiktokConnector } from './tiktok.js';
import { wixConnector } from './wix.js';
import { wooCommerceConnector } from './woocommerce.js';

/**
 * The connector of each platform's real API, used when PLATFORM_CONNECTORS=live. Each platform's module
 * (functions/adapters/platforms/<platform>.ts) takes its slot here: import it and replace `undefined`.
 * A platform whose slot is empty cannot be connected or synced in live mode (the caller answers so).
 */
const LIVE: Record<Platform, PlatformConnector | undefined> = {
  shopify: shopifyConnector,
  woocommerce: wooCommerceConnector,
  etsy: etsyConnector,
  ebay: ebayConnector,
  square: squareConnector,
  paypal: payPalConnector,
  wix: wixConnector,
  squarespace: squarespaceConnector,
  tiktok: tiktokConnector,
  exigo: undefined,
  controlpad: undefined,
};

const DEMO = Object.fromEntries(Object.keys(LIVE).map((p) => [p, demoConnector(p as Platform)])) as Record<Platform, PlatformConnector>;

/** The connector for a platform, chosen by configuration; undefined when live mode has none for it yet. */
export function connectorFor(platform: Platform): PlatformConnector | undefined {
  return config.PLATFORM_CONNECTORS === 'demo' ? DEMO[platform] : LIVE[platform];
}

/** What a connector call needs: the seller's credentials and the API's address (overridden for tests). */
export function connectorContext(platform: Platform, credentials: PlatformCredentials): ConnectorContext {
  const baseUrl = config.PLATFORM_BASE_URLS[platform];
  return { credentials, ...(baseUrl ? { baseUrl } : {}) };
}
