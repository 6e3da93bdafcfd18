import { beforeAll, describe, expect, it } from 'vitest';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { newCustomer, newOrder, setBalances } from './support.js';

/** Customer calls against the local cloud (gateway, Cognito, DynamoDB Local). */

describe('POST /customers/save: the rules of spec section 5, on the server', () => {
  let seller: TestSeller;
  beforeAll(async () => {
    seller = await createTestSeller();
  });

  const rejected = [
    [{ firstName: '', lastName: 'Lovelace' }, 'firstName', 'First name is required.'],
    [{ lastName: 'Lovelace' }, 'firstName', 'First name is required.'],
    [{ firstName: 'Ada', lastName: '  ' }, 'lastName', 'Last name is required.'],
    [{ firstName: 'Ada', lastName: 'L', email: 'ada@' }, 'email', 'Please enter a valid email address.'],
    [{ firstName: 'Ada', lastName: 'L', birthday: '04-01' }, 'birthday', 'Birthday may contain only digits and slashes.'],
    [{ firstName: 'Ada', lastName: 'L', birthday: '13/01' }, 'birthday', 'Birthday must be MM/DD or MM/DD/YYYY.'],
    [{ firstName: 'Ada', lastName: 'L', phone: 'call me' }, 'phone', 'Please enter a valid phone number.'],
  ] as const;

  it.each(rejected)('refuses %j with 400 and the message of %s, creating nothing', async (body, field, message) => {
    const res = await seller.api('POST', '/customers/save', { body });
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
    expect((await getSellerProfile(seller.sellerId))?.customerCount).toBe(0);
  });

  it('creates with country US by default, optional fields empty, birthday kept as MM/DD', async () => {
    const other = await createTestSeller();
    const res = await other.api('POST', '/customers/save', {
      body: { firstName: ' Ada ', lastName: 'Lovelace', email: '', birthday: '4/1/1990', phone: '(512) 555-0100' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthday: '04/01',
      phone: '(512) 555-0100',
      country: 'US',
      rewardBalance: 0,
      totalSpend: 0,
    });
    expect(res.json.email).toBeUndefined();
    expect((await getSellerProfile(other.sellerId))?.customerCount).toBe(1);
    const got = await other.api('GET', '/customers/get', { query: { id: res.json.customerID } });
    expect(got.json).toEqual(res.json);
  });

  it('edits a customer, clearing what was emptied, and finds it by its new name only', async () => {
    const s = await createTestSeller();
    const c = await newCustomer(s, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.test', company: 'Navy' });
    const res = await s.api('POST', '/customers/save', {
      body: { customerID: c.customerID, firstName: 'Grace', lastName: 'Murray', email: '', company: 'Navy', country: 'US' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ customerID: c.customerID, lastName: 'Murray', company: 'Navy' });
    expect(res.json.email).toBeUndefined();
    expect((await s.api('GET', '/customers/search', { query: { q: 'hopper' } })).json.customers).toEqual([]);
    expect((await s.api('GET', '/customers/search', { query: { q: 'grace@' } })).json.customers).toEqual([]);
    expect((await s.api('GET', '/customers/search', { query: { q: 'murr' } })).json.customers.map((x: { customerID: string }) => x.customerID)).toEqual([c.customerID]);
    expect((await getSellerProfile(s.sellerId))?.customerCount).toBe(1);
  });

  it('answers 404 when saving a customer id that does not exist', async () => {
    const res = await seller.api('POST', '/customers/save', { body: { customerID: 'nope', firstName: 'A', lastName: 'B' } });
    expect(res.status).toBe(404);
  });
});

describe('GET /customers/search', () => {
  let seller: TestSeller;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    seller = await createTestSeller();
    ids.ada = (await newCustomer(seller, { firstName: 'Ada', lastName: 'Lovelace', email: 'countess@analytical.test', phone: '512-555-0100' })).customerID;
    ids.adam = (await newCustomer(seller, { firstName: 'Adam', lastName: 'Smith', email: 'adam@wealth.test' })).customerID;
    ids.bob = (await newCustomer(seller, { firstName: 'Bob', lastName: 'Adamson', phone: '(737) 555-0199' })).customerID;
  });
  const found = async (q: string) =>
    ((await seller.api('GET', '/customers/search', { query: { q } })).json.customers as { customerID: string }[]).map((c) => c.customerID).sort();

  it('matches first, last and full name, email and phone digits by prefix, ignoring case', async () => {
    expect(await found('ADA')).toEqual([ids.ada, ids.adam, ids.bob].sort());
    expect(await found('love')).toEqual([ids.ada]);
    expect(await found('ada lov')).toEqual([ids.ada]);
    expect(await found('Countess@')).toEqual([ids.ada]);
    expect(await found('512555')).toEqual([ids.ada]);
    expect(await found('(737) 555')).toEqual([ids.bob]);
    expect(await found('zz')).toEqual([]);
  });

  it('lists a customer once even when several of its terms match', async () => {
    // "adam smith" (full name) and "adam@wealth.test" (email) both begin with "adam"
    expect(await found('adam')).toEqual([ids.adam, ids.bob].sort());
  });

  it('needs at least 2 characters', async () => {
    const res = await seller.api('GET', '/customers/search', { query: { q: 'a' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Type at least 2 characters to search.');
  });

  it('pages 20 at a time without repeating anyone', async () => {
    const s = await createTestSeller();
    for (let i = 0; i < 23; i++) await newCustomer(s, { firstName: `Pat${String(i).padStart(2, '0')}`, lastName: 'Page', email: `pat${i}@page.test` });
    const first = await s.api('GET', '/customers/search', { query: { q: 'pa' } });
    expect(first.json.customers).toHaveLength(20);
    expect(first.json.cursor).toBeTruthy();
    const second = await s.api('GET', '/customers/search', { query: { q: 'pa', cursor: first.json.cursor } });
    const all = [...first.json.customers, ...second.json.customers].map((c: { customerID: string }) => c.customerID);
    expect(all).toHaveLength(23);
    expect(new Set(all).size).toBe(23);
  });
});

describe('GET /customers/list (the screen before a search)', () => {
  it('lists only this seller\'s customers by last then first name, 20 a page', async () => {
    const s = await createTestSeller();
    const other = await createTestSeller();
    await newCustomer(other, { firstName: 'Not', lastName: 'Mine' });
    for (let i = 0; i < 21; i++) await newCustomer(s, { firstName: `F${String(20 - i).padStart(2, '0')}`, lastName: i % 2 ? 'Baker' : 'Adams' });
    const first = await s.api('GET', '/customers/list');
    expect(first.json.customers).toHaveLength(20);
    expect(first.json.customers[0]).toMatchObject({ lastName: 'Adams', firstName: 'F00' });
    const second = await s.api('GET', '/customers/list', { query: { cursor: first.json.cursor } });
    expect(second.json.customers).toHaveLength(1);
    expect([...first.json.customers, ...second.json.customers].some((c: { lastName: string }) => c.lastName === 'Mine')).toBe(false);
  });
});

describe('POST /customers/removeCustomers', () => {
  it('refuses a customer with pending orders with the OrdersPending message, removing nothing', async () => {
    const s = await createTestSeller();
    const c = await newCustomer(s, { firstName: 'Penny', lastName: 'Pending' });
    await newOrder(s.sellerId, c.customerID, { status: 'shipped' });
    await newOrder(s.sellerId, c.customerID, { status: 'unshipped' });
    const res = await s.api('POST', '/customers/removeCustomers', { body: { customerID: c.customerID } });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('This customer has pending orders and cannot be deleted. Ship or cancel those orders first.');
    expect(res.json.code).toBe('OrdersPending');
    expect((await s.api('GET', '/customers/get', { query: { id: c.customerID } })).status).toBe(200);
    expect((await s.api('GET', '/customers/search', { query: { q: 'penny' } })).json.customers).toHaveLength(1);
    expect((await getSellerProfile(s.sellerId))?.customerCount).toBe(1);
  });

  it('removes a customer without pending orders, its search terms and its count', async () => {
    const s = await createTestSeller();
    const c = await newCustomer(s, { firstName: 'Dora', lastName: 'Done', email: 'dora@done.test' });
    await newOrder(s.sellerId, c.customerID, { status: 'delivered' });
    const res = await s.api('POST', '/customers/removeCustomers', { body: { customerID: c.customerID } });
    expect(res.status).toBe(200);
    expect((await s.api('GET', '/customers/get', { query: { id: c.customerID } })).status).toBe(404);
    expect((await s.api('GET', '/customers/search', { query: { q: 'dora' } })).json.customers).toEqual([]);
    expect((await getSellerProfile(s.sellerId))?.customerCount).toBe(0);
    expect((await s.api('POST', '/customers/removeCustomers', { body: { customerID: c.customerID } })).status).toBe(404);
  });
});

describe('orders and addresses of a customer', () => {
  it('lists the orders, newest first, and offers the last shipping address', async () => {
    const s = await createTestSeller();
    const c = await newCustomer(s, { firstName: 'Olive', lastName: 'Orders', address1: '9 Home Rd', city: 'Waco', state: 'TX', zip: '76701' });
    const none = await s.api('GET', '/customers/getPreviousAddress', { query: { id: c.customerID } });
    expect(none.json).toMatchObject({ address1: '9 Home Rd', city: 'Waco' });
    await newOrder(s.sellerId, c.customerID, { date: '2026-01-01T00:00:00.000Z', total: 10 });
    const latest = await newOrder(s.sellerId, c.customerID, { date: '2026-02-01T00:00:00.000Z', total: 30 });
    const list = await s.api('GET', '/customers/listOrders', { query: { customerID: c.customerID } });
    expect(list.status).toBe(200);
    expect(list.json.orders.map((o: { orderID: string }) => o.orderID)[0]).toBe(latest);
    expect(list.json.orders.map((o: { total: number }) => o.total)).toEqual([30, 10]);
    const prev = await s.api('GET', '/customers/getPreviousAddress', { query: { id: c.customerID } });
    expect(prev.json).toMatchObject({ address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' });

    const saved = await s.api('POST', '/customers/saveOrderAddress', {
      body: { orderID: latest, customerID: c.customerID, address1: '5 New St', city: 'Dallas', state: 'TX', zip: '75201' },
    });
    expect(saved.status).toBe(200);
    expect((await s.api('GET', '/customers/get', { query: { id: c.customerID } })).json).toMatchObject({ address1: '5 New St', city: 'Dallas' });
    expect((await s.api('GET', '/customers/getPreviousAddress', { query: { id: c.customerID } })).json).toMatchObject({ address1: '5 New St' });
    const bad = await s.api('POST', '/customers/saveOrderAddress', { body: { orderID: latest, customerID: c.customerID, address1: '', city: 'D', state: 'TX', zip: '1' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({ address1: 'Street address is required.', zip: 'ZIP must be at least 5 characters.' });
  });
});

describe('merge', () => {
  it('offers customers with the same email, phone or full name, and merges them into the kept one', async () => {
    const s = await createTestSeller();
    const kept = await newCustomer(s, { firstName: 'Mary', lastName: 'Major', email: 'mary@x.test' });
    const byEmail = await newCustomer(s, { firstName: 'M', lastName: 'Major', email: 'MARY@x.test', phone: '512 555 0111', birthday: '05/06' });
    const byName = await newCustomer(s, { firstName: 'mary', lastName: 'major', address1: '7 Elm St', city: 'Austin', state: 'TX', zip: '78702' });
    await newCustomer(s, { firstName: 'Other', lastName: 'Person', email: 'other@x.test' });
    await setBalances(s.sellerId, kept.customerID, 3, 40);
    await setBalances(s.sellerId, byEmail.customerID, 5, 60.5);
    await setBalances(s.sellerId, byName.customerID, 2, 10);
    const o1 = await newOrder(s.sellerId, byEmail.customerID);
    const o2 = await newOrder(s.sellerId, byName.customerID);
    const o3 = await newOrder(s.sellerId, byName.customerID, { status: 'pending' });

    const matching = await s.api('GET', '/customers/getMatchingForMerge', { query: { id: kept.customerID } });
    expect(matching.json.customers.map((c: { customerID: string }) => c.customerID).sort()).toEqual([byEmail.customerID, byName.customerID].sort());

    const res = await s.api('POST', '/customers/merge', { body: { id: kept.customerID, mergeIds: [byEmail.customerID, byName.customerID] } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      customerID: kept.customerID,
      firstName: 'Mary',
      email: 'mary@x.test',
      phone: '512 555 0111',
      birthday: '05/06',
      address1: '7 Elm St',
      rewardBalance: 10,
      totalSpend: 110.5,
    });
    const orders = await s.api('GET', '/customers/listOrders', { query: { customerID: kept.customerID } });
    expect(orders.json.orders.map((o: { orderID: string }) => o.orderID).sort()).toEqual([o1, o2, o3].sort());
    for (const gone of [byEmail.customerID, byName.customerID]) {
      expect((await s.api('GET', '/customers/get', { query: { id: gone } })).status).toBe(404);
    }
    expect((await s.api('GET', '/customers/search', { query: { q: 'mary' } })).json.customers).toHaveLength(1);
    expect((await s.api('GET', '/customers/search', { query: { q: '512555' } })).json.customers[0].customerID).toBe(kept.customerID);
    expect((await getSellerProfile(s.sellerId))?.customerCount).toBe(2);

    // The same request again (a retry after a lost answer) changes nothing more.
    const again = await s.api('POST', '/customers/merge', { body: { id: kept.customerID, mergeIds: [byEmail.customerID, byName.customerID] } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(res.json);
    expect((await getSellerProfile(s.sellerId))?.customerCount).toBe(2);
  });

  it('refuses to merge a customer into itself', async () => {
    const s = await createTestSeller();
    const c = await newCustomer(s, { firstName: 'Solo', lastName: 'Self' });
    const res = await s.api('POST', '/customers/merge', { body: { id: c.customerID, mergeIds: [c.customerID] } });
    expect(res.status).toBe(400);
    expect(res.json.errors.mergeIds).toBe('A customer cannot be merged into itself.');
  });
});

describe("tenant isolation: another seller's customer is a 404 and nothing changes", () => {
  it('cannot be read, changed, merged, adjusted or deleted', async () => {
    const owner = await createTestSeller({ plan: 'growth' });
    const intruder = await createTestSeller({ plan: 'growth' });
    const theirs = await newCustomer(owner, { firstName: 'Private', lastName: 'Person', email: 'private@x.test' });
    const mine = await newCustomer(intruder, { firstName: 'Private', lastName: 'Person', email: 'private@x.test' });
    await setBalances(owner.sellerId, theirs.customerID, 7, 70);
    const order = await newOrder(owner.sellerId, theirs.customerID);
    const before = (await owner.api('GET', '/customers/get', { query: { id: theirs.customerID } })).json;

    const attempts = [
      intruder.api('GET', '/customers/get', { query: { id: theirs.customerID } }),
      intruder.api('GET', '/customers/listOrders', { query: { customerID: theirs.customerID } }),
      intruder.api('GET', '/customers/getPreviousAddress', { query: { id: theirs.customerID } }),
      intruder.api('GET', '/customers/getMatchingForMerge', { query: { id: theirs.customerID } }),
      intruder.api('POST', '/customers/save', { body: { customerID: theirs.customerID, firstName: 'Hacked', lastName: 'X' } }),
      intruder.api('POST', '/customers/removeCustomers', { body: { customerID: theirs.customerID } }),
      intruder.api('POST', '/customers/merge', { body: { id: mine.customerID, mergeIds: [theirs.customerID] } }),
      intruder.api('POST', '/customers/merge', { body: { id: theirs.customerID, mergeIds: [mine.customerID] } }),
      intruder.api('POST', '/customers/saveOrderAddress', {
        body: { orderID: order, customerID: theirs.customerID, address1: '1 X St', city: 'X', state: 'TX', zip: '12345' },
      }),
      intruder.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID: theirs.customerID, amount: 100 } }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);

    expect((await owner.api('GET', '/customers/get', { query: { id: theirs.customerID } })).json).toEqual(before);
    expect((await owner.api('GET', '/customers/listOrders', { query: { customerID: theirs.customerID } })).json.orders).toHaveLength(1);
    expect((await intruder.api('GET', '/customers/get', { query: { id: mine.customerID } })).json).toMatchObject({ firstName: 'Private', rewardBalance: 0 });
    const mineMatches = await intruder.api('GET', '/customers/getMatchingForMerge', { query: { id: mine.customerID } });
    expect(mineMatches.json.customers).toEqual([]);
    expect((await intruder.api('GET', '/customers/search', { query: { q: 'private' } })).json.customers).toHaveLength(1);
  });
});

describe('POST /rewards/createRewardsAdjustment', () => {
  it('adds and takes points, never below 0', async () => {
    const s = await createTestSeller({ plan: 'growth' });
    const c = await newCustomer(s, { firstName: 'Rita', lastName: 'Rewards' });
    const add = await s.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID: c.customerID, amount: 12 } });
    expect(add.status).toBe(200);
    expect(add.json.rewardBalance).toBe(12);
    const take = await s.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID: c.customerID, amount: -12 } });
    expect(take.json.rewardBalance).toBe(0);
    const below = await s.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID: c.customerID, amount: -1 } });
    expect(below.status).toBe(400);
    expect(below.json.message).toBe('The rewards balance cannot go below 0.');
    expect((await s.api('GET', '/customers/get', { query: { id: c.customerID } })).json.rewardBalance).toBe(0);
  });

  it('keeps the balance at or above 0 when adjustments race', async () => {
    const s = await createTestSeller({ plan: 'growth' });
    const c = await newCustomer(s, { firstName: 'Race', lastName: 'Condition' });
    await setBalances(s.sellerId, c.customerID, 5, 0);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => s.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID: c.customerID, amount: -3 } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await s.api('GET', '/customers/get', { query: { id: c.customerID } })).json.rewardBalance).toBe(2);
  });

  it('is not available on starter (spec section 6)', async () => {
    const s = await createTestSeller({ plan: 'starter' });
    const c = await newCustomer(s, { firstName: 'Stan', lastName: 'Starter' });
    const res = await s.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID: c.customerID, amount: 1 } });
    expect(res.status).toBe(403);
  });
});

describe('countries, states and pasted addresses', () => {
  let s: TestSeller;
  beforeAll(async () => {
    s = await createTestSeller();
  });
  it('lists the ISO 3166 countries and the states of the US and Canada', async () => {
    const countries = (await s.api('GET', '/consultant/getCountries')).json.countries;
    expect(countries).toHaveLength(249);
    expect(countries).toContainEqual({ code: 'US', name: 'United States' });
    const us = (await s.api('GET', '/consultant/getStates', { query: { country: 'US' } })).json.states;
    expect(us).toContainEqual({ code: 'TX', name: 'Texas' });
    expect(us).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    expect(us.length).toBeGreaterThanOrEqual(56);
    const ca = (await s.api('GET', '/consultant/getStates', { query: { country: 'ca' } })).json.states;
    expect(ca).toHaveLength(13);
    expect((await s.api('GET', '/consultant/getStates', { query: { country: 'FR' } })).json.states).toEqual([]);
    expect((await s.api('GET', '/consultant/getStates', { query: { country: 'ZZ' } })).status).toBe(400);
  });
  it('parses a pasted address and says what it cannot read', async () => {
    const ok = await s.api('GET', '/orders/parseAddress', { query: { address: 'Jane Doe\n123 Main St Apt 2\nAustin, TX 78701-1234' } });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ name: 'Jane Doe', address1: '123 Main St', address2: 'Apt 2', city: 'Austin', state: 'TX', zip: '78701-1234', country: 'US' });
    const bad = await s.api('GET', '/orders/parseAddress', { query: { address: 'Jane Doe\n123 Main St\nAustin TX' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('We could not read the ZIP code in that address. Please enter it in the fields.');
  });
});

describe('input a person or a script can send never makes a 500', () => {
  it('answers 400 for over-long ids and searches, and for page cursors that are not ours', async () => {
    const s = await createTestSeller();
    const other = await createTestSeller();
    for (let i = 0; i < 21; i++) await newCustomer(other, { firstName: `Cy${i}`, lastName: 'Cursor' });
    const theirCursor = (await other.api('GET', '/customers/list')).json.cursor as string;
    expect(theirCursor).toBeTruthy();
    const long = 'x'.repeat(3000);
    const calls = [
      s.api('GET', '/customers/get', { query: { id: long } }),
      s.api('GET', '/customers/listOrders', { query: { customerID: long } }),
      s.api('GET', '/customers/search', { query: { q: long } }),
      s.api('POST', '/customers/merge', { body: { id: 'a', mergeIds: [long] } }),
      s.api('GET', '/orders/parseAddress', { query: { address: long } }),
      s.api('GET', '/customers/list', { query: { cursor: 'garbage' } }),
      s.api('GET', '/customers/search', { query: { q: 'cy', cursor: 'garbage' } }),
      s.api('GET', '/customers/list', { query: { cursor: theirCursor } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    expect((await other.api('GET', '/customers/list', { query: { cursor: theirCursor } })).json.customers).toHaveLength(1);
  });
});

describe('reindexCustomerTerms (customers stored before search existed)', () => {
  it('makes them searchable, and running it again changes nothing', async () => {
    const { customerEntity } = await import('../../functions/data/entities.js');
    const { reindexCustomerTerms, searchCustomers } = await import('../../functions/data/customers.js');
    const sellerId = crypto.randomUUID();
    await customerEntity().put([{ sellerId, customerId: 'old-1', firstName: 'Olga', lastName: 'Older', email: 'olga@old.test' }]).go();
    expect((await searchCustomers(sellerId, 'olga')).customers).toEqual([]);
    expect(await reindexCustomerTerms(sellerId)).toBe(1);
    expect(await reindexCustomerTerms(sellerId)).toBe(1);
    expect((await searchCustomers(sellerId, 'olga')).customers.map((c) => c.customerId)).toEqual(['old-1']);
    expect((await searchCustomers(sellerId, 'older')).customers).toHaveLength(1);
  });
});
