import type { Platform } from '../../../shared/domain/platforms.js';
import { config } from '../../config.js';
import type { ConnectorContext, PlatformConnector, PlatformCredentials } from './connector.js';
import { controlPadConnector } from './controlpad.js';
import { demoConnector } from './demo.js';
import { ebayConnector } from './ebay.js';
import { etsyConnector } from './etsy.js';
import { exigoConnector } from './exigo.js';
import { payPalConnector } from './paypal.js';
import { shopifyConnector } from './shopify.js';
import { squareConnector } from './square.js';
import { squarespaceConnector } from './squarespace.js';
import { tiktokConnector } from './tiktok.js';
import { wixConnector } from './wix.js';
import { wooCommerceConnector } from './woocommerce.js';

/**
 * The connector of each platform's real API (functions/adapters/platforms/<platform>.ts), used when
 * PLATFORM_CONNECTORS=live. Typed so that a platform added to PLATFORMS without its module fails to compile.
 */
const LIVE: Record<Platform, PlatformConnector> = {
  shopify: shopifyConnector,
  woocommerce: wooCommerceConnector,
  etsy: etsyConnector,
  ebay: ebayConnector,
  square: squareConnector,
  paypal: payPalConnector,
  wix: wixConnector,
  squarespace: squarespaceConnector,
  tiktok: tiktokConnector,
  exigo: exigoConnector,
  controlpad: controlPadConnector,
};

const DEMO = Object.fromEntries(Object.keys(LIVE).map((p) => [p, demoConnector(p as Platform)])) as Record<Platform, PlatformConnector>;

/**
 * The connector for a platform, chosen by configuration. Every platform has one in both modes; the result stays
 * optional because that is the contract its callers (functions/integrations/*) were written against.
 */
export function connectorFor(platform: Platform): PlatformConnector | undefined {
  return config.PLATFORM_CONNECTORS === 'demo' ? DEMO[platform] : LIVE[platform];
}

/** What a connector call needs: the seller's credentials and the API's address (overridden for tests). */
export function connectorContext(platform: Platform, credentials: PlatformCredentials): ConnectorContext {
  const baseUrl = config.PLATFORM_BASE_URLS[platform];
  return { credentials, ...(baseUrl ? { baseUrl } : {}) };
}
