import { beforeAll, describe, expect, it } from 'vitest';
import { type ProductInput, saveProduct } from '../../functions/data/products.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/** The product catalogue routes of the Choose Product modal, against the local cloud. */

const CATALOGUE: ProductInput[] = [
  { productId: 'lav', name: 'Lavender Fields Soy Candle', sku: 'CND-LAV', price: 24, selling: true, description: 'Hand-poured, 40 hours.' },
  { productId: 'van', name: 'Vanilla Bean Soy Candle', sku: 'CND-VAN', price: 24, salePrice: 19.5, saleStreamId: 'live-7' },
  { productId: 'soysoy', name: 'Soy Soy Wax Melts', sku: 'MLT-SOY', price: 9.99, salePrice: 8, selling: true },
  { productId: 'serum', name: 'Vitamin C Brightening Serum', sku: 'SKN-SER', price: 38, corporate: true },
  { productId: 'tote', name: 'Canvas Market Tote', sku: 'BAG-TTE', price: 30, source: 'shopify' },
  { productId: 'mist', name: 'Hydrating Face Mist', sku: 'SKN-MST', price: 22, source: 'shopify', corporate: true, selling: true },
  { productId: 'board', name: 'Bamboo Cutting Board', sku: 'KIT-BRD', price: 34, source: 'etsy' },
];

type Listed = { productId: string; name: string; price: number; regularPrice: number; onSale: boolean; source: string; corporate: boolean };
const ids = (res: { json: { products: Listed[] } }) => res.json.products.map((p) => p.productId);

let seller: TestSeller;
let other: TestSeller;

beforeAll(async () => {
  [seller, other] = await Promise.all([createTestSeller(), createTestSeller()]);
  for (const p of CATALOGUE) await saveProduct(seller.sellerId, p);
  await saveProduct(other.sellerId, { productId: 'lav', name: 'Lavender Dream Bath Salts', sku: 'OTHER-LAV', price: 12, selling: true, source: 'shopify' });
});

describe('GET /products/search', () => {
  it('finds products by the start of any word of the name or of the SKU, case-insensitive, each once, from every catalogue', async () => {
    expect(ids(await seller.api('GET', '/products/search', { query: { q: 'LAV' } }))).toEqual(['lav']);
    expect(ids(await seller.api('GET', '/products/search', { query: { q: 'soy' } })).sort()).toEqual(['lav', 'soysoy', 'van']);
    expect(ids(await seller.api('GET', '/products/search', { query: { q: 'soy c' } })).sort()).toEqual(['lav', 'van']);
    expect(ids(await seller.api('GET', '/products/search', { query: { q: 'cnd-' } })).sort()).toEqual(['lav', 'van']);
    expect(ids(await seller.api('GET', '/products/search', { query: { q: 'tote' } }))).toEqual(['tote']);
    expect(ids(await seller.api('GET', '/products/search', { query: { q: 'andle' } }))).toEqual([]);
    const lav = (await seller.api('GET', '/products/search', { query: { q: 'lavender' } })).json.products[0];
    expect(lav).toEqual({
      productId: 'lav',
      name: 'Lavender Fields Soy Candle',
      sku: 'CND-LAV',
      price: 24,
      regularPrice: 24,
      onSale: false,
      description: 'Hand-poured, 40 hours.',
      imageUrl: null,
      source: 'own',
      corporate: false,
    });
  });

  it("never shows another seller's products", async () => {
    const mine = await seller.api('GET', '/products/search', { query: { q: 'lavender' } });
    expect(mine.json.products.map((p: Listed) => p.name)).toEqual(['Lavender Fields Soy Candle']);
    const theirs = await other.api('GET', '/products/search', { query: { q: 'lavender' } });
    expect(theirs.json.products.map((p: Listed) => p.name)).toEqual(['Lavender Dream Bath Salts']);
    expect(ids(await other.api('GET', '/products/search', { query: { q: 'candle' } }))).toEqual([]);
  });

  it('pages 20 at a time with a cursor, never repeating a product', async () => {
    const many = await createTestSeller();
    for (let i = 0; i < 25; i++) await saveProduct(many.sellerId, { name: `Gift Box ${String(i).padStart(2, '0')}`, sku: `GIFT-${i}`, price: 5 });
    const first = await many.api('GET', '/products/search', { query: { q: 'gi' } });
    expect(first.json.products).toHaveLength(20);
    expect(first.json.cursor).toEqual(expect.any(String));
    const second = await many.api('GET', '/products/search', { query: { q: 'gi', cursor: first.json.cursor } });
    const all = [...ids(first), ...ids(second)];
    expect(new Set(all).size).toBe(25);
    expect(all).toHaveLength(25);
    // The cursor names this seller's partition: another seller cannot use it.
    expect((await seller.api('GET', '/products/search', { query: { q: 'gi', cursor: first.json.cursor } })).status).toBe(400);
  });

  it('forgets the old name when a product is renamed', async () => {
    const renamed = await createTestSeller();
    await saveProduct(renamed.sellerId, { productId: 'p', name: 'Peppermint Oil', sku: 'OIL-PEP', price: 18 });
    await saveProduct(renamed.sellerId, { productId: 'p', name: 'Eucalyptus Oil', sku: 'OIL-EUC', price: 16 });
    expect(ids(await renamed.api('GET', '/products/search', { query: { q: 'pepper' } }))).toEqual([]);
    expect(ids(await renamed.api('GET', '/products/search', { query: { q: 'oil-pep' } }))).toEqual([]);
    const found = await renamed.api('GET', '/products/search', { query: { q: 'euc' } });
    expect(found.json.products).toMatchObject([{ productId: 'p', name: 'Eucalyptus Oil', price: 16 }]);
  });

  it('refuses searches shorter than 2 or longer than 100 characters, and unusable cursors, with 400', async () => {
    const short = await seller.api('GET', '/products/search', { query: { q: 'a' } });
    expect(short.status).toBe(400);
    expect(short.json.errors.q).toBe('Type at least 2 characters to search.');
    expect((await seller.api('GET', '/products/search', { query: { q: 'x'.repeat(101) } })).json.errors.q).toBe('Search for at most 100 characters.');
    expect((await seller.api('GET', '/products/search')).status).toBe(400);
    const cursor = await seller.api('GET', '/products/search', { query: { q: 'soy', cursor: 'garbage' } });
    expect(cursor.status).toBe(400);
    expect(cursor.json.errors.cursor).toBeDefined();
  });
});

describe('GET /products/searchwithsale', () => {
  it("prices a product at its sale price in the sale's live stream, and sales for every stream everywhere", async () => {
    const inStream = await seller.api('GET', '/products/searchwithsale', { query: { q: 'soy', streamid: 'live-7' } });
    const byId = Object.fromEntries(inStream.json.products.map((p: Listed) => [p.productId, p]));
    expect(byId.van).toMatchObject({ price: 19.5, regularPrice: 24, onSale: true });
    expect(byId.soysoy).toMatchObject({ price: 8, regularPrice: 9.99, onSale: true });
    expect(byId.lav).toMatchObject({ price: 24, onSale: false });
    const elsewhere = await seller.api('GET', '/products/searchwithsale', { query: { q: 'vanilla', streamid: 'live-8' } });
    expect(elsewhere.json.products).toMatchObject([{ productId: 'van', price: 24, onSale: false }]);
    const noStream = await seller.api('GET', '/products/searchwithsale', { query: { q: 'melts' } });
    expect(noStream.json.products).toMatchObject([{ productId: 'soysoy', price: 8, onSale: true }]);
  });

  it("brandsearch keeps to the brand's (corporate) catalogue", async () => {
    const brand = await seller.api('GET', '/products/searchwithsale', { query: { q: 'sk', brandsearch: 'true' } });
    expect(ids(brand).sort()).toEqual(['mist', 'serum']);
    const all = await seller.api('GET', '/products/searchwithsale', { query: { q: 'sk', brandsearch: 'false' } });
    expect(ids(all).sort()).toEqual(['mist', 'serum']);
    expect(ids(await seller.api('GET', '/products/searchwithsale', { query: { q: 'soy', brandsearch: 'true' } }))).toEqual([]);
  });

  it('refuses a brandsearch that is not a boolean, a short search and an over-long stream id with 400', async () => {
    const res = await seller.api('GET', '/products/searchwithsale', { query: { q: 'soy', brandsearch: 'maybe' } });
    expect(res.status).toBe(400);
    expect(res.json.errors.brandsearch).toBe('Must be true or false.');
    expect((await seller.api('GET', '/products/searchwithsale', { query: { q: 's' } })).json.errors.q).toBe('Type at least 2 characters to search.');
    expect((await seller.api('GET', '/products/searchwithsale', { query: { q: 'soy', streamid: 'x'.repeat(101) } })).status).toBe(400);
  });
});

describe('GET /products/getSellingProducts', () => {
  it("lists the seller's live-selling products by name, and no one else's", async () => {
    const res = await seller.api('GET', '/products/getSellingProducts');
    expect(res.status).toBe(200);
    expect(res.json.products.map((p: Listed) => p.name)).toEqual(['Hydrating Face Mist', 'Lavender Fields Soy Candle', 'Soy Soy Wax Melts']);
    expect(res.json.products[2]).toMatchObject({ price: 8, onSale: true });
    const theirs = await other.api('GET', '/products/getSellingProducts');
    expect(theirs.json.products.map((p: Listed) => p.name)).toEqual(['Lavender Dream Bath Salts']);
    expect((await seller.api('GET', '/products/getSellingProducts', { query: { cursor: 'garbage' } })).status).toBe(400);
  });

  it('drops a product from the list when it stops selling', async () => {
    const s = await createTestSeller();
    await saveProduct(s.sellerId, { productId: 'a', name: 'Aroma Diffuser', price: 40, selling: true });
    await saveProduct(s.sellerId, { productId: 'a', name: 'Aroma Diffuser', price: 40, selling: false });
    expect((await s.api('GET', '/products/getSellingProducts')).json.products).toEqual([]);
  });
});

describe('GET /{controller}/products', () => {
  it("lists one platform's catalogue by name, or by keyword, the brand's or the seller's own", async () => {
    const shopify = await seller.api('GET', '/shopify/products');
    expect(shopify.status).toBe(200);
    expect(shopify.json.products.map((p: Listed) => p.name)).toEqual(['Canvas Market Tote', 'Hydrating Face Mist']);
    expect(ids(await seller.api('GET', '/shopify/products', { query: { isCorporate: 'true' } }))).toEqual(['mist']);
    expect(ids(await seller.api('GET', '/shopify/products', { query: { isCorporate: 'false' } }))).toEqual(['tote']);
    expect(ids(await seller.api('GET', '/shopify/products', { query: { searchKeyword: 'mist' } }))).toEqual(['mist']);
    expect(ids(await seller.api('GET', '/shopify/products', { query: { searchKeyword: 'mist', isCorporate: 'false' } }))).toEqual([]);
    // A keyword finds only that platform's products.
    expect(ids(await seller.api('GET', '/shopify/products', { query: { searchKeyword: 'bamboo' } }))).toEqual([]);
    expect(ids(await seller.api('GET', '/etsy/products', { query: { searchKeyword: 'bamboo' } }))).toEqual(['board']);
    expect((await seller.api('GET', '/wix/products')).json.products).toEqual([]);
  });

  it("never shows another seller's platform products", async () => {
    expect(ids(await other.api('GET', '/shopify/products'))).toEqual(['lav']);
    expect(ids(await other.api('GET', '/shopify/products', { query: { searchKeyword: 'tote' } }))).toEqual([]);
  });

  it('refuses an isCorporate that is not a boolean and an over-long keyword with 400', async () => {
    const res = await seller.api('GET', '/shopify/products', { query: { isCorporate: 'yes please' } });
    expect(res.status).toBe(400);
    expect(res.json.errors.isCorporate).toBe('Must be true or false.');
    expect((await seller.api('GET', '/etsy/products', { query: { searchKeyword: 'x'.repeat(101) } })).json.errors.searchKeyword).toBe(
      'Search for at most 100 characters.',
    );
  });
});
