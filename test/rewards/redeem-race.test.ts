import { afterEach, describe, expect, it } from 'vitest';
import { adjustRewardBalance, getCustomer } from '../../functions/data/customers.js';
import { redeem } from '../../functions/data/rewards.js';
import { newCustomer } from '../customers/support.js';
import { intercept, restoreFaults } from '../support/ddb-faults.js';
import { createTestSeller } from '../support/sellers.js';

/**
 * Two requests redeeming under one request key, interleaved so that the second reads the key before the first
 * commits and the balance after it: the order an emulator only sometimes produces (it did in a fresh-clone run,
 * answering 409 "nothing to redeem" to a repeated request). Every command goes to the real table; only the order of
 * the second request's two reads is arranged.
 */
const program = { goalCount: 2, rewardText: 'A free candle', icon: 'star' as const };

afterEach(restoreFaults);

describe('redeem under one request key (local cloud)', { timeout: 60_000 }, () => {
  it('a repeated request that reads the key before the first commits and the balance after it answers as the first did', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const c = await newCustomer(seller, { firstName: 'Redeem', lastName: 'Race', email: 'redeem.race@shop.test' });
    const customerId = c.customerID as string;
    // A balance of 3 with a goal of 2: one reward, after which nothing is left to redeem.
    expect(await adjustRewardBalance(seller.sellerId, customerId, 3)).toEqual({ ok: true, rewardBalance: 3 });
    const requestKey = 'key-racerace';

    let keyReadIssued: (read: Promise<unknown>) => void = () => {};
    const keyRead = new Promise<Promise<unknown>>((resolve) => {
      keyReadIssued = resolve;
    });
    let keyCaptured = false;
    let arranged = false;
    intercept(async (name, input, send) => {
      const sk = String((input.Key as { sk?: string } | undefined)?.sk);
      if (name !== 'GetCommand') return send();
      if (!keyCaptured && sk.includes(requestKey)) {
        keyCaptured = true;
        const read = send();
        keyReadIssued(read);
        return read;
      }
      if (!arranged && sk.includes(customerId)) {
        arranged = true;
        await keyRead; // the second request's key read is answered first (nothing there yet) ...
        // ... then the first request runs whole ...
        expect(await redeem(seller.sellerId, customerId, requestKey, program)).toMatchObject({ ok: true, repeated: false, rewardBalance: 1 });
      }
      return send(); // ... and the second reads the balance it left.
    });

    const second = await redeem(seller.sellerId, customerId, requestKey, program);
    expect(arranged).toBe(true);
    expect(second).toMatchObject({ ok: true, repeated: true, rewardBalance: 1 });
    expect((await getCustomer(seller.sellerId, customerId))?.rewardBalance).toBe(1);
  });
});
