import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../functions/domain/email.js';
import { handler as reminderJob } from '../../functions/jobs/reward-reminder.js';
import { usDay } from '../../shared/domain/rewards.js';
import { customerOf, emailSeller } from '../email/support.js';
import { emailsTo, waitForEmailsTo } from '../support/outbox.js';
import { callApi, type TestSeller } from '../support/sellers.js';

/**
 * The automatic reward emails from producer to outbox (issue 14): an order saved through the API queues the
 * "reward earned" email, the daily job (its handler, as EventBridge runs it) queues reminders, and the local
 * cloud's reward-email worker takes them off the real reward-emails queue and sends them through the local SES.
 * test/email/reward-email.test.ts holds the worker alone to its rules; this file holds the whole path to "once".
 */

const DAY = 86_400_000;
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const GOAL = 3;

/** The daily schedule's event (events/schedule/daily.json) at 15:00 UTC of `day`. */
const scheduled = (day: string) => ({
  version: '0',
  id: crypto.randomUUID(),
  'detail-type': 'Scheduled Event' as const,
  source: 'aws.events' as const,
  account: '123456789012',
  time: `${day}T15:00:00Z`,
  region: 'us-east-1',
  resources: ['arn:aws:events:us-east-1:123456789012:rule/reward-reminder'],
  detail: {},
});

async function order(seller: TestSeller, customerId: string, quantity: number, orderId?: string): Promise<string> {
  const saved = await seller.api('POST', '/orders/save', {
    body: { ...(orderId ? { orderId } : {}), customerId, items: [{ name: 'Soy Candle', quantity, price: 10 }] },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return saved.json.orderId as string;
}

const subjects = async (address: string) => (await emailsTo(address)).map((e) => e.subject);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('reward emails, producer to outbox', { timeout: 120_000 }, () => {
  it('earned once per goal however often the order is saved; the job run twice a day reminds each earned customer once; none to the unsubscribed or a marketplace buyer', async () => {
    const seller = await emailSeller();
    const started = await seller.api('POST', '/rewards/savesettings', {
      body: { startDate: usDay(isoDay()), goalCount: GOAL, goalType: 'items', rewardText: 'A free candle', icon: 'gift', sendRewardsEmail: true },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(started.json.settings.sendRewardsEmail).toBe(true);

    const ada = await customerOf(seller.sellerId, { firstName: 'Ada' });
    const grace = await customerOf(seller.sellerId, { firstName: 'Grace' });
    const gone = await customerOf(seller.sellerId, { firstName: 'Gone' });
    const etsy = await customerOf(seller.sellerId, { firstName: 'Etsy', source: 'etsy', marketingAllowed: false });
    // Gone used the unsubscribe link of an earlier email, signed out, as a reader does.
    const token = unsubscribeToken(process.env.EMAIL_LINK_KEY!, { sellerId: seller.sellerId, customerId: gone.customerId });
    const off = await callApi(undefined, 'POST', `/email/unsubscribe?token=${encodeURIComponent(token)}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.status).toBe(200);

    // Ada reaches the goal with one order; Grace in two; the other two reach it too.
    const adaOrder = await order(seller, ada.customerId, GOAL);
    await order(seller, grace.customerId, 1);
    await order(seller, grace.customerId, GOAL - 1);
    await order(seller, gone.customerId, GOAL);
    await order(seller, etsy.customerId, GOAL);
    const [earned] = await waitForEmailsTo(ada.email, 1);
    expect(earned!.subject).toMatch(/^You earned A free candle/);
    expect(earned!.text).toContain(seller.businessName);
    expect((await waitForEmailsTo(grace.email, 1))[0]!.subject).toMatch(/^You earned A free candle/);

    // The same order saved again (unchanged, then as it was) earns nothing more and sends nothing more.
    await order(seller, ada.customerId, GOAL, adaOrder);
    await order(seller, ada.customerId, GOAL, adaOrder);
    const adaNow = await seller.api('GET', '/customers/get', { query: { id: ada.customerId } });
    expect(adaNow.json.rewardBalance).toBe(GOAL);

    // A week after they earned, the daily job, delivered twice that day (EventBridge is at least once), and run
    // again by hand: one reminder to each earned customer who may be written to.
    const weekLater = isoDay(7);
    await reminderJob(scheduled(weekLater));
    await reminderJob(scheduled(weekLater));
    const [reminder] = (await waitForEmailsTo(ada.email, 2)).filter((e) => e.subject.startsWith('A reward is waiting'));
    expect(reminder!.text).toContain(`You have ${GOAL} of ${GOAL} items.`);
    await waitForEmailsTo(grace.email, 2);
    await reminderJob(scheduled(weekLater));

    // The queue drains within moments locally: a late duplicate would show by now.
    await pause(3_000);
    for (const who of [ada, grace]) {
      const got = await subjects(who.email);
      expect(got.filter((s) => s.startsWith('You earned'))).toHaveLength(1);
      expect(got.filter((s) => s.startsWith('A reward is waiting'))).toHaveLength(1);
      expect(got).toHaveLength(2);
    }
    expect(await emailsTo(gone.email)).toEqual([]);
    expect(await emailsTo(etsy.email)).toEqual([]);
  });

  it("a seller's reminder: a double click is one email, a second reminder with other words the same day is another", async () => {
    const seller = await emailSeller();
    const started = await seller.api('POST', '/rewards/savesettings', {
      body: { startDate: usDay(isoDay()), goalCount: GOAL, goalType: 'items', rewardText: 'A free candle', icon: 'gift' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const ada = await customerOf(seller.sellerId, { firstName: 'Ada' });
    const remind = (message: string) => seller.api('POST', '/rewards/sendreminderemail', { body: { customerID: ada.customerId, message } });

    const clicks = await Promise.all([remind('Your candle is waiting.'), remind('Your candle is waiting.')]);
    expect(clicks.map((r) => r.json)).toEqual([1, 2].map(() => ({ success: true, message: 'Emails have been sent!' })));
    await waitForEmailsTo(ada.email, 1);
    // The seller forgot to say when: "Emails have been sent!" must mean this one goes too.
    expect((await remind('Your candle is waiting. Pick it up on Friday!')).status).toBe(200);
    const got = await waitForEmailsTo(ada.email, 2);
    await pause(3_000);
    expect(await emailsTo(ada.email)).toHaveLength(2);
    expect(got.map((e) => e.text.split('\n')[2]).sort()).toEqual(['Your candle is waiting.', 'Your candle is waiting. Pick it up on Friday!']);
  });
});
