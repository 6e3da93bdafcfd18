import { describe, expect, it } from 'vitest';
import type { EmailRequested } from '../../events/schemas.js';
import { unsubscribeToken } from '../../functions/domain/email.js';
import { enqueueEmail } from '../../functions/email/enqueue.js';
import { handler as emailWorker } from '../../functions/jobs/email.js';
import { handler as rewardWorker } from '../../functions/jobs/reward-email.js';
import { withCorrelation } from '../../functions/observability.js';
import { callApi } from '../support/sellers.js';
import { emailsTo, injectSesEvent, testAddress, waitForEmailsTo } from '../support/outbox.js';
import { until } from '../support/until.js';
import { customerOf, deliveryOf, emailSeller, rewardMessage } from './support.js';

/**
 * Deliverability against the local cloud: SES's bounces and complaints (injected on the email-events queue, which the
 * cloud's worker takes) suppress an address for that seller only; the public one-click unsubscribe works without
 * signing in and only with the link's own token; /customers shows both; transactional mail still reaches an
 * unsubscribed customer through the `emails` queue and its worker.
 */

const shipped = (sellerId: string, customerId: string): EmailRequested => ({
  type: 'email.requested',
  sellerId,
  customerId,
  kind: 'shipped',
  category: 'transactional',
  reason: `order:${crypto.randomUUID()}:shipped`,
  subject: 'Your order has shipped',
  text: 'It is on its way.',
});

const emailStatus = async (seller: Awaited<ReturnType<typeof emailSeller>>, customerId: string) =>
  (await seller.api('GET', `/customers/get?id=${encodeURIComponent(customerId)}`)).json.emailStatus as string;

const tokenOf = (listUnsubscribe: string | undefined) => new URL(listUnsubscribe!.slice(1, -1)).searchParams.get('token')!;

describe('bounces and complaints', () => {
  it('a permanent bounce suppresses the address for the seller that sent it, and only that seller', async () => {
    const [a, b] = [await emailSeller(), await emailSeller()];
    const address = testAddress('bounces');
    const ofA = await customerOf(a.sellerId, { email: address });
    const ofB = await customerOf(b.sellerId, { email: address.toUpperCase() });

    // A transient bounce changes nothing; a permanent one (another case of the address) suppresses it.
    await injectSesEvent('Bounce', a.sellerId, address, 'Transient');
    await injectSesEvent('Bounce', a.sellerId, address.toUpperCase());
    await until('the bounce to suppress the address', async () => ((await emailStatus(a, ofA.customerId)) === 'bounced' ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 200,
    });
    expect(await emailStatus(b, ofB.customerId)).toBe('ok');
    const listed = (await a.api('GET', '/customers/list')).json.customers as { customerID: string; emailStatus: string }[];
    expect(listed.find((c) => c.customerID === ofA.customerId)?.emailStatus).toBe('bounced');

    // Nothing more goes to it from A, transactional included; B still reaches it.
    expect((await emailWorker(deliveryOf(shipped(a.sellerId, ofA.customerId)))).batchItemFailures).toEqual([]);
    expect((await rewardWorker(deliveryOf(rewardMessage(a.sellerId, { customerId: ofA.customerId })))).batchItemFailures).toEqual([]);
    expect((await rewardWorker(deliveryOf(rewardMessage(b.sellerId, { customerId: ofB.customerId })))).batchItemFailures).toEqual([]);
    const sent = await emailsTo(address);
    expect(sent.map((e) => e.from)).toEqual([`"${b.businessName}" <no-reply@consultantdesk.test>`]);
  });

  it('a complaint suppresses the address and shows on /customers', async () => {
    const seller = await emailSeller();
    const customer = await customerOf(seller.sellerId);
    await injectSesEvent('Complaint', seller.sellerId, customer.email);
    await until('the complaint to suppress the address', async () => ((await emailStatus(seller, customer.customerId)) === 'complained' ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 200,
    });
  });
});

describe('marketing and transactional mail through the emails queue', () => {
  it('a marketplace buyer or a suppressed address gets no follow-up (marketing) while the shipped email still reaches the buyer', async () => {
    const seller = await emailSeller();
    const etsy = await customerOf(seller.sellerId, { source: 'etsy' });
    const ok = await customerOf(seller.sellerId);
    const followUp = (customerId: string): EmailRequested => ({
      ...shipped(seller.sellerId, customerId),
      kind: 'followUp',
      category: 'marketing',
      reason: `request:${crypto.randomUUID()}`,
      subject: 'Thank you for your order!',
    });
    for (const c of [etsy, ok]) {
      const message = followUp(c.customerId);
      expect((await emailWorker(deliveryOf(message))).batchItemFailures).toEqual([]);
      expect((await emailWorker(deliveryOf(message))).batchItemFailures).toEqual([]);
      expect((await emailWorker(deliveryOf(shipped(seller.sellerId, c.customerId)))).batchItemFailures).toEqual([]);
    }
    expect((await emailsTo(etsy.email)).map((e) => e.subject)).toEqual(['Your order has shipped']);
    const toOk = await emailsTo(ok.email);
    expect(toOk.map((e) => e.subject).sort()).toEqual(['Thank you for your order!', 'Your order has shipped']);
    expect(toOk.find((e) => e.subject.startsWith('Thank'))!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });
});

describe('one-click unsubscribe (public, RFC 8058)', () => {
  it('refuses a missing, forged or foreign token and changes nothing; the link\'s own token unsubscribes without signing in', async () => {
    const seller = await emailSeller();
    const ada = await customerOf(seller.sellerId, { firstName: 'Ada' });
    const grace = await customerOf(seller.sellerId, { firstName: 'Grace' });
    expect((await rewardWorker(deliveryOf(rewardMessage(seller.sellerId, { customerId: ada.customerId })))).batchItemFailures).toEqual([]);
    const [email] = await emailsTo(ada.email);
    const token = tokenOf(email!.headers['list-unsubscribe']);
    const oneClick = (t: string | undefined) =>
      callApi(undefined, 'POST', `/email/unsubscribe${t === undefined ? '' : `?token=${encodeURIComponent(t)}`}`, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

    // Ada's token with its payload changed to name Grace, a token signed with another key, garbage, none at all.
    const [, signature] = token.split('.');
    const renamed = `${Buffer.from(JSON.stringify({ v: 1, s: seller.sellerId, c: grace.customerId })).toString('base64url')}.${signature}`;
    const otherKey = unsubscribeToken('another-secret-of-at-least-thirty-two-chars', { sellerId: seller.sellerId, customerId: grace.customerId });
    for (const t of [renamed, otherKey, 'x.y', 'a'.repeat(900), undefined]) {
      const res = await oneClick(t);
      expect(res.status, String(t)).toBe(400);
      expect(JSON.stringify(res.json)).not.toMatch(/stack|Error:/);
    }
    expect(await emailStatus(seller, grace.customerId)).toBe('ok');
    expect(await emailStatus(seller, ada.customerId)).toBe('ok');

    // The page asks whom from; the one-click POST unsubscribes; saying it again is the same.
    const info = await callApi(undefined, 'GET', `/email/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(info).toMatchObject({ status: 200, json: { businessName: seller.businessName, unsubscribed: false } });
    expect(await oneClick(token)).toMatchObject({ status: 200, json: { businessName: seller.businessName, unsubscribed: true } });
    expect((await callApi(undefined, 'POST', `/email/unsubscribe?token=${encodeURIComponent(token)}`, { body: {} })).status).toBe(200);
    expect(await emailStatus(seller, ada.customerId)).toBe('unsubscribed');
    expect(await emailStatus(seller, grace.customerId)).toBe('ok');

    // No more marketing for Ada; the shipped email (transactional) still reaches her, through the emails queue.
    expect((await rewardWorker(deliveryOf(rewardMessage(seller.sellerId, { customerId: ada.customerId, kind: 'reminder', message: 'Hi' })))).batchItemFailures).toEqual([]);
    // Queued under a request's correlation id: the email carries it (issue 13).
    await withCorrelation('corr-unsubscribe-test', () => enqueueEmail(shipped(seller.sellerId, ada.customerId)));
    const after = await waitForEmailsTo(ada.email, 2);
    expect(after[1]!.headers['x-correlation-id']).toBe('corr-unsubscribe-test');
    expect(after.map((e) => e.subject)).toEqual([email!.subject, 'Your order has shipped']);
    expect(after[1]!.headers['list-unsubscribe']).toBeUndefined();
    expect(after[1]!.text).toContain(`${seller.businessName}\n500 Congress Ave`);
  });

  it("a customer's link unsubscribes their address too: a second record of the same person, or one added later, gets no marketing", async () => {
    const seller = await emailSeller();
    const address = testAddress('twin');
    const ada = await customerOf(seller.sellerId, { email: address, firstName: 'Ada' });
    const twin = await customerOf(seller.sellerId, { email: address.toUpperCase(), firstName: 'Ada' });
    expect((await rewardWorker(deliveryOf(rewardMessage(seller.sellerId, { customerId: ada.customerId })))).batchItemFailures).toEqual([]);
    const [email] = await waitForEmailsTo(address);
    const token = tokenOf(email!.headers['list-unsubscribe']);
    expect((await callApi(undefined, 'POST', `/email/unsubscribe?token=${encodeURIComponent(token)}`, { body: {} })).status).toBe(200);

    // The seller entered Ada twice (or deleted and added her again after she unsubscribed): she still said no.
    const later = await customerOf(seller.sellerId, { email: address, firstName: 'Ada' });
    expect(await emailStatus(seller, twin.customerId)).toBe('unsubscribed');
    expect(await emailStatus(seller, later.customerId)).toBe('unsubscribed');
    for (const customerId of [twin.customerId, later.customerId]) {
      const announcement = rewardMessage(seller.sellerId, { customerId, kind: 'announcement', customerEmail: address });
      expect((await rewardWorker(deliveryOf(announcement))).batchItemFailures).toEqual([]);
    }
    // Orders still get their transactional email.
    await enqueueEmail(shipped(seller.sellerId, twin.customerId));
    const after = await waitForEmailsTo(address, 2);
    expect(after.map((e) => e.subject)).toEqual([email!.subject, 'Your order has shipped']);
  });

  it('an extra address\'s link unsubscribes that address from the seller\'s marketing', async () => {
    const seller = await emailSeller();
    const to = testAddress('extra');
    const first = rewardMessage(seller.sellerId, { kind: 'announcement', to });
    expect((await rewardWorker(deliveryOf(first))).batchItemFailures).toEqual([]);
    const [email] = await emailsTo(to);
    const token = tokenOf(email!.headers['list-unsubscribe']);
    expect((await callApi(undefined, 'POST', `/email/unsubscribe?token=${encodeURIComponent(token)}`, { body: {} })).status).toBe(200);
    expect((await rewardWorker(deliveryOf(rewardMessage(seller.sellerId, { kind: 'announcement', to })))).batchItemFailures).toEqual([]);
    expect(await emailsTo(to)).toHaveLength(1);
  });
});
