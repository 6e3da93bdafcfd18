import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { orderEntity } from '../../functions/data/entities.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { CustomerResolver, upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { intercept, restoreFaults } from '../support/ddb-faults.js';
import { createTestSeller } from '../support/sellers.js';
import { importedOrder } from './support.js';
import { upload } from './upload-support.js';

/**
 * The auditor's files (2026-11, Import Orders as a seller): exact repeats and scattered rows of one order, a
 * re-import of an order with a label, an order number already synced from a platform, a template missing a column.
 * Each through the real upload, queue and worker against the local cloud.
 */

afterEach(restoreFaults);

async function storedOrders(sellerId: string) {
  const { data } = await orderEntity().query.byDate({ sellerId }).go({ pages: 'all' });
  return data;
}

const TEMPLATE = 'Order Number,Order Date,Status,First Name,Last Name,Email,Phone,Company,Address 1,Address 2,City,State,Zip,Country,SKU,Item Name,Quantity,Unit Price,Shipping,Tax,Total';

describe('orders CSV import: the auditor files', () => {
  it('05: an exact repeat of a row is imported once with a warning, and a row apart from its order is refused by its line', async () => {
    const seller = await createTestSeller();
    const file = [
      TEMPLATE,
      'E-5001,11/18/2026,,Sam,Rivera,sam.rivera@example.com,,,1 Oak Way,,Boise,ID,83702,US,,Hydrating Face Mist,1,22.00,,,22.00',
      'E-5001,11/18/2026,,Sam,Rivera,sam.rivera@example.com,,,1 Oak Way,,Boise,ID,83702,US,,Hydrating Face Mist,1,22.00,,,22.00',
      'E-5002,11/18/2026,,Kim,Lee,kim.lee@example.com,,,2 Oak Way,,Boise,ID,83702,US,,Vanilla Bean Soy Candle,1,19.50,,,19.50',
      'E-5001,,,,,,,,,,,,,,,Lavender Fields Soy Candle,1,24.00,,,',
      '',
    ].join('\n');
    const { job } = await upload(seller, '/upload/csvSync', '05-duplicates.csv', file);
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 2 });
    expect(job?.rowsDone).toBe(4);
    expect(job?.errors).toEqual([
      { line: 3, reason: MESSAGES.importDuplicateRow('3', '2'), warning: true },
      { line: 5, reason: MESSAGES.importRowsApart('E-5001', '2') },
    ]);
    const orders = await storedOrders(seller.sellerId);
    const mist = orders.find((o) => o.orderNumber === 'E-5001');
    // One line, and a subtotal and total that agree with it (the repeat made $44 of items under a $22 total).
    expect(mist?.items).toEqual([{ name: 'Hydrating Face Mist', quantity: 1, price: 22 }]);
    expect(mist).toMatchObject({ subtotal: 22, total: 22 });
  });

  it('17: re-importing an order that has a label changes nothing of it and says why', async () => {
    const seller = await createTestSeller();
    const header = 'Order Number,Order Date,First Name,Last Name,Email,Address 1,City,State,Zip,Country,Item Name,Quantity,Unit Price,Total';
    const first = `${header}\nE-5001,11/18/2026,Sam,Rivera,sam.rivera@example.com,1 Oak Way,Boise,ID,83702,US,Hydrating Face Mist,1,22.00,22.00\n`;
    expect((await upload(seller, '/upload/csvSync', 'first.csv', first)).job).toMatchObject({ ordersCreated: 1 });
    const [order] = await storedOrders(seller.sellerId);
    await orderEntity()
      .patch({ sellerId: seller.sellerId, orderId: order!.orderId })
      .set({ status: 'shipped', labelId: 'lbl-1', trackingNumber: '9400100000000000000001', carrier: 'USPS' })
      .go();

    const again = `${header}\nE-5001,11/18/2026,Sam,Rivera,sam.rivera@example.com,99 New Address Rd,Boise,ID,83702,US,Hydrating Face Mist,3,22.00,66.00\n`;
    const { job } = await upload(seller, '/upload/csvSync', '17-reimport-labelled.csv', again);
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 0, ordersUpdated: 0 });
    expect(job?.errors).toEqual([{ line: 2, reason: MESSAGES.importOrderHasLabel('E-5001') }]);
    const [after] = await storedOrders(seller.sellerId);
    expect(after).toMatchObject({ labelId: 'lbl-1', status: 'shipped', total: 22, items: [{ name: 'Hydrating Face Mist', quantity: 1, price: 22 }] });
    expect(after?.shipTo?.address1).toBe('1 Oak Way');
  });

  it('16: an order number already synced from a platform is not imported a second time', async () => {
    const seller = await createTestSeller();
    await upsertImportedOrders(seller.sellerId, [
      importedOrder(1, { platformOrderId: '5500000010614', orderNumber: '#10614', customer: { firstName: 'Mason', lastName: 'Simmons', email: 'mason.simmons30@example.com' } }),
    ]);
    const file = 'Order Number,Order Date,First Name,Last Name,Email,Item Name,Quantity,Unit Price,Total\n10614,11/25/2026,Mason,Simmons,mason.simmons30@example.com,Birthstone Pendant Necklace,2,42.00,84.00\n';
    const { job } = await upload(seller, '/upload/csvSync', '16-existing-number.csv', file);
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 0, ordersUpdated: 0 });
    expect(job?.errors).toEqual([{ line: 2, reason: MESSAGES.importNumberTaken('10614') }]);
    const orders = await storedOrders(seller.sellerId);
    expect(orders.map((o) => [o.platform, o.orderNumber])).toEqual([['shopify', '#10614']]);
    expect((await getSellerProfile(seller.sellerId))?.orderCount).toBe(1);
  });

  it('two imports at once that each read a new number as free add it once; the other says the number is taken', async () => {
    const seller = await createTestSeller();
    // Each import reads the seller's numbers before either puts its orders: the race a read once per import leaves.
    let reads = 0;
    let bothRead!: () => void;
    const read = new Promise<void>((resolve) => {
      bothRead = resolve;
    });
    intercept(async (name, input, send) => {
      if (name === 'BatchWriteCommand') await read;
      const answer = await send();
      if (name === 'QueryCommand' && JSON.stringify(input).includes('ORDERNO') && ++reads === 2) bothRead();
      return answer;
    });
    const fileImport = (o: ReturnType<typeof importedOrder>) =>
      upsertImportedOrders(seller.sellerId, [o], new CustomerResolver(seller.sellerId, undefined, undefined, { refuseTakenNumbers: MESSAGES.importNumberTaken }));
    const results = await Promise.all([
      fileImport(importedOrder(1, { source: 'csv', platformOrderId: '10614', orderNumber: '10614' })),
      fileImport(importedOrder(2, { source: 'shopify', platformOrderId: '5500000010614', orderNumber: '#10614' })),
    ]);
    restoreFaults();

    expect(results.map((r) => r.created).sort()).toEqual([0, 1]);
    const refused = results.flatMap((r) => r.refused ?? []).map((r) => r.reason);
    expect(refused).toHaveLength(1);
    expect([MESSAGES.importNumberTaken('10614'), MESSAGES.importNumberTaken('#10614')]).toContain(refused[0]);
    expect(await storedOrders(seller.sellerId)).toHaveLength(1);
    expect((await getSellerProfile(seller.sellerId))?.orderCount).toBe(1);
  });

  it('13: a template missing required columns is refused, naming them after the spec sentence', async () => {
    const seller = await createTestSeller();
    const { res } = await upload(seller, '/upload/csvSync', '13-missing-col.csv', 'Order Number,Order Date,First Name,Last Name,Item Name,Quantity\nH-1,11/20/2026,Ann,Lee,Mask,1');
    expect(res.status).toBe(400);
    expect(res.json.errors.files).toBe(MESSAGES.unsupportedCsvMissing('Unit Price'));
    expect(res.json.errors.files.startsWith(MESSAGES.unsupportedCsv)).toBe(true);
    expect(await storedOrders(seller.sellerId)).toEqual([]);
  });
});
