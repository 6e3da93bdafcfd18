import { describe, expect, it } from 'vitest';
import { SHOPIFY_STORE_INVALID, shopifyShopHost, storeAddressProblem, typedStoreAddress } from './platforms.js';

describe('store addresses', () => {
  it("Shopify: the shop's myshopify.com host from what a seller types, nothing for any other host", () => {
    for (const typed of ['candles', 'candles.myshopify.com', 'https://Candles.myshopify.com/', 'https://candles.myshopify.com/admin']) {
      expect(shopifyShopHost(typed), typed).toBe('candles.myshopify.com');
    }
    for (const typed of [undefined, '', ' ', 'shop.example.com', 'candles.myshopify.com.example.com', 'https://example.com/candles.myshopify.com', 'x.candles.myshopify.com', '-x.myshopify.com', 'http://[::1]']) {
      expect(shopifyShopHost(typed), String(typed)).toBeUndefined();
    }
  });

  it('WooCommerce and Shopify need one; Shopify only its shop\'s; the other platforms none', () => {
    expect(storeAddressProblem('shopify', undefined)).toBe('Store URL required');
    expect(storeAddressProblem('woocommerce', ' ')).toBe('Store URL required');
    expect(storeAddressProblem('shopify', 'https://shop.example.com')).toBe(SHOPIFY_STORE_INVALID);
    expect(storeAddressProblem('shopify', 'https://candles.myshopify.com')).toBeUndefined();
    expect(storeAddressProblem('woocommerce', 'https://shop.example.com')).toBeUndefined();
    expect(storeAddressProblem('etsy', undefined)).toBeUndefined();
  });

  it("a Shopify shop's name alone is its myshopify.com address; anything else stays as typed", () => {
    expect(typedStoreAddress('shopify', 'candles')).toBe('candles.myshopify.com');
    expect(typedStoreAddress('shopify', 'Candles')).toBe('candles.myshopify.com');
    expect(typedStoreAddress('shopify', 'shop.example.com')).toBe('shop.example.com');
    expect(typedStoreAddress('shopify', 'my shop')).toBe('my shop');
    expect(typedStoreAddress('woocommerce', 'candles')).toBe('candles');
  });
});
