import { describe, expect, it } from 'vitest';
import { createCustomer, getCustomer, listCustomersByName } from '../../functions/data/customers.js';
import { csvJobEntity, rewardSettingsEntity, rewardShard } from '../../functions/data/entities.js';
import { createOrder, getOrder, listOrdersByDate, listOrdersOfCustomer } from '../../functions/data/orders.js';
import { createSellerProfile, getSellerProfile } from '../../functions/data/sellers.js';
import { seedDemo } from '../../infra/local/seed.js';

/** The entities against DynamoDB Local (started by the global setup). */
const newSeller = async (plan: 'starter' | 'growth' = 'starter') => {
  const sellerId = crypto.randomUUID();
  await createSellerProfile({ sellerId, email: `${sellerId}@example.com`, name: 'Test Seller', plan });
  return sellerId;
};

const order = (customerId: string, orderDate: string, total = 20) => ({
  orderNumber: orderDate.slice(0, 10),
  customerId,
  customerName: 'Ada Lovelace',
  orderDate,
  items: [{ name: 'Soy Candle', quantity: 1, price: total }],
  subtotal: total,
  total,
  shipTo: { name: 'Ada Lovelace', address1: '1 Main St', address2: 'Unit 4', city: 'Austin', state: 'TX', zip: '78701' },
});

describe('consultant profile', () => {
  it('is created once with its plan and zero counts', async () => {
    const sellerId = await newSeller('growth');
    await createSellerProfile({ sellerId, email: 'other@example.com', name: 'Again', plan: 'executive' });
    expect(await getSellerProfile(sellerId)).toMatchObject({
      package: 'growth',
      name: 'Test Seller',
      customerCount: 0,
      orderCount: 0,
    });
  });
});

describe('customers and orders', () => {
  it('counts customers and orders on the profile as they are created', async () => {
    const sellerId = await newSeller();
    const customerId = await createCustomer(sellerId, { firstName: 'Ada', lastName: 'Lovelace', country: 'US' });
    await createOrder(sellerId, order(customerId, '2026-11-01T10:00:00.000Z'));
    await createOrder(sellerId, order(customerId, '2026-11-02T10:00:00.000Z'));
    expect(await getSellerProfile(sellerId)).toMatchObject({ customerCount: 1, orderCount: 2 });
  });

  it('lists customers by last then first name, a page at a time', async () => {
    const sellerId = await newSeller();
    for (const [firstName, lastName] of [
      ['Zoe', 'Adams'],
      ['Amy', 'Young'],
      ['Ben', 'Adams'],
    ] as const) {
      await createCustomer(sellerId, { firstName, lastName, country: 'US' });
    }
    const first = await listCustomersByName(sellerId, { limit: 2 });
    expect(first.customers.map((c) => `${c.firstName} ${c.lastName}`)).toEqual(['Ben Adams', 'Zoe Adams']);
    expect(first.cursor).toBeTruthy();
    const second = await listCustomersByName(sellerId, { limit: 2, cursor: first.cursor! });
    expect(second.customers.map((c) => c.firstName)).toEqual(['Amy']);
  });

  it("lists orders newest first, and a customer's orders, keeping address2 intact", async () => {
    const sellerId = await newSeller();
    const a = await createCustomer(sellerId, { firstName: 'Ada', lastName: 'Lovelace', country: 'US' });
    const b = await createCustomer(sellerId, { firstName: 'Bob', lastName: 'Byron', country: 'US' });
    await createOrder(sellerId, order(a, '2026-10-01T00:00:00.000Z'));
    await createOrder(sellerId, order(b, '2026-10-03T00:00:00.000Z'));
    const id = await createOrder(sellerId, order(a, '2026-10-02T00:00:00.000Z'));
    const all = await listOrdersByDate(sellerId);
    expect(all.orders.map((o) => o.orderDate.slice(0, 10))).toEqual(['2026-10-03', '2026-10-02', '2026-10-01']);
    expect((await listOrdersOfCustomer(sellerId, a)).orders).toHaveLength(2);
    expect((await getOrder(sellerId, id))?.shipTo?.address2).toBe('Unit 4');
  });

  it("never returns another seller's items", async () => {
    const mine = await newSeller();
    const theirs = await newSeller();
    const customerId = await createCustomer(mine, { firstName: 'Ada', lastName: 'Lovelace', country: 'US' });
    await createOrder(mine, order(customerId, '2026-11-01T00:00:00.000Z'));
    expect(await getCustomer(theirs, customerId)).toBeNull();
    expect((await listCustomersByName(theirs)).customers).toEqual([]);
    expect((await listOrdersByDate(theirs)).orders).toEqual([]);
  });
});

describe('csv job and reward settings', () => {
  it('keeps a job with its progress and finds it by file hash', async () => {
    const sellerId = await newSeller();
    await csvJobEntity().create({ sellerId, jobId: 'j1', kind: 'orders', fileName: 'orders.csv', fileHash: 'abc' }).go();
    await csvJobEntity().patch({ sellerId, jobId: 'j1' }).set({ status: 'syncing', rowsDone: 25, rowsTotal: 100 }).go();
    const { data } = await csvJobEntity().query.byHash({ sellerId, fileHash: 'abc' }).go();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ status: 'syncing', rowsDone: 25, rowsTotal: 100 });
  });

  it('gives reward settings the spec defaults (goal 10 items, star icon, reward email on)', async () => {
    const sellerId = await newSeller('growth');
    await rewardSettingsEntity().create({ sellerId, shard: rewardShard(sellerId) }).go();
    const { data } = await rewardSettingsEntity().get({ sellerId }).go();
    expect(data).toMatchObject({ goalCount: 10, goalType: 'items', icon: 'star', sendRewardsEmail: true, active: false });
  });
});

describe('demo seed', () => {
  it('seeds 60 customers and 220 orders once', async () => {
    const sellerId = crypto.randomUUID();
    expect(await seedDemo({ sellerId })).toEqual({ seeded: true });
    expect(await seedDemo({ sellerId })).toEqual({ seeded: false });
    const profile = await getSellerProfile(sellerId);
    expect(profile).toMatchObject({ customerCount: 60, orderCount: 220, package: 'growth' });
    // /activate shows what the seed did: the business name and the return address, no platform connected.
    expect(profile?.returnAddress).toMatchObject({ address1: '500 Congress Ave', zip: '78701' });
    expect(profile?.onboarding).toMatchObject({ businessName: true, address: true });
    expect(profile?.onboarding?.platform).not.toBe(true);
    const page = await listOrdersByDate(sellerId);
    expect(page.orders).toHaveLength(20);
  });
});
