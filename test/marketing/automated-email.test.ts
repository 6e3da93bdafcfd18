import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { unsubscribeCustomer, suppressAddress } from '../../functions/data/email-sends.js';
import { setSellerPlan } from '../../functions/data/sellers.js';
import type { ScheduledEvent } from 'aws-lambda';
import { followUpDueEntity } from '../../functions/data/follow-up-entities.js';
import { handler as followUpsJob } from '../../functions/jobs/follow-ups.js';
import { handler as labelBatchWorker } from '../../functions/jobs/label-batch.js';
import { importedOrderId } from '../../functions/imports/imported-order.js';
import { upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { trackingUrl } from '../../shared/domain/tracking.js';
import type { Automation } from '../../shared/schemas/marketing.js';
import { customerOf } from '../email/support.js';
import { importedOrder } from '../imports/support.js';
import { emailsTo, testAddress, waitForEmailsTo } from '../support/outbox.js';
import type { TestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';
import { PARCEL, shippingSeller, shown } from '../shipping/support.js';

/**
 * Automated emails against the local cloud: a label bought through the API (or a batch through its queue) queues
 * the "shipped" email, which the cloud's `emails` worker sends through the local SES; an order an import moves to
 * delivered queues the "delivered" one. Each reaches the customer once, however often its event comes.
 */

const AUTOMATIONS = '/consultantemailmarketing/automations';
const SHIPPED_TEMPLATE = { name: 'Shipped', subject: 'Order {{orderNumber}} is on its way, {{firstName}}', message: 'Track it: {{trackingLink}}\n{{sellerName}}' };

/**
 * Long enough for the cloud's `emails` poller to take and send a queued message (it sends the first within a
 * second or two); an email that should not exist is looked for only after this.
 */
const QUIET_MS = 4_000;
const quiet = () => new Promise((r) => setTimeout(r, QUIET_MS));

const automations = (on: Partial<Record<Automation['trigger'], string>>): Automation[] =>
  (['shipped', 'delivered', 'daysAfter'] as const).map((trigger) => ({
    trigger,
    enabled: on[trigger] !== undefined,
    templateName: on[trigger] ?? 'FollowUpEmail',
    days: trigger === 'daysAfter' ? 7 : 1,
  }));

/** A seller ready to ship whose shipped email (the Shipped template) is on, saved through the API. */
async function shipper(plan: TestSeller['plan'] = 'growth', on = true): Promise<TestSeller> {
  const seller = await shippingSeller(50_000, plan);
  const template = await seller.api('POST', '/consultantemailmarketing/saveTemplate', { body: SHIPPED_TEMPLATE });
  expect(template.status).toBe(200);
  if (on) expect((await seller.api('POST', AUTOMATIONS, { body: { automations: automations({ shipped: 'Shipped' }) } })).status).toBe(200);
  return seller;
}

/** A live-selling order (through the API) for a customer with an address of the test's own. */
async function orderOf(seller: TestSeller, customer: { customerId: string; email: string }) {
  const res = await seller.api('POST', '/orders/save', {
    body: {
      customerId: customer.customerId,
      items: [{ name: 'Soy Candle', quantity: 1, price: 12.5 }],
      shipTo: { name: 'Ada Lovelace', address1: '1 Pine St', city: 'Seattle', state: 'WA', zip: '98101' },
    },
  });
  expect(res.status).toBe(200);
  return res.json as { orderId: string; orderNumber: string };
}

/** Buy Label at the price Get Rates shows for the order's own ZIP. */
async function buy(seller: TestSeller, orderId: string, idempotencyKey = `auto-${orderId}`) {
  const zip = (await seller.api('GET', '/orders/get', { query: { id: orderId } })).json.shipTo?.zip ?? '98101';
  return seller.api('POST', '/shipping/buyLabel', { body: { orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority', PARCEL, zip), idempotencyKey } });
}

describe('the shipped email', () => {
  it('a label bought sends one email with the order, the name and the carrier’s tracking link; a replayed purchase sends no other', async () => {
    const seller = await shipper();
    const customer = await customerOf(seller.sellerId, { firstName: 'Grace' });
    const order = await orderOf(seller, customer);
    const bought = await buy(seller, order.orderId);
    expect(bought.status).toBe(200);

    const [email] = await waitForEmailsTo(customer.email);
    const link = trackingUrl('USPS', bought.json.trackingNumber)!;
    expect(link).toContain(bought.json.trackingNumber);
    expect(email!.subject).toBe(`Order ${order.orderNumber} is on its way, Grace`);
    expect(email!.text).toContain(`Track it: ${link}`);
    // Transactional: no unsubscribe link or header.
    expect(email!.headers['list-unsubscribe']).toBeUndefined();

    const replay = await buy(seller, order.orderId);
    expect(replay.json).toMatchObject({ labelId: bought.json.labelId, replayed: true });
    await quiet();
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });

  it('a batch sends one email per order, and the batch message delivered again sends no other', async () => {
    const seller = await shipper();
    const customer = await customerOf(seller.sellerId);
    const order = await orderOf(seller, customer);
    const body = { orderIds: [order.orderId], service: 'usps_ground_advantage', parcel: PARCEL, idempotencyKey: `email-${order.orderId}` };
    const started = await seller.api('POST', '/shipping/batchPurchase', { body });
    expect(started.status).toBe(200);
    const [email] = await waitForEmailsTo(customer.email, 1, 60_000);
    expect(email!.text).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=');

    const message = { sellerId: seller.sellerId, batchId: started.json.batchId, orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL };
    const again = { Records: [{ messageId: 'redelivered', body: JSON.stringify(message) }] } as SQSEvent;
    expect(await labelBatchWorker(again)).toEqual({ batchItemFailures: [] });
    await quiet();
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });

  it('reaches an unsubscribed customer and a marketplace buyer (it is about their order), never a bounced address', async () => {
    const seller = await shipper();
    const unsubscribed = await customerOf(seller.sellerId);
    await unsubscribeCustomer(seller.sellerId, unsubscribed.customerId);
    const etsy = await customerOf(seller.sellerId, { source: 'etsy', marketingAllowed: false });
    const bounced = await customerOf(seller.sellerId);
    await suppressAddress(seller.sellerId, bounced.email, 'bounced');
    for (const c of [unsubscribed, etsy, bounced]) expect((await buy(seller, (await orderOf(seller, c)).orderId)).status).toBe(200);

    await waitForEmailsTo(unsubscribed.email);
    await waitForEmailsTo(etsy.email);
    await quiet();
    expect(await emailsTo(bounced.email)).toHaveLength(0);
  });

  it('sends nothing when the shipped email is off, or below growth even with settings stored; the label is bought all the same', async () => {
    const off = await shipper('growth', false);
    // Saved while on growth, then a downgrade (the call itself is refused below growth): the settings stay stored.
    const starter = await shipper('growth');
    await setSellerPlan(starter.sellerId, 'starter');
    const customers: { email: string }[] = [];
    for (const seller of [off, starter]) {
      const customer = await customerOf(seller.sellerId);
      customers.push(customer);
      const bought = await buy(seller, (await orderOf(seller, customer)).orderId);
      expect(bought.json).toMatchObject({ status: 'bought', replayed: false });
    }
    await quiet();
    for (const c of customers) expect(await emailsTo(c.email)).toHaveLength(0);
  });
});

describe('the delivered email', () => {
  it('an import that moves an order to delivered sends it once; importing it again or already delivered sends none', async () => {
    const seller = await shippingSeller(0, 'growth');
    expect((await seller.api('POST', AUTOMATIONS, { body: { automations: automations({ delivered: 'FollowUpEmail' }) } })).status).toBe(200);
    const email = testAddress('delivered');
    const historic = testAddress('historic');
    const open = importedOrder(1, { customer: { firstName: 'Lin', lastName: 'Buyer', email } });
    await upsertImportedOrders(seller.sellerId, [open, importedOrder(2, { status: 'delivered', customer: { firstName: 'Old', lastName: 'Buyer', email: historic } })]);
    await quiet();
    expect(await emailsTo(email)).toHaveLength(0);
    expect(await emailsTo(historic)).toHaveLength(0);

    const delivered = { ...open, status: 'delivered' as const };
    expect(await upsertImportedOrders(seller.sellerId, [delivered])).toMatchObject({ updated: 1 });
    const [sent] = await waitForEmailsTo(email);
    expect(sent!.subject).toBe('Thank you for your order, Lin!');
    expect(sent!.text).toContain(`Thank you for your order ${open.orderNumber}.`);

    await upsertImportedOrders(seller.sellerId, [delivered]);
    await quiet();
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('a label’s shipped order the platform reports delivered moves to delivered and sends the email', async () => {
    const seller = await shippingSeller(50_000, 'growth');
    expect((await seller.api('POST', AUTOMATIONS, { body: { automations: automations({ delivered: 'FollowUpEmail' }) } })).status).toBe(200);
    const email = testAddress('shipped-then-delivered');
    const o = importedOrder(3, { customer: { firstName: 'Kay', lastName: 'Buyer', email } });
    await upsertImportedOrders(seller.sellerId, [o]);
    const orderId = await importedOrderId(seller.sellerId, o.source, o.platformOrderId);
    const bought = await buy(seller, orderId);
    expect(bought.status).toBe(200);

    await upsertImportedOrders(seller.sellerId, [{ ...o, status: 'delivered' }]);
    const [sent] = await waitForEmailsTo(email);
    // The default template's tracking link is the label's.
    expect(sent!.text).toContain(trackingUrl('USPS', bought.json.trackingNumber)!);
    const order = await until('the order to read delivered', async () => {
      const res = await seller.api('GET', '/orders/get', { query: { id: orderId } });
      return res.json.status === 'delivered' ? res.json : undefined;
    }, { timeoutMs: 5_000, intervalMs: 200 });
    expect(order).toMatchObject({ labelId: bought.json.labelId, trackingNumber: bought.json.trackingNumber });
  });
  it('a seller who marks an order delivered sends it once; saving it delivered again sends no other', async () => {
    const seller = await shippingSeller(0, 'growth');
    expect((await seller.api('POST', AUTOMATIONS, { body: { automations: automations({ delivered: 'FollowUpEmail' }) } })).status).toBe(200);
    const customer = await customerOf(seller.sellerId, { firstName: 'Rae' });
    const order = await orderOf(seller, customer);
    const mark = () =>
      seller.api('POST', '/orders/save', {
        body: { orderId: order.orderId, customerId: customer.customerId, status: 'delivered', items: [{ name: 'Soy Candle', quantity: 1, price: 12.5 }] },
      });
    expect((await mark()).json.status).toBe('delivered');
    const [sent] = await waitForEmailsTo(customer.email);
    expect(sent!.subject).toBe('Thank you for your order, Rae!');
    expect((await mark()).status).toBe(200);
    await quiet();
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });
});

describe('the days-after email', () => {
  const runOn = (day: Date) => followUpsJob({ id: `run-${crypto.randomUUID()}`, time: day.toISOString() } as ScheduledEvent);
  const daysFromNow = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);
  const dueItem = async (sellerId: string, orderId: string) => (await followUpDueEntity().get({ sellerId, orderId }).go({ consistent: true })).data;

  it('is recorded when the label is bought and sent once on its day by the daily job, not before', async () => {
    const seller = await shippingSeller(50_000, 'growth');
    const on = automations({ daysAfter: 'FollowUpEmail' }).map((a) => (a.trigger === 'daysAfter' ? { ...a, days: 3 } : a));
    expect((await seller.api('POST', AUTOMATIONS, { body: { automations: on } })).status).toBe(200);
    const customer = await customerOf(seller.sellerId, { firstName: 'Noor' });
    const order = await orderOf(seller, customer);
    const bought = await buy(seller, order.orderId);
    expect(bought.status).toBe(200);
    expect(await dueItem(seller.sellerId, order.orderId)).toMatchObject({ dueDate: daysFromNow(3).toISOString().slice(0, 10) });

    await runOn(daysFromNow(2));
    await quiet();
    expect(await emailsTo(customer.email)).toHaveLength(0);

    await runOn(daysFromNow(3));
    const [sent] = await waitForEmailsTo(customer.email);
    expect(sent!.subject).toBe('Thank you for your order, Noor!');
    expect(sent!.text).toContain(trackingUrl('USPS', bought.json.trackingNumber)!);
    // Not about the order's delivery: a marketing email, with its one-click unsubscribe.
    expect(sent!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await dueItem(seller.sellerId, order.orderId)).toBeNull();

    // A late run of the next day, and the purchase replayed (which records the item again): still one email.
    await buy(seller, order.orderId);
    await runOn(daysFromNow(4));
    await quiet();
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });

  it('sends nothing for a voided label, nor once the seller turned it off before the day', async () => {
    const seller = await shippingSeller(50_000, 'growth');
    expect((await seller.api('POST', AUTOMATIONS, { body: { automations: automations({ daysAfter: 'FollowUpEmail' }) } })).status).toBe(200);
    const [kept, voided, later] = [await customerOf(seller.sellerId), await customerOf(seller.sellerId), await customerOf(seller.sellerId)];
    await buy(seller, (await orderOf(seller, kept)).orderId);
    const label = await buy(seller, (await orderOf(seller, voided)).orderId);
    expect((await seller.api('POST', '/shipping/voidLabel', { body: { labelId: label.json.labelId } })).status).toBe(200);
    await runOn(daysFromNow(7));
    await waitForEmailsTo(kept.email);
    await quiet();
    expect(await emailsTo(voided.email)).toHaveLength(0);

    const laterOrder = await orderOf(seller, later);
    await buy(seller, laterOrder.orderId);
    expect((await seller.api('POST', AUTOMATIONS, { body: { automations: automations({}) } })).status).toBe(200);
    await runOn(daysFromNow(7));
    await quiet();
    expect(await emailsTo(later.email)).toHaveLength(0);
    expect(await dueItem(seller.sellerId, laterOrder.orderId)).toBeNull();
  });
});
