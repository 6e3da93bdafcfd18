import { MESSAGES } from '../../shared/api/messages.js';
import { describe, expect, it } from 'vitest';
import { getCustomer } from '../../functions/data/customers.js';
import { consultantEntity, customerEntity, orderEntity } from '../../functions/data/entities.js';
import { importBatchEntity } from '../../functions/data/import-batch-entity.js';
import { getOrder } from '../../functions/data/orders.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { importedOrderId, type ImportedOrder } from '../../functions/imports/imported-order.js';
import { beginImportedOrders, CustomerResolver, upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { newCustomer } from '../customers/support.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { importedOrder } from './support.js';

/** upsertImportedOrders against DynamoDB Local: what every CSV file and platform sync writes through. */

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

async function counts(sellerId: string) {
  const p = await getSellerProfile(sellerId);
  return { orders: p?.orderCount, customers: p?.customerCount };
}

async function stored(sellerId: string, o: ImportedOrder) {
  return getOrder(sellerId, await importedOrderId(sellerId, o.source, o.platformOrderId));
}

async function searchIds(seller: TestSeller, q: string): Promise<string[]> {
  const res = await seller.api('GET', '/customers/search', { query: { q } });
  expect(res.status).toBe(200);
  return res.json.customers.map((c: { customerID: string }) => c.customerID);
}

/** A resolver that dies once asked for the buyers of more than `n` orders: the process crashing half way through a file. */
class CrashingResolver extends CustomerResolver {
  private left: number;
  constructor(sellerId: string, n: number) {
    super(sellerId);
    this.left = n;
  }
  override async idsOf(orders: readonly ImportedOrder[]) {
    this.left -= orders.length;
    if (this.left < 0) throw new Error('worker crashed');
    return super.idsOf(orders);
  }
}

describe('upsertImportedOrders', () => {
  it('creates each order once with its buyer; importing the same orders again changes and counts nothing', async () => {
    const seller = await createTestSeller();
    // 60 orders over 3 chunks of 25; orders 41..60 are second orders of buyers 1..20.
    const orders = range(60).map((n) => importedOrder(n, n > 40 ? { customer: importedOrder(n - 40).customer } : {}));
    expect(await upsertImportedOrders(seller.sellerId, orders)).toEqual({ created: 60, updated: 0, customersCreated: 40 });
    expect(await counts(seller.sellerId)).toEqual({ orders: 60, customers: 40 });

    expect(await upsertImportedOrders(seller.sellerId, orders)).toEqual({ created: 0, updated: 0, customersCreated: 0 });
    expect(await counts(seller.sellerId)).toEqual({ orders: 60, customers: 40 });
    const { data } = await orderEntity().query.byDate({ sellerId: seller.sellerId }).go({ pages: 'all' });
    expect(data).toHaveLength(60);

    const first = await stored(seller.sellerId, orders[0] as ImportedOrder);
    const repeat = await stored(seller.sellerId, orders[40] as ImportedOrder);
    expect(repeat?.customerId).toBe(first?.customerId);
    expect(first).toMatchObject({ platform: 'shopify', platformOrderId: 'SH-1', orderNumber: '#1001', total: 32, customerName: 'Buyer Number1' });
  });

  it('updates what the platform owns and keeps what the seller did here', async () => {
    const seller = await createTestSeller();
    const shippedHere = importedOrder(1);
    const open = importedOrder(2);
    await upsertImportedOrders(seller.sellerId, [shippedHere, open]);
    const shippedId = await importedOrderId(seller.sellerId, 'shopify', 'SH-1');
    await orderEntity()
      .patch({ sellerId: seller.sellerId, orderId: shippedId })
      .set({ status: 'shipped', trackingNumber: '9400100000000000000001', labelId: 'lbl-1', carrier: 'USPS', followUpEmailSent: true })
      .go();

    const changes = {
      orderNumber: '#9001',
      orderDate: '2026-04-02T09:30:00.000Z',
      status: 'cancelled' as const,
      items: [
        { name: 'Soy Candle', quantity: 1, price: 12.5 },
        { sku: 'WICK', name: 'Wick Trimmer', quantity: 1, price: 8 },
      ],
      subtotal: 20.5,
      shipping: 4,
      tax: 1.5,
      total: 26,
      shipTo: { name: 'Gift Recipient', address1: '9 Elm St', city: 'Dallas', state: 'TX', zip: '75201', country: 'US' },
    };
    const result = await upsertImportedOrders(seller.sellerId, [
      { ...shippedHere, ...changes },
      { ...open, ...changes },
    ]);
    // The labelled order keeps what its label was bought for (the order's own edit refuses it too).
    expect(result).toEqual({
      created: 0,
      updated: 1,
      customersCreated: 0,
      refused: [{ order: { ...shippedHere, ...changes }, reason: MESSAGES.importOrderHasLabel('#9001') }],
    });

    const platformPart = { ...changes, status: undefined };
    const shipped = await getOrder(seller.sellerId, shippedId);
    expect(shipped).toMatchObject({
      orderNumber: shippedHere.orderNumber,
      total: shippedHere.total,
      items: shippedHere.items,
      shipTo: shippedHere.shipTo,
      status: 'shipped',
      trackingNumber: '9400100000000000000001',
      labelId: 'lbl-1',
      followUpEmailSent: true,
    });
    expect(await stored(seller.sellerId, open)).toMatchObject({ ...platformPart, status: 'cancelled', followUpEmailSent: false });
    // Moved in the date index with its new date (the labelled one kept its own).
    const { data: byDate } = await orderEntity().query.byDate({ sellerId: seller.sellerId }).begins({ orderDate: '2026-04-02' }).go();
    expect(byDate).toHaveLength(1);
    expect(await counts(seller.sellerId)).toEqual({ orders: 2, customers: 2 });
  });

  it("finds buyers among the seller's customers by email, else by full name, and makes new ones searchable", async () => {
    const seller = await createTestSeller();
    const byEmail = await newCustomer(seller, { firstName: 'Margaret', lastName: 'Hamilton', email: 'mh@apollo.test' });
    const byName = await newCustomer(seller, { firstName: 'Katherine', lastName: 'Johnson' });
    const result = await upsertImportedOrders(seller.sellerId, [
      importedOrder(1, { customer: { firstName: 'Maggie', lastName: 'H', email: 'MH@apollo.test' } }),
      importedOrder(2, { customer: { firstName: 'katherine', lastName: 'JOHNSON' } }),
      importedOrder(3, { customer: { firstName: 'Dorothy', lastName: 'Vaughan', email: 'dv@nasa.test', phone: '757-555-0100' } }),
    ]);
    expect(result).toEqual({ created: 3, updated: 0, customersCreated: 1 });
    expect((await stored(seller.sellerId, importedOrder(1)))?.customerId).toBe(byEmail.customerID);
    expect((await stored(seller.sellerId, importedOrder(2)))?.customerId).toBe(byName.customerID);
    const created = (await stored(seller.sellerId, importedOrder(3)))?.customerId as string;
    expect(await searchIds(seller, 'vaug')).toEqual([created]);
    expect(await searchIds(seller, 'dv@nasa')).toEqual([created]);
    expect(await getCustomer(seller.sellerId, created)).toMatchObject({ firstName: 'Dorothy', email: 'dv@nasa.test', address1: '3 Main St' });
    expect(await counts(seller.sellerId)).toEqual({ orders: 3, customers: 3 });
  });

  it('keeps marketplaces buyers out of marketing when the source says so', async () => {
    const seller = await createTestSeller();
    await upsertImportedOrders(seller.sellerId, [
      importedOrder(1, { source: 'etsy', customer: { firstName: 'Etsy', lastName: 'Buyer', marketingAllowed: false } }),
    ]);
    const order = await stored(seller.sellerId, importedOrder(1, { source: 'etsy' }));
    expect(await getCustomer(seller.sellerId, order?.customerId as string)).toMatchObject({ marketingAllowed: false });
  });

  it('a batch retried after a crash half way finishes it with exact counts and no duplicate orders or customers', async () => {
    const seller = await createTestSeller();
    // Two batches (96 and 24 orders) of 40 buyers; the worker dies while looking up the buyers of the second.
    const orders = range(120).map((n) => importedOrder(n, { customer: importedOrder(n % 40).customer }));
    await expect(upsertImportedOrders(seller.sellerId, orders, new CrashingResolver(seller.sellerId, 100))).rejects.toThrow('worker crashed');
    expect((await counts(seller.sellerId)).orders).toBe(96);

    expect(await upsertImportedOrders(seller.sellerId, orders)).toMatchObject({ created: 24, updated: 0 });
    expect(await counts(seller.sellerId)).toEqual({ orders: 120, customers: 40 });
    for (const n of [1, 20, 39]) expect(await searchIds(seller, `buyer${n}@`)).toHaveLength(1);
  });

  it('orders a batch put without writing their effects (the worker stopped in between) are counted once when it comes again', async () => {
    const seller = await createTestSeller();
    // 30 orders of 3 buyers, $32 each.
    const orders = range(30).map((n) => importedOrder(n, { customer: importedOrder(n % 3).customer }));
    await upsertImportedOrders(seller.sellerId, orders);
    // The state a stop between the orders' batch writes and the batch's effects leaves: orders, no checkpoint, no effect.
    const { data: checkpoints } = await importBatchEntity().query.byId({ sellerId: seller.sellerId }).go({ pages: 'all' });
    expect(checkpoints.length).toBeGreaterThan(0);
    await importBatchEntity().delete(checkpoints).go();
    await consultantEntity().patch({ sellerId: seller.sellerId }).set({ orderCount: 0 }).go();
    const buyers = [...new Set((await Promise.all(orders.map((o) => stored(seller.sellerId, o)))).map((o) => o?.customerId as string))];
    for (const customerId of buyers) await customerEntity().patch({ sellerId: seller.sellerId, customerId }).set({ totalSpend: 0 }).go();

    expect(await upsertImportedOrders(seller.sellerId, orders)).toEqual({ created: 30, updated: 0, customersCreated: 0 });
    expect(await upsertImportedOrders(seller.sellerId, orders)).toEqual({ created: 0, updated: 0, customersCreated: 0 });
    expect(await counts(seller.sellerId)).toEqual({ orders: 30, customers: 3 });
    for (const customerId of buyers) expect((await getCustomer(seller.sellerId, customerId))?.totalSpend).toBe(320);
  });

  it("keeps each buyer's total spend with every order it has, whatever its source: imported, changed, cancelled, live", async () => {
    const seller = await createTestSeller();
    const buyer = importedOrder(1).customer;
    const orders = [1, 2, 3].map((n) => importedOrder(n, { customer: buyer }));
    await upsertImportedOrders(seller.sellerId, orders);
    await upsertImportedOrders(seller.sellerId, orders);
    const customerId = (await stored(seller.sellerId, orders[0] as ImportedOrder))?.customerId as string;
    const spend = async () => (await seller.api('GET', '/customers/get', { query: { id: customerId } })).json.totalSpend;
    expect(await spend()).toBe(96);

    await upsertImportedOrders(seller.sellerId, [{ ...(orders[1] as ImportedOrder), total: 40 }]);
    expect(await spend()).toBe(104);
    await upsertImportedOrders(seller.sellerId, [{ ...(orders[2] as ImportedOrder), status: 'cancelled' }]);
    expect(await spend()).toBe(72);

    const placed = await seller.api('POST', '/orders/save', { body: { customerId, items: [{ name: 'Soy Candle', quantity: 2, price: 10 }], shipping: 5 } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    expect(await spend()).toBe(97);
    const edit = { orderId: placed.json.orderId, customerId, items: [{ name: 'Soy Candle', quantity: 1, price: 10 }], shipping: 5 };
    await seller.api('POST', '/orders/save', { body: edit });
    expect(await spend()).toBe(87);
    await seller.api('POST', '/orders/save', { body: { ...edit, status: 'cancelled' } });
    expect(await spend()).toBe(72);
  });

  it('an order handed over again while its batch is in flight (its effects not yet written) is counted once, then updated', async () => {
    const seller = await createTestSeller();
    const resolver = new CustomerResolver(seller.sellerId);
    // A whole batch of 96 buyers (two parts, two transactions of their effects); the order handed over again is the
    // batch's last in id order, counted by the second part: the longest wait for its count.
    const orders = range(96).map((n) => importedOrder(n));
    const ids = await Promise.all(orders.map((o) => importedOrderId(seller.sellerId, o.source, o.platformOrderId)));
    const last = orders[ids.indexOf([...ids].sort().at(-1) as string)] as ImportedOrder;
    // The CSV worker hands over the next batch before the one before is counted: the order is in both (a file that
    // lists it twice, apart), changed the second time.
    const first = await beginImportedOrders(seller.sellerId, orders, resolver);
    const second = await beginImportedOrders(seller.sellerId, [{ ...last, total: 50 }, importedOrder(97)], resolver);
    const [a, b] = await Promise.all([first.done, second.done]);
    expect(a).toEqual({ created: 96, updated: 0, customersCreated: 96 });
    expect(b).toEqual({ created: 1, updated: 1, customersCreated: 1 });
    expect(await counts(seller.sellerId)).toEqual({ orders: 97, customers: 97 });
    const customerId = (await stored(seller.sellerId, last))?.customerId as string;
    expect((await getCustomer(seller.sellerId, customerId))?.totalSpend).toBe(50);
  });

  it('two imports of the same orders at once create each order once and count it once', async () => {
    const seller = await createTestSeller();
    const orders = range(30).map((n) => importedOrder(n, { customer: { firstName: 'Same', lastName: 'Buyer', email: 'same@shop.test' } }));
    await upsertImportedOrders(seller.sellerId, orders.slice(0, 1));
    const [a, b] = await Promise.all([upsertImportedOrders(seller.sellerId, orders), upsertImportedOrders(seller.sellerId, orders)]);
    expect((a?.created ?? 0) + (b?.created ?? 0)).toBe(29);
    expect(await counts(seller.sellerId)).toEqual({ orders: 30, customers: 1 });
  });

  it("one seller's import never touches another seller's order with the same platform id", async () => {
    const [s1, s2] = await Promise.all([createTestSeller(), createTestSeller()]);
    await upsertImportedOrders(s1.sellerId, [importedOrder(7)]);
    expect(await upsertImportedOrders(s2.sellerId, [importedOrder(7, { total: 99 })])).toEqual({ created: 1, updated: 0, customersCreated: 1 });
    expect((await stored(s1.sellerId, importedOrder(7)))?.total).toBe(32);
    expect((await stored(s2.sellerId, importedOrder(7)))?.total).toBe(99);
  });
  it('makes imported orders findable by their number in order pickers, following a renumbering', async () => {
    const seller = await createTestSeller();
    const numbers = async (search: string) =>
      (await seller.api('GET', '/orders/autocomplete', { query: { search } })).json.orders.map((o: { orderNumber: string }) => o.orderNumber);
    await upsertImportedOrders(seller.sellerId, [importedOrder(41), importedOrder(42)]);
    expect(await numbers('#1041')).toEqual(['#1041']);
    await upsertImportedOrders(seller.sellerId, [importedOrder(41, { orderNumber: '#5041' })]);
    expect(await numbers('5041')).toEqual(['#5041']);
    expect(await numbers('1041')).toEqual([]);
  });
});
