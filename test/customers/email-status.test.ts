import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient, dynamo } from '../../functions/adapters/dynamo.js';
import { backfillCustomerSuppressions } from '../../functions/data/backfills.js';
import { createCustomer, getCustomer } from '../../functions/data/customers.js';
import { emailSuppressionEntity } from '../../functions/data/email-entities.js';
import { suppressAddress } from '../../functions/data/email-sends.js';
import { markEmailSuppression, settleEmailSuppressions } from '../../functions/data/suppressions.js';
import { upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { EMAIL_LEDGER } from '../../infra/definitions.js';
import { createTable } from '../../infra/local/resources.js';
import { importedOrder } from '../imports/support.js';
import { intercept, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { testAddress } from '../support/outbox.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { newCustomer } from './support.js';

/**
 * Issue 18: the customer screens' reads (/customers/get, list, search) show each customer's email status from the
 * customer item alone, which carries its address's suppression (docs/data-model.md "Email status on the customer").
 * The reads are made by the customers handler loaded here with the email ledger's name swapped for a table that does
 * not exist: a read that went to the ledger would fail (the first test proves that it does), so every status seen
 * below came from the customer item. Suppressions and customers are written through the real ledger.
 */

const MISSING_LEDGER = `no-ledger-${crypto.randomUUID().slice(0, 8)}`;
type Handler = Parameters<typeof callInProcess>[0];
let readsWithoutLedger: Handler;
let ledgerReadWithoutLedger: (sellerId: string, address: string) => Promise<unknown>;

beforeAll(async () => {
  vi.stubEnv('EMAIL_LEDGER_TABLE_NAME', MISSING_LEDGER);
  vi.resetModules();
  try {
    readsWithoutLedger = (await import('../../functions/http/customers.js')).handler as Handler;
    ledgerReadWithoutLedger = (await import('../../functions/data/suppressions.js')).suppressionOf;
  } finally {
    vi.unstubAllEnvs();
    vi.resetModules();
  }
});

async function readJson(seller: TestSeller, path: string) {
  const res = await callInProcess(readsWithoutLedger, seller, 'GET', path);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return JSON.parse(res.body as string);
}

type Listed = { customerID: string; emailStatus?: string };
const byId = (customers: Listed[]) => Object.fromEntries(customers.map((c) => [c.customerID, c.emailStatus]));

/** The status /customers/get shows (the ledger out of reach). */
const shown = async (seller: TestSeller, customerId: string) => (await readJson(seller, `/customers/get?id=${encodeURIComponent(customerId)}`)).emailStatus as string;
/** The statuses of the seller's first page of /customers/list, by customer id. */
const listed = async (seller: TestSeller) => byId((await readJson(seller, '/customers/list')).customers);
const searched = async (seller: TestSeller, q: string) => byId((await readJson(seller, `/customers/search?q=${encodeURIComponent(q)}`)).customers);

describe('the customer reads make no ledger read', () => {
  it('the handler under test cannot read the ledger, and still answers get, list and search with the email status', async () => {
    const seller = await createTestSeller();
    const address = testAddress('no-ledger');
    const c = await newCustomer(seller, { firstName: 'Ada', lastName: 'Lovelace', email: address });
    await suppressAddress(seller.sellerId, address, 'complained');

    await expect(ledgerReadWithoutLedger(seller.sellerId, address)).rejects.toThrow(/non-existent table|ResourceNotFound|Cannot do operations/i);
    expect(await shown(seller, c.customerID)).toBe('complained');
    expect(await listed(seller)).toEqual({ [c.customerID]: 'complained' });
    expect(await searched(seller, 'lovelace')).toEqual({ [c.customerID]: 'complained' });
  });
});

describe('suppressAddress marks the seller\'s customers with that address', () => {
  it('a bounce shows for every customer of that seller with the address, whatever its case, and for no one else', async () => {
    const [a, b] = [await createTestSeller(), await createTestSeller()];
    const address = testAddress('bounce');
    const first = await newCustomer(a, { firstName: 'Ada', lastName: 'Lovelace', email: address });
    const second = await newCustomer(a, { firstName: 'Augusta', lastName: 'King', email: address.toUpperCase() });
    // Found by the same search term (its last name is the address) but not its address: not marked.
    const namedLikeIt = await newCustomer(a, { firstName: 'Named', lastName: address, email: testAddress('other') });
    const clean = await newCustomer(a, { firstName: 'Grace', lastName: 'Hopper', email: testAddress('clean') });
    const ofB = await newCustomer(b, { firstName: 'Ada', lastName: 'Lovelace', email: address });

    await suppressAddress(a.sellerId, address.toUpperCase(), 'bounced', 'ses-1');

    expect(await shown(a, first.customerID)).toBe('bounced');
    expect(await shown(a, second.customerID)).toBe('bounced');
    expect(await shown(a, namedLikeIt.customerID)).toBe('ok');
    expect(await shown(b, ofB.customerID)).toBe('ok');
    expect(await listed(a)).toEqual({ [first.customerID]: 'bounced', [second.customerID]: 'bounced', [namedLikeIt.customerID]: 'ok', [clean.customerID]: 'ok' });
    expect(await searched(a, address.slice(0, 12))).toMatchObject({ [first.customerID]: 'bounced', [second.customerID]: 'bounced' });
    expect(await listed(b)).toEqual({ [ofB.customerID]: 'ok' });
  });

  it('an unsubscribe never replaces a bounce on the customer, a complaint replaces an unsubscribe', async () => {
    const seller = await createTestSeller();
    const [bounced, unsubscribed] = [testAddress('bounced-first'), testAddress('unsubscribed-first')];
    const one = await newCustomer(seller, { firstName: 'One', lastName: 'Bounced', email: bounced });
    const two = await newCustomer(seller, { firstName: 'Two', lastName: 'Unsubscribed', email: unsubscribed });

    await suppressAddress(seller.sellerId, bounced, 'bounced');
    await suppressAddress(seller.sellerId, bounced, 'unsubscribed');
    await suppressAddress(seller.sellerId, unsubscribed, 'unsubscribed');
    expect(await shown(seller, two.customerID)).toBe('unsubscribed');
    await suppressAddress(seller.sellerId, unsubscribed, 'complained');

    expect(await listed(seller)).toEqual({ [one.customerID]: 'bounced', [two.customerID]: 'complained' });
  });

  it('a mark for an address the customer no longer has is not written', async () => {
    const seller = await createTestSeller();
    const [old, current] = [testAddress('old'), testAddress('current')];
    const c = await newCustomer(seller, { firstName: 'Ada', lastName: 'Lovelace', email: old });
    expect((await seller.api('POST', '/customers/save', { body: { customerID: c.customerID, firstName: 'Ada', lastName: 'Lovelace', email: current, country: 'US' } })).status).toBe(200);

    // A suppressAddress of the old address that read the customer before the change, patching after it.
    expect(await markEmailSuppression(seller.sellerId, { customerId: c.customerID, email: old }, 'bounced')).toBe(false);
    expect(await shown(seller, c.customerID)).toBe('ok');
  });
});

describe('a customer written with an address carries its suppression', () => {
  it('created with, or changed to, a suppressed address shows it; changed to a clean one shows ok', async () => {
    const seller = await createTestSeller();
    const [bounced, complained, clean] = [testAddress('bounced'), testAddress('complained'), testAddress('clean')];
    await suppressAddress(seller.sellerId, bounced, 'bounced');
    await suppressAddress(seller.sellerId, complained, 'complained');

    const created = await newCustomer(seller, { firstName: 'Ada', lastName: 'Lovelace', email: bounced.toUpperCase() });
    const changed = await newCustomer(seller, { firstName: 'Grace', lastName: 'Hopper', email: clean });
    expect(await listed(seller)).toEqual({ [created.customerID]: 'bounced', [changed.customerID]: 'ok' });

    const save = (id: string, email: string) =>
      seller.api('POST', '/customers/save', { body: { customerID: id, firstName: 'Grace', lastName: 'Hopper', email, country: 'US' } });
    expect((await save(changed.customerID, complained)).json.emailStatus).toBe('complained');
    expect(await shown(seller, changed.customerID)).toBe('complained');
    expect((await save(changed.customerID, testAddress('clean-again'))).json.emailStatus).toBe('ok');
    expect(await shown(seller, changed.customerID)).toBe('ok');
    expect((await getCustomer(seller.sellerId, changed.customerID))?.emailSuppression).toBeUndefined();
    // The address taken away: no address, no status.
    expect((await save(created.customerID, '')).status).toBe(200);
    expect(await shown(seller, created.customerID)).toBe('ok');
  });

  it('a merge that gives the kept customer a suppressed address shows it on the kept customer', async () => {
    const seller = await createTestSeller();
    const address = testAddress('merged');
    await suppressAddress(seller.sellerId, address, 'bounced');
    const kept = await newCustomer(seller, { firstName: 'Ada', lastName: 'Lovelace' });
    const merged = await newCustomer(seller, { firstName: 'Ada', lastName: 'Lovelace', email: address });
    const res = await seller.api('POST', '/customers/merge', { body: { id: kept.customerID, mergeIds: [merged.customerID] } });
    expect(res.status).toBe(200);
    expect(await listed(seller)).toEqual({ [kept.customerID]: 'bounced' });
  });

  it('a customer written with a read from before the suppression is marked by the read after its write', async () => {
    const seller = await createTestSeller();
    const address = testAddress('raced');
    // The interleaving of a race: the customer's read of the ledger found nothing, the bounce came before its write.
    const customerId = await createCustomer(seller.sellerId, { firstName: 'Ada', lastName: 'Lovelace', email: address }, { suppressionRead: {} });
    await emailSuppressionEntity().put({ sellerId: seller.sellerId, address, reason: 'bounced' }).go();
    expect(await shown(seller, customerId)).toBe('ok');
    await settleEmailSuppressions(seller.sellerId, [{ customerId, email: address }]);
    expect(await shown(seller, customerId)).toBe('bounced');
  });

  it('an imported buyer with a suppressed address shows it; the other buyers of the batch show ok', async () => {
    const seller = await createTestSeller();
    const orders = Array.from({ length: 6 }, (_, i) => importedOrder(i + 1, { customer: { firstName: 'Buyer', lastName: `Number${i + 1}`, email: testAddress(`buyer${i + 1}`) } }));
    const suppressed = orders[2]!.customer.email!;
    await suppressAddress(seller.sellerId, suppressed.toUpperCase(), 'bounced');
    expect(await upsertImportedOrders(seller.sellerId, orders)).toMatchObject({ created: 6, customersCreated: 6 });

    const statuses = Object.entries(await listed(seller));
    expect(statuses).toHaveLength(6);
    const { customers } = await readJson(seller, '/customers/list');
    const bouncedOnes = (customers as { email: string; emailStatus: string }[]).filter((c) => c.emailStatus === 'bounced').map((c) => c.email);
    expect(bouncedOnes).toEqual([suppressed]);
    expect(statuses.filter(([, s]) => s === 'ok')).toHaveLength(5);
  });
});

describe('what an import pays for its buyers\' email status', () => {
  it('one BatchGet of the ledger before and one after creating a batch\'s new buyers, none for buyers it finds', async () => {
    const seller = await createTestSeller();
    // One batch (96 orders) of 40 buyers.
    const orders = Array.from({ length: 96 }, (_, i) => importedOrder(i + 1, { customer: importedOrder((i % 40) + 1).customer }));
    const ledger = process.env.EMAIL_LEDGER_TABLE_NAME!;
    const ledgerCalls: string[] = [];
    // Every command still goes to DynamoDB Local; the ones naming the ledger are counted.
    intercept(async (name, input, send) => {
      if (JSON.stringify(input).includes(`"${ledger}"`)) ledgerCalls.push(name);
      return send();
    });
    try {
      expect(await upsertImportedOrders(seller.sellerId, orders)).toMatchObject({ created: 96, customersCreated: 40 });
      expect(ledgerCalls).toEqual(['BatchGetCommand', 'BatchGetCommand']);
      ledgerCalls.length = 0;
      const again = orders.map((o, i) => ({ ...o, platformOrderId: `SH-AGAIN-${i}` }));
      expect(await upsertImportedOrders(seller.sellerId, again)).toMatchObject({ created: 96, customersCreated: 0 });
      expect(ledgerCalls).toEqual([]);
    } finally {
      restoreFaults();
    }
  });
});

describe('npm run backfill -- customer-suppressions', () => {
  const ledgers: string[] = [];
  afterAll(async () => {
    for (const TableName of ledgers) await dynamo.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
  });

  it('marks the customers written before with their address\'s suppression; a second run changes nothing', async () => {
    // A ledger of this test's own: what the backfill reads is exactly the suppressions below.
    const ledger = `ledger-backfill-${crypto.randomUUID().slice(0, 8)}`;
    await createTable(dynamo, ledger, EMAIL_LEDGER);
    ledgers.push(ledger);
    const [a, b] = [await createTestSeller(), await createTestSeller()];
    const [bounced, unsubscribed] = [testAddress('old-bounce'), testAddress('old-unsubscribe')];
    // Customers as written before the release: nothing in the (shared) ledger, so nothing carried.
    const one = await newCustomer(a, { firstName: 'One', lastName: 'Bounced', email: bounced });
    const two = await newCustomer(a, { firstName: 'Two', lastName: 'Bounced', email: bounced.toUpperCase() });
    const three = await newCustomer(a, { firstName: 'Three', lastName: 'Unsubscribed', email: unsubscribed });
    const ofB = await newCustomer(b, { firstName: 'Other', lastName: 'Seller', email: bounced });
    expect(await listed(a)).toEqual({ [one.customerID]: 'ok', [two.customerID]: 'ok', [three.customerID]: 'ok' });
    for (const [address, reason] of [[bounced, 'bounced'], [unsubscribed, 'unsubscribed']] as const) {
      const Item = emailSuppressionEntity().put({ sellerId: a.sellerId, address, reason }).params<{ Item: Record<string, unknown> }>().Item;
      await documentClient.send(new PutCommand({ TableName: ledger, Item }));
    }

    expect(await backfillCustomerSuppressions(undefined, ledger)).toEqual({ found: 2, marked: 3 });
    expect(await listed(a)).toEqual({ [one.customerID]: 'bounced', [two.customerID]: 'bounced', [three.customerID]: 'unsubscribed' });
    expect(await listed(b)).toEqual({ [ofB.customerID]: 'ok' });

    const items = async () => Promise.all([one, two, three].map((c) => getCustomer(a.sellerId, c.customerID)));
    const before = await items();
    expect(await backfillCustomerSuppressions(undefined, ledger)).toEqual({ found: 2, marked: 0 });
    expect(await items()).toEqual(before);
  });
});
