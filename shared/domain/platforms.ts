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

/** Platforms reached at the seller's own store address: Settings asks for it, and connecting needs it. */
export const STORE_ADDRESS_PLATFORMS = ['woocommerce', 'shopify'] as const satisfies readonly Platform[];
export const needsStoreAddress = (p: Platform) => (STORE_ADDRESS_PLATFORMS as readonly Platform[]).includes(p);

export const SHOPIFY_STORE_INVALID = "Enter your Shopify store's myshopify.com address, like your-store.myshopify.com.";

/** A store address as the seller typed it ("shop.example.com", "https://shop.example.com/") without the trailing slash. */
export function storeBase(storeUrl: string): string {
  const trimmed = storeUrl.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * A Shopify shop's host (`<shop>.myshopify.com`) from the address a seller typed ("my-shop", "my-shop.myshopify.com",
 * its https address), or undefined when it names no shop. Shopify's OAuth and Admin API answer only there, and the
 * token call carries our app's client secret: it must never go to another host (a custom domain, anyone's server).
 */
export function shopifyShopHost(storeUrl: string | undefined): string | undefined {
  if (!storeUrl?.trim()) return undefined;
  let host: string;
  try {
    host = new URL(storeBase(storeUrl)).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const shop = host.includes('.') ? host : `${host}.myshopify.com`;
  return /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop) ? shop : undefined;
}

/**
 * The store address as typed, except that a Shopify shop's name alone ("candles", as Shopify's admin names the
 * store) becomes its myshopify.com address: the form would otherwise refuse it as no address at all.
 */
export function typedStoreAddress(platform: Platform, typed: string): string {
  const shop = platform === 'shopify' && !typed.includes('.') ? shopifyShopHost(typed) : undefined;
  return shop ?? typed;
}

/** Why a store address cannot be this platform's store (undefined: it can, or the platform needs none). */
export function storeAddressProblem(platform: Platform, storeUrl: string | undefined): string | undefined {
  if (!needsStoreAddress(platform)) return undefined;
  if (!storeUrl?.trim()) return 'Store URL required';
  if (platform === 'shopify' && !shopifyShopHost(storeUrl)) return SHOPIFY_STORE_INVALID;
  return undefined;
}

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
