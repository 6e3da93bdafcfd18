import { describe, expect, it } from 'vitest';
import { createOrder } from '../../functions/data/orders.js';
import { firstPickupDate, PICKUP_MAX_DAYS_AHEAD, todayUtc } from '../../shared/domain/pickup.js';
import type { TestSeller } from '../support/sellers.js';
import { PARCEL, RETURN_ADDRESS, shippingSeller } from './support.js';

const DAY = 24 * 3600 * 1000;
const plusDays = (n: number) => new Date(Date.parse(`${todayUtc()}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const nextSunday = () => {
  for (let n = 1; ; n++) if (new Date(`${plusDays(n)}T00:00:00Z`).getUTCDay() === 0) return plusDays(n);
};
const pickup = (seller: TestSeller, body: Record<string, unknown>) =>
  seller.api('POST', '/shipping/requestPickup', { body: { location: 'Front Door', packageCount: 3, ...body } });

describe('Request USPS Pickup (issue 17)', () => {
  it('refuses the days USPS does not serve and more packages than it picks up, in plain words', async () => {
    const seller = await shippingSeller(0);
    const sunday = await pickup(seller, { date: nextSunday() });
    expect(sunday.status).toBe(400);
    expect(sunday.json.errors.date).toBe('USPS does not pick up on Sundays. Choose Monday to Saturday.');
    const far = await pickup(seller, { date: plusDays(PICKUP_MAX_DAYS_AHEAD + 5) });
    expect(far.json.errors.date).toBe(`USPS books pickups at most ${PICKUP_MAX_DAYS_AHEAD} days ahead. Choose an earlier date.`);
    expect((await pickup(seller, { date: todayUtc() })).json.errors.date).toBe('Choose a pickup date from tomorrow on.');
    const many = await pickup(seller, { date: firstPickupDate(todayUtc()), packageCount: 999999 });
    expect(many.status).toBe(400);
    expect(many.json.errors.packageCount).toBe('USPS picks up 1 to 99 packages at a time.');
  });

  it('books at the return address unless another is given, and only once per date', async () => {
    const seller = await shippingSeller(0);
    const date = firstPickupDate(todayUtc());
    const first = await pickup(seller, { date });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ date, packageCount: 3, replayed: false, address: { address1: RETURN_ADDRESS.address1, zip: RETURN_ADDRESS.zip } });
    // A second click, a retry or a second tab: the same pickup, nothing sent again.
    const [again, third] = await Promise.all([pickup(seller, { date }), pickup(seller, { date, packageCount: 5 })]);
    for (const answer of [again, third]) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ confirmationNumber: first.json.confirmationNumber, replayed: true, packageCount: 3 });
    }

    const elsewhere = { name: 'Dana Demo', address1: '77 Barn Rd', city: 'Austin', state: 'TX', zip: '78702' };
    const other = await shippingSeller(0);
    const moved = await pickup(other, { date, address: elsewhere });
    expect(moved.status).toBe(200);
    expect(moved.json.address).toMatchObject({ address1: '77 Barn Rd', zip: '78702' });
    const badZip = await pickup(await shippingSeller(0), { date, address: { ...elsewhere, zip: '7870A' } });
    expect(badZip.status).toBe(400);
    expect(badZip.json.errors['address.zip']).toBe('ZIP must be 5 digits (or ZIP+4).');
  });
});

async function order(seller: TestSeller, n: number, extra: Record<string, unknown> = {}) {
  return createOrder(seller.sellerId, {
    orderNumber: `W-${n}`,
    customerId: 'c1',
    customerName: `Buyer ${n}`,
    orderDate: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
    subtotal: 10,
    total: 10,
    status: 'unshipped',
    shipTo: { name: `Buyer ${n}`, address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
    ...extra,
  });
}

describe('Batch Purchase weights and choice (issue 17)', () => {
  it("keeps each order's own weight, fills in the default only where an order has none, and a change for one order wins", async () => {
    const seller = await shippingSeller(0);
    const heavy = await order(seller, 1, { weightOz: 50 });
    const bare = await order(seller, 2);
    const changed = await order(seller, 3, { weightOz: 8 });
    const quote = await seller.api('POST', '/shipping/batchQuote', {
      body: { orderIds: [heavy, bare, changed], service: 'usps_priority', parcel: PARCEL, weights: [{ orderId: changed, weightOz: 30 }] },
    });
    expect(quote.status).toBe(200);
    const byId = Object.fromEntries(quote.json.lines.map((l: { orderId: string }) => [l.orderId, l]));
    expect(byId[heavy]).toMatchObject({ parcel: { weightOz: 50 }, weightFrom: 'order', service: 'usps_priority' });
    expect(byId[bare]).toMatchObject({ parcel: { weightOz: PARCEL.weightOz }, weightFrom: 'default' });
    expect(byId[changed]).toMatchObject({ parcel: { weightOz: 30 }, weightFrom: 'changed' });
    expect(byId[heavy].amountCents).toBeGreaterThan(byId[changed].amountCents);
  });

  it('"all unshipped" chooses every order waiting for a label and nothing else', async () => {
    const seller = await shippingSeller(0);
    const waiting = [await order(seller, 1), await order(seller, 2, { status: 'pending' })];
    await order(seller, 3, { status: 'shipped' });
    await order(seller, 4, { labelId: 'l-4', trackingNumber: '9400100000000000000000' });
    const quote = await seller.api('POST', '/shipping/batchQuote', { body: { allUnshipped: true, service: 'usps_ground_advantage', parcel: PARCEL } });
    expect(quote.status).toBe(200);
    expect(quote.json.lines.map((l: { orderId: string }) => l.orderId).sort()).toEqual([...waiting].sort());

    const empty = await shippingSeller(0);
    const none = await empty.api('POST', '/shipping/batchQuote', { body: { allUnshipped: true, service: 'usps_ground_advantage', parcel: PARCEL } });
    expect(none.status).toBe(400);
    expect(none.json.errors.orderIds).toBe('You have no unshipped orders without a label.');
  });
});

describe('validation in plain words (issue 17)', () => {
  it("a bound the schema names no message for reaches the seller as a sentence, never as the schema's internals", async () => {
    const seller = await shippingSeller(0);
    const res = await seller.api('POST', '/shipping/quote', { body: { fromZip: '78701', toZip: '80202', parcel: { ...PARCEL, lengthIn: 500 } } });
    expect(res.status).toBe(400);
    expect(res.json.errors['parcel.lengthIn']).toBe('Enter a number no more than 108.');
  });

  it("a US customer's ZIP is checked as an order's, and an order's ship-to can be corrected", async () => {
    const seller = await shippingSeller(0);
    const bad = await seller.api('POST', '/customers/save', { body: { firstName: 'Zed', lastName: 'Zip', zip: '9021A', country: 'US' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.zip).toBe('ZIP must be 5 digits (or ZIP+4).');
  });
});

describe('sorting a server-paged list sorts the whole list (issue 17)', () => {
  it('orders by date, oldest first across pages, and newest first by default', async () => {
    const seller = await shippingSeller(0);
    for (let n = 1; n <= 25; n++) await order(seller, n);
    const first = await seller.api('GET', '/orders/list', { query: { dir: 'asc' } });
    expect(first.status).toBe(200);
    const second = await seller.api('GET', '/orders/list', { query: { dir: 'asc', cursor: first.json.cursor } });
    const numbers = [...first.json.orders, ...second.json.orders].map((o: { orderNumber: string }) => o.orderNumber);
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => `W-${i + 1}`));
    const newest = await seller.api('GET', '/orders/list');
    expect(newest.json.orders[0].orderNumber).toBe('W-25');
    expect((await seller.api('GET', '/orders/list', { query: { dir: 'sideways' } })).status).toBe(400);
  });

  it('customers by name, Z-A as well as A-Z', async () => {
    const seller = await shippingSeller(0);
    for (const lastName of ['Baker', 'Adams', 'Cole']) {
      expect((await seller.api('POST', '/customers/save', { body: { firstName: 'Pat', lastName, country: 'US' } })).status).toBe(200);
    }
    const names = async (dir?: string) =>
      (await seller.api('GET', '/customers/list', { query: dir ? { dir } : {} })).json.customers.map((c: { lastName: string }) => c.lastName);
    expect(await names()).toEqual(['Adams', 'Baker', 'Cole']);
    expect(await names('desc')).toEqual(['Cole', 'Baker', 'Adams']);
  });
});

describe('address autocomplete (issue 17)', () => {
  it("suggests the seller's own customers' addresses and earlier ship-tos from 6 characters, each once", async () => {
    const seller = await shippingSeller(0);
    await seller.api('POST', '/customers/save', { body: { firstName: 'Ivy', lastName: 'Quill', address1: '4417 Juniper Lane', city: 'Boise', state: 'ID', zip: '83702', country: 'US' } });
    await order(seller, 1, { shipTo: { name: 'Old Buyer', address1: '4417 Juniper Court', city: 'Boise', state: 'ID', zip: '83704', country: 'US' } });
    await order(seller, 2, { shipTo: { name: 'Ivy Quill', address1: '4417 Juniper Lane', city: 'Boise', state: 'ID', zip: '83702', country: 'US' } });
    const short = await seller.api('GET', '/orders/addressSuggestions', { query: { q: '4417 ' } });
    expect(short.status).toBe(400);
    expect(short.json.errors.q).toBe('Type at least 6 characters of the address.');
    const found = await seller.api('GET', '/orders/addressSuggestions', { query: { q: '4417 juniper' } });
    expect(found.status).toBe(200);
    expect(found.json.addresses).toEqual([
      expect.objectContaining({ address1: '4417 Juniper Lane', zip: '83702', source: 'customer', name: 'Ivy Quill' }),
      expect.objectContaining({ address1: '4417 Juniper Court', zip: '83704', source: 'order' }),
    ]);
    const other = await shippingSeller(0);
    expect((await other.api('GET', '/orders/addressSuggestions', { query: { q: '4417 juniper' } })).json.addresses).toEqual([]);
  });
});
