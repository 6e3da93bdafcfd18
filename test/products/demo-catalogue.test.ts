import { describe, expect, it } from 'vitest';
import { autocompleteOrders, listOrdersByDate } from '../../functions/data/orders.js';
import { listProductsOfSource, listSellingProducts, searchProducts } from '../../functions/data/products.js';
import { seedDemo } from '../../infra/local/seed.js';

describe('demo seed: product catalogue and order numbers', () => {
  it('gives the demo seller a searchable catalogue and orders found by number, once however often it runs', async () => {
    const sellerId = crypto.randomUUID();
    expect(await seedDemo({ sellerId })).toEqual({ seeded: true });
    expect(await seedDemo({ sellerId })).toEqual({ seeded: false });

    const candles = await searchProducts(sellerId, 'soy c');
    expect(candles.products.map((p) => p.name).sort()).toEqual(['Lavender Fields Soy Candle', 'Vanilla Bean Soy Candle']);
    expect((await listSellingProducts(sellerId)).products).toHaveLength(6);
    expect((await searchProducts(sellerId, 'skn', { corporate: true })).products.map((p) => p.sku).sort()).toEqual(['SKN-MST', 'SKN-SER']);
    expect((await listProductsOfSource(sellerId, 'shopify')).products.map((p) => p.sku)).toEqual(['LEG-BLK', 'LEG-FLR']);

    const newest = (await listOrdersByDate(sellerId)).orders[0];
    if (!newest) throw new Error('the seed wrote no orders');
    const found = await autocompleteOrders(sellerId, newest.orderNumber);
    expect(found.map((o) => o.orderId)).toContain(newest.orderId);
  });
});
