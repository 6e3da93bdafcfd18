import { describe, expect, it } from 'vitest';
import { backfillRewardMembers } from '../../functions/data/backfills.js';
import { adjustRewardBalance, getCustomer } from '../../functions/data/customers.js';
import { customerEntity } from '../../functions/data/entities.js';
import { getOrder } from '../../functions/data/orders.js';
import { rewardMemberEntity } from '../../functions/data/reward-entities.js';
import { getMember, listMembers } from '../../functions/data/rewards.js';
import { importedOrderId } from '../../functions/imports/imported-order.js';
import { CustomerResolver, upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { balanceKey, usDay } from '../../shared/domain/rewards.js';
import { newCustomer } from '../customers/support.js';
import { importedOrder } from '../imports/support.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/**
 * The rewards member on the customer item (docs/data-model.md "Rewards points on the customer"): an import remembers
 * its customers between parts and still loses no balance change made meanwhile, and members written as items of
 * their own before are moved onto their customers by the backfill.
 */

const today = new Date().toISOString().slice(0, 10);
const candles = (quantity: number) => [{ sku: 'CANDLE', name: 'Soy Candle', quantity, price: 10 }];

async function startProgram(seller: TestSeller) {
  const res = await seller.api('POST', '/rewards/savesettings', {
    body: { startDate: usDay(today), goalCount: 10, goalType: 'items', rewardText: 'A free candle' },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

describe('rewards members on the customer (local cloud)', { timeout: 90_000 }, () => {
  it('an import remembering a customer still counts a change made by someone else between its batches', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller);
    const customer = { firstName: 'Kept', lastName: 'Between', email: 'kept.between@shop.test' };
    const first = importedOrder(1, { customer, orderDate: `${today}T10:00:00.000Z`, items: candles(2) });
    const second = importedOrder(2, { customer, orderDate: `${today}T11:00:00.000Z`, items: candles(3) });
    // One resolver for both calls, as the CSV worker hands over one file's batches.
    const resolver = new CustomerResolver(seller.sellerId);
    await upsertImportedOrders(seller.sellerId, [first], resolver);
    const order = await getOrder(seller.sellerId, await importedOrderId(seller.sellerId, first.source, first.platformOrderId));
    const customerId = order?.customerId as string;
    expect((await getCustomer(seller.sellerId, customerId))?.rewardBalance).toBe(2);
    // The seller adds 4 while the import holds the customer as it wrote it (balance 2).
    expect(await adjustRewardBalance(seller.sellerId, customerId, 4)).toEqual({ ok: true, rewardBalance: 6 });
    await upsertImportedOrders(seller.sellerId, [second], resolver);
    expect((await getCustomer(seller.sellerId, customerId))?.rewardBalance).toBe(9);
    // Once however often imported: the same orders again change nothing.
    await upsertImportedOrders(seller.sellerId, [first, second], resolver);
    const stored = await getCustomer(seller.sellerId, customerId);
    expect(stored?.rewardBalance).toBe(9);
    // The customer item is the index entry, at its balance, with no member item of its own.
    expect(stored?.rewardRank).toBe(`${balanceKey(9)}#${customerId}`);
    expect((await rewardMemberEntity().get({ sellerId: seller.sellerId, customerId }).go({ consistent: true })).data).toBeNull();
    const { members } = await listMembers(seller.sellerId);
    expect(members.map((m) => [m.customerId, m.balance])).toEqual([[customerId, 9]]);
  });

  it('the backfill moves a member item of the old layout onto its customer, its marks with it, once', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller);
    const customerId = (await newCustomer(seller, { firstName: 'Olden', lastName: 'Member', email: 'olden@shop.test' })).customerID;
    // As the code before wrote it: the balance on the customer, the member (index, marks) an item of its own.
    await customerEntity().patch({ sellerId: seller.sellerId, customerId }).set({ rewardBalance: 12, rewardRev: 3 }).go();
    await rewardMemberEntity()
      .put({
        sellerId: seller.sellerId,
        customerId,
        name: 'Olden Member',
        searchText: 'olden member olden@shop.test',
        email: 'olden@shop.test',
        balance: 12,
        balanceKey: balanceKey(12),
        redeemed: 2,
        earnedAt: '2026-11-01',
        lastEarnAt: '2026-11-01T10:00:00.000Z',
      })
      .go();
    expect((await listMembers(seller.sellerId)).members).toEqual([]);

    const { moved } = await backfillRewardMembers();
    expect(moved).toBeGreaterThanOrEqual(1);
    expect(await getMember(seller.sellerId, customerId, { consistent: true })).toMatchObject({ balance: 12, redeemed: 2, earnedAt: '2026-11-01' });
    expect((await listMembers(seller.sellerId, { q: 'olden' })).members.map((m) => m.customerId)).toEqual([customerId]);
    expect((await rewardMemberEntity().get({ sellerId: seller.sellerId, customerId }).go({ consistent: true })).data).toBeNull();
    // Run again: nothing of this seller's is left to move, and the customer stays as moved.
    await backfillRewardMembers();
    expect((await getCustomer(seller.sellerId, customerId))?.rewardRedeemed).toBe(2);
  });
});
