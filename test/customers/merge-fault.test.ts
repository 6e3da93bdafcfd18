import { afterEach, describe, expect, it } from 'vitest';
import { mergeCustomers } from '../../functions/data/customer-merge.js';
import { getCustomer } from '../../functions/data/customers.js';
import { listOrdersOfCustomer } from '../../functions/data/orders.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { handler } from '../../functions/http/customers.js';
import { faults, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { newCustomer, newOrder, setBalances } from './support.js';

afterEach(restoreFaults);

const isOrderMove = (name: string, input: Record<string, unknown>) =>
  name === 'UpdateCommand' && String((input.Key as { sk?: string } | undefined)?.sk).startsWith('ORDER#');

async function duplicates(seller: TestSeller) {
  const kept = await newCustomer(seller, { firstName: 'Kate', lastName: 'Kept', email: 'kate@x.test' });
  const a = await newCustomer(seller, { firstName: 'Kate', lastName: 'Kept', phone: '512 555 0142' });
  const b = await newCustomer(seller, { firstName: 'K', lastName: 'Kept', email: 'kate@x.test', birthday: '02/03' });
  await setBalances(seller.sellerId, kept.customerID, 1, 10);
  await setBalances(seller.sellerId, a.customerID, 4, 40);
  await setBalances(seller.sellerId, b.customerID, 6, 60);
  const orders = [
    await newOrder(seller.sellerId, kept.customerID),
    ...(await Promise.all([1, 2, 3, 4].map(() => newOrder(seller.sellerId, a.customerID)))),
    ...(await Promise.all([1, 2, 3].map(() => newOrder(seller.sellerId, b.customerID)))),
  ];
  return { kept: kept.customerID, merged: [a.customerID, b.customerID], orders };
}

/** The state a merge that ran once, cleanly, leaves behind. */
async function expectMergedOnce(seller: TestSeller, d: Awaited<ReturnType<typeof duplicates>>) {
  const kept = await getCustomer(seller.sellerId, d.kept);
  expect(kept).toMatchObject({ rewardBalance: 11, totalSpend: 110, email: 'kate@x.test', phone: '512 555 0142', birthday: '02/03' });
  for (const id of d.merged) {
    expect(await getCustomer(seller.sellerId, id)).toBeNull();
    expect((await listOrdersOfCustomer(seller.sellerId, id)).orders).toEqual([]);
  }
  const orders = (await listOrdersOfCustomer(seller.sellerId, d.kept)).orders;
  expect(orders.map((o) => o.orderId).sort()).toEqual([...d.orders].sort());
  expect((await getSellerProfile(seller.sellerId))?.customerCount).toBe(1);
}

describe('merge interrupted half way, then retried', () => {
  it('moving orders fails after two: the retry moves the rest, adds balances once, loses no order', async () => {
    const seller = await createTestSeller();
    const d = await duplicates(seller);
    let moves = 0;
    faults((name, input) => isOrderMove(name, input) && ++moves === 3);
    await expect(mergeCustomers(seller.sellerId, d.kept, d.merged)).rejects.toThrow(/throughput/);
    restoreFaults();

    // Half done: some orders moved, nothing added, nobody removed.
    const keptOrders = (await listOrdersOfCustomer(seller.sellerId, d.kept)).orders;
    expect(keptOrders).toHaveLength(3);
    expect((await getCustomer(seller.sellerId, d.kept))?.rewardBalance).toBe(1);

    const retry = await mergeCustomers(seller.sellerId, d.kept, d.merged);
    expect(retry.ok).toBe(true);
    await expectMergedOnce(seller, d);
  });

  it('the final write of the second customer fails: the retry finishes it without adding the first one twice', async () => {
    const seller = await createTestSeller();
    const d = await duplicates(seller);
    let transactions = 0;
    faults((name) => name === 'TransactWriteCommand' && ++transactions === 2);
    await expect(mergeCustomers(seller.sellerId, d.kept, d.merged)).rejects.toThrow(/throughput/);
    restoreFaults();
    expect(await getCustomer(seller.sellerId, d.merged[0]!)).toBeNull();
    expect(await getCustomer(seller.sellerId, d.merged[1]!)).toMatchObject({ mergedInto: d.kept });

    expect((await mergeCustomers(seller.sellerId, d.kept, d.merged)).ok).toBe(true);
    await expectMergedOnce(seller, d);
    // and once more: a merge that is done stays done
    expect((await mergeCustomers(seller.sellerId, d.kept, d.merged)).ok).toBe(true);
    await expectMergedOnce(seller, d);
  });

  it("answers the spec's merge failure message, and the same call again completes the merge", async () => {
    const seller = await createTestSeller();
    const d = await duplicates(seller);
    const call = () => callInProcess(handler, seller, 'POST', '/customers/merge', { id: d.kept, mergeIds: d.merged });

    let moves = 0;
    faults((name, input) => isOrderMove(name, input) && ++moves === 5);
    const failed = await call();
    expect(failed.statusCode).toBe(500);
    expect(JSON.parse(String(failed.body))).toEqual({ message: 'The customers could not be merged. Please try again.' });
    restoreFaults();

    const done = await call();
    expect(done.statusCode).toBe(200);
    await expectMergedOnce(seller, d);
  });
});
