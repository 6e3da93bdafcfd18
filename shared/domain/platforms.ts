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
