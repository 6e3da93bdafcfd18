import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/api/routes.js';
import { type Plan, planRank } from '../../shared/domain/plans.js';
import { getSellerProfile, setSellerPlan } from '../../functions/data/sellers.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/** The server enforces spec section 6 itself: a seller below a route's plan gets 403, whatever the page shows. */
const UPGRADE_REQUIRED = 'Upgrade Required';

function below(plan: Plan): Plan[] {
  return (['starter', 'growth', 'executive'] as const).filter((p) => planRank(p) < planRank(plan));
}

const gated = routeList.filter((r) => r.minPlan !== 'starter').flatMap((r) => below(r.minPlan).map((plan) => [r.id, plan, r] as const));

describe('plan gates by route', () => {
  const sellers = new Map<Plan, Promise<TestSeller>>();
  const sellerOn = (plan: Plan) => {
    if (!sellers.has(plan)) sellers.set(plan, createTestSeller({ plan }));
    return sellers.get(plan)!;
  };

  it('gates the routes of spec section 6: rewards growth, announcement send executive', () => {
    expect(gated.length).toBeGreaterThan(10);
    expect(routeList.find((r) => r.id === 'rewards.sendAnnouncementEmail')?.minPlan).toBe('executive');
    expect(routeList.filter((r) => r.group === 'rewards').every((r) => r.minPlan !== 'starter')).toBe(true);
  });

  it.each(gated)('%s: a %s seller gets 403 Upgrade Required', async (_id, plan, route) => {
    const seller = await sellerOn(plan);
    const before = await getSellerProfile(seller.sellerId);
    const res = await seller.api(route.method, route.path, route.method === 'GET' ? {} : { body: {} });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: UPGRADE_REQUIRED, requiredPlan: route.minPlan });
    expect((await getSellerProfile(seller.sellerId))?.updatedAt).toBe(before?.updatedAt);
  });

  it('a starter seller adjusting rewards gets 403 and the balance is unchanged', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'Ada', lastName: 'Lovelace' } });
    const customerID = saved.json.customerID;
    const res = await seller.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID, amount: 50 } });
    expect(res.status).toBe(403);
    expect((await seller.api('GET', '/customers/get', { query: { id: customerID } })).json.rewardBalance ?? 0).toBe(0);
  });
});

describe('feature gates by what the call asks for', () => {
  it('base and starterlegacy cannot save templates (403); starter passes the gate', async () => {
    for (const pkg of ['base', 'starterlegacy'] as const) {
      const seller = await createTestSeller();
      await setSellerPlan(seller.sellerId, pkg);
      const res = await seller.api('POST', '/consultantemailmarketing/sendemail', {
        body: { customerID: 'c1', subject: 'Hi', message: 'Thanks', saveTemplate: true, templateName: 'Thanks' },
      });
      expect(res.status).toBe(403);
      expect(res.json.requiredPlan).toBe('growth');
    }
    const starter = await createTestSeller();
    const res = await starter.api('POST', '/consultantemailmarketing/sendemail', {
      body: { customerID: 'c1', subject: 'Hi', message: 'Thanks', saveTemplate: true, templateName: 'Thanks' },
    });
    expect(res.status).not.toBe(403);
  });

  it('automatic reward emails are executive only', async () => {
    const body = { startDate: '01/01/2027', goalCount: 10, rewardText: 'Free gift', icon: 'gift', sendRewardsEmail: true };
    const growth = await createTestSeller({ plan: 'growth' });
    const res = await growth.api('POST', '/rewards/savesettings', { body });
    expect(res.status).toBe(403);
    expect(res.json.requiredPlan).toBe('executive');
    const executive = await createTestSeller({ plan: 'executive' });
    expect((await executive.api('POST', '/rewards/savesettings', { body })).status).not.toBe(403);
  });

  it('automatic follow-up is not included for base', async () => {
    const seller = await createTestSeller();
    await setSellerPlan(seller.sellerId, 'base');
    const res = await seller.api('POST', '/settings/save', { body: { automaticFollowUp: true } });
    expect(res.status).toBe(403);
  });
});
