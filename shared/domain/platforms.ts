/** Commerce platforms the product syncs orders from (spec section 7). */
export const PLATFORMS = [
  'shopify',
  'woocommerce',
  'etsy',
  'ebay',
  'square',
  'paypal',
  'wix',
  'squarespace',
  'tiktok',
  'exigo',
  'controlpad',
] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Platforms whose catalogue the Choose Product modal searches (`/{controller}/products`). */
export const PRODUCT_CONTROLLERS = ['shopify', 'woocommerce', 'squarespace', 'wix', 'etsy', 'exigo', 'controlpad'] as const;

/** Platforms with a `/{platform}/havesync` call (spec section 7); ControlPad and TikTok have `/{platform}/sync`. */
export const HAVE_SYNC_PLATFORMS = ['paypal', 'exigo', 'woocommerce', 'shopify', 'ebay', 'squarespace', 'etsy', 'wix'] as const;
/** Platforms with a `/{platform}/settings` call without input (WooCommerce's takes the store URL). */
export const SETTINGS_PLATFORMS = ['paypal', 'square', 'ebay', 'tiktok', 'squarespace'] as const;

/** How the screen and messages name each platform. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  etsy: 'Etsy',
  ebay: 'eBay',
  square: 'Square',
  paypal: 'PayPal',
  wix: 'Wix',
  squarespace: 'Squarespace',
  tiktok: 'TikTok Shop',
  exigo: 'Exigo',
  controlpad: 'ControlPad',
};
