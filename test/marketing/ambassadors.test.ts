import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { monthlyEarningCents, monthlyPriceCents } from '../../shared/domain/ambassadors.js';
import { saveSandboxCard } from '../support/payments.js';
import { createTestSeller } from '../support/sellers.js';

const recruits = (seller: Awaited<ReturnType<typeof createTestSeller>>, state: 'pending' | 'paid') =>
  seller.api('GET', '/ambassadors/recruits', { query: { state } }).then((r) => r.json.recruits as { name: string; state: string; monthlyEarningCents: number | null }[]);

describe('ambassadors', () => {
  it('a recruit who joins through the link is pending until the first charge, then paid; another seller sees none', async () => {
    const ambassador = await createTestSeller({ plan: 'growth' });
    const link = await ambassador.api('GET', '/ambassadors/link');
    expect(link.json).toEqual({ code: ambassador.sellerId, path: `/signup?ref=${ambassador.sellerId}`, sharePercent: 10, months: 12 });

    const recruit = await createTestSeller({ plan: 'growth', businessName: 'Recruit Shop' });
    expect((await recruit.api('POST', '/ambassadors/join', { body: { code: link.json.code } })).json).toEqual({ success: true, recorded: true });
    // A second call (a reload, another link) keeps the first ambassador.
    expect((await recruit.api('POST', '/ambassadors/join', { body: { code: link.json.code } })).json.recorded).toBe(false);

    expect(await recruits(ambassador, 'pending')).toEqual([expect.objectContaining({ name: 'Recruit Shop', state: 'pending', monthlyEarningCents: null })]);
    expect(await recruits(ambassador, 'paid')).toEqual([]);

    await saveSandboxCard(recruit);

    expect(await recruits(ambassador, 'pending')).toEqual([]);
    expect(await recruits(ambassador, 'paid')).toEqual([
      expect.objectContaining({ name: 'Recruit Shop', state: 'paid', monthlyEarningCents: monthlyEarningCents(monthlyPriceCents('growth', false)) }),
    ]);

    const other = await createTestSeller({ plan: 'growth' });
    expect(await recruits(other, 'pending')).toEqual([]);
    expect(await recruits(other, 'paid')).toEqual([]);
  });

  it('refuses one\'s own code and a code that is no seller', async () => {
    const seller = await createTestSeller();
    const own = await seller.api('POST', '/ambassadors/join', { body: { code: seller.sellerId } });
    expect(own.status).toBe(400);
    expect(own.json.message).toBe(MESSAGES.referralInvalid);
    expect((await seller.api('POST', '/ambassadors/join', { body: { code: 'not-a-seller' } })).status).toBe(400);
    expect(await recruits(seller, 'pending')).toEqual([]);
  });
});
