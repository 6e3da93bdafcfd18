import { describe, expect, it } from 'vitest';
import { consultantEntity } from '../../functions/data/entities.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { createTestSeller } from '../support/sellers.js';

/**
 * The read-only call groups (READ_ONLY_GROUPS) may not write the table in AWS (infra/aws/table-access.ts), so a
 * first sign-in that lands on one of them is answered the new seller's profile without storing it; the first call
 * of a group that writes stores it.
 */
describe('a first sign-in on a read-only group', () => {
  it('is answered the new profile (no plan chosen yet), stored only by the first call of a group that writes', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    // As if the seller had just signed up: no profile yet.
    await consultantEntity().delete({ sellerId: seller.sellerId }).go();

    const info = await seller.api('GET', '/consultant/getconsultantinfo');
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ plan: null, package: null, email: seller.email, customerCount: 0, orderCount: 0 });
    expect((await seller.api('GET', '/status')).status).toBe(200);
    expect(await getSellerProfile(seller.sellerId)).toBeNull();

    // A group that writes stores it, even when it then sends the seller to choose a plan.
    expect((await seller.api('GET', '/customers/list')).json).toMatchObject({ redirect: '/signup-package' });
    const stored = await getSellerProfile(seller.sellerId);
    expect(stored).toMatchObject({ sellerId: seller.sellerId, email: seller.email });
    expect(stored?.package).toBeUndefined();
  });
});
