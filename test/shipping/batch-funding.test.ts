import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { sqs } from '../../functions/adapters/sqs.js';
import { labelBatchEntity } from '../../functions/data/shipping-entities.js';
import { client } from '../../functions/data/table.js';
import { handler as shippingHandler } from '../../functions/http/shipping.js';
import { batchIdOf } from '../../functions/shipping/batches.js';
import { faults, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { formatMoney } from '../../shared/domain/format.js';
import { createBatch, getBatch } from '../../functions/data/label-batches.js';
import { createOrder, getOrder } from '../../functions/data/orders.js';
import { handler as labelBatchWorker } from '../../functions/jobs/label-batch.js';
import type { TestSeller } from '../support/sellers.js';
import { saveSandboxCard, sandboxToken } from '../support/payments.js';
import { balanceOf, batchSettled, PARCEL, shippingSeller } from './support.js';

/**
 * Batch Purchase pays once for what the balance lacks (docs/decisions.md): one card charge keyed by the batch before
 * any label is bought, never a recharge per label; refused whole, with nothing bought, when it cannot be paid.
 */
const GOOD = { name: 'Ada Lovelace', address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };
const BATCH_RECHARGE = 'Postage recharge for Batch Purchase';
const BATCH_TOP_UP = 'Postage top-up for Batch Purchase';
const AUTO_RECHARGE = 'Postage auto-recharge';

async function orders(seller: TestSeller, count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      createOrder(seller.sellerId, {
        orderNumber: `F-${i + 1}`,
        customerId: 'c1',
        customerName: `Buyer ${i + 1}`,
        orderDate: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
        subtotal: 10,
        total: 10,
        shipTo: GOOD,
      }),
    ),
  );
}

type Charge = { description: string; amountCents: number; feeCents: number; status: string };
const charges = async (seller: TestSeller) => (await seller.api('GET', '/payment/history')).json.charges as Charge[];
const named = (all: Charge[], description: string) => all.filter((c) => c.description === description);

const body = (ids: string[]) => ({ orderIds: ids, service: 'usps_ground_advantage', parcel: PARCEL });

describe('Batch Purchase beyond the postage balance', () => {
  it('charges once for the shortfall in whole auto-recharge amounts, buys every label, and a redelivery or a repeated start charges nothing more', async () => {
    const seller = await shippingSeller(1_000);
    await saveSandboxCard(seller);
    const ids = await orders(seller, 30);
    const before = await charges(seller);

    const quote = await seller.api('POST', '/shipping/batchQuote', { body: body(ids) });
    expect(quote.status).toBe(200);
    const { funding, totalCents } = quote.json;
    const shortfall = totalCents - 1_000;
    const charge = Math.ceil(shortfall / 2_500) * 2_500;
    expect(funding).toMatchObject({ kind: 'recharge', balanceCents: 1_000, totalCents, shortfallCents: shortfall, chargeCents: charge, autoRechargeCents: 2_500 });
    expect(funding.feeCents).toBeGreaterThan(0);

    const start = { ...body(ids), idempotencyKey: 'funding-once-1', confirmedChargeCents: charge };
    const started = await seller.api('POST', '/shipping/batchPurchase', { body: start });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(started.json).toMatchObject({ orderCount: 30, rechargedCents: charge });
    const status = await batchSettled(seller, started.json.batchId);
    expect(status).toMatchObject({ bought: 30, failed: 0, spentCents: totalCents, rechargedCents: charge });

    const after = await charges(seller);
    const made = after.slice(0, after.length - before.length);
    expect(named(made, BATCH_RECHARGE).map((c) => [c.amountCents, c.status])).toEqual([[charge, 'succeeded']]);
    expect(named(made, AUTO_RECHARGE)).toEqual([]);
    expect(named(made, BATCH_TOP_UP)).toEqual([]);
    expect(await balanceOf(seller)).toBe(1_000 + charge - totalCents);

    // A redelivered message, and the same Buy sent again: the same batch, nothing charged or debited.
    const again = { Records: [{ messageId: 'm1', body: JSON.stringify({ sellerId: seller.sellerId, batchId: started.json.batchId, orderId: ids[0], service: 'usps_ground_advantage', parcel: PARCEL }) }] } as SQSEvent;
    expect(await labelBatchWorker(again)).toEqual({ batchItemFailures: [] });
    const repeated = await seller.api('POST', '/shipping/batchPurchase', { body: start });
    expect(repeated.json).toMatchObject({ batchId: started.json.batchId, rechargedCents: charge });
    expect(await charges(seller)).toHaveLength(after.length);
    expect(await balanceOf(seller)).toBe(1_000 + charge - totalCents);
    expect((await seller.api('GET', '/shipping/batchStatus', { query: { id: started.json.batchId } })).json.bought).toBe(30);
  });

  it('parallel starts of the same Buy are one batch and one charge', async () => {
    const seller = await shippingSeller(500);
    await saveSandboxCard(seller);
    const ids = await orders(seller, 12);
    const before = await charges(seller);
    const { funding, totalCents } = (await seller.api('POST', '/shipping/batchQuote', { body: body(ids) })).json;
    const start = { ...body(ids), idempotencyKey: 'funding-parallel-1', confirmedChargeCents: funding.chargeCents };
    const answers = await Promise.all(Array.from({ length: 6 }, () => seller.api('POST', '/shipping/batchPurchase', { body: start })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json.batchId)).size).toBe(1);
    const status = await batchSettled(seller, answers[0]!.json.batchId);
    expect(status).toMatchObject({ bought: 12, failed: 0, orderCount: 12 });
    const made = (await charges(seller)).slice(0, -before.length || undefined);
    expect(named(made, BATCH_RECHARGE)).toHaveLength(1);
    expect(named(made, AUTO_RECHARGE)).toEqual([]);
    expect(await balanceOf(seller)).toBe(500 + funding.chargeCents - totalCents);
  });

  it('never charges more than the seller confirmed: a start without the breakdown charge is refused, nothing charged', async () => {
    const seller = await shippingSeller(500);
    await saveSandboxCard(seller);
    const ids = await orders(seller, 5);
    const before = await charges(seller);
    const res = await seller.api('POST', '/shipping/batchPurchase', { body: { ...body(ids), idempotencyKey: 'funding-unconfirmed' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MESSAGES.batchChargeChanged);
    expect(await charges(seller)).toHaveLength(before.length);
    expect(await balanceOf(seller)).toBe(500);
  });

  it('without a payment method: refused whole with how many labels the balance covers; nothing bought or charged', async () => {
    const seller = await shippingSeller(1_000);
    const ids = await orders(seller, 8);
    const quote = await seller.api('POST', '/shipping/batchQuote', { body: body(ids) });
    const each = quote.json.lines[0].amountCents as number;
    const covered = Math.floor(1_000 / each);
    expect(quote.json.funding).toMatchObject({ kind: 'refused', reason: 'noPaymentMethod', coveredLabels: covered, labelCount: 8 });
    const res = await seller.api('POST', '/shipping/batchPurchase', { body: { ...body(ids), idempotencyKey: 'funding-no-card', confirmedChargeCents: 100_000 } });
    expect(res.status).toBe(402);
    expect(res.json.message).toBe(MESSAGES.batchBeyondBalance(formatMoney(10), String(covered), '8'));
    expect(await balanceOf(seller)).toBe(1_000);
    for (const id of ids) expect((await getOrder(seller.sellerId, id))?.labelId).toBeUndefined();
  });

  it('auto-recharge off: the postage-off warning before the batch starts; nothing bought', async () => {
    const seller = await shippingSeller(100_000);
    const saved = await seller.api('POST', '/payment', {
      body: { token: sandboxToken('success'), plan: 'starter', zip: '78701', paymentProcessor: 'sandbox', autoRechargeAmount: 0 },
    });
    expect(saved.status).toBe(200);
    const ids = await orders(seller, 3);
    const quote = await seller.api('POST', '/shipping/batchQuote', { body: body(ids) });
    expect(quote.json.funding).toMatchObject({ kind: 'refused', reason: 'postageOff' });
    const res = await seller.api('POST', '/shipping/batchPurchase', { body: { ...body(ids), idempotencyKey: 'funding-postage-off' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MESSAGES.postageOff);
    expect(await balanceOf(seller)).toBe(100_000);
  });

  it('a declined card: the spec payment message, no batch, nothing bought', async () => {
    const seller = await shippingSeller(500);
    const saved = await seller.api('POST', '/payment', {
      body: { token: sandboxToken('declineOffSession'), plan: 'starter', zip: '78701', paymentProcessor: 'sandbox', autoRechargeAmount: 25 },
    });
    expect(saved.status).toBe(200);
    const ids = await orders(seller, 5);
    const { funding } = (await seller.api('POST', '/shipping/batchQuote', { body: body(ids) })).json;
    const res = await seller.api('POST', '/shipping/batchPurchase', { body: { ...body(ids), idempotencyKey: 'funding-declined', confirmedChargeCents: funding.chargeCents } });
    expect(res.status).toBe(402);
    expect(res.json.message).toBe(MESSAGES.payment);
    expect(await balanceOf(seller)).toBe(500);
    for (const id of ids) expect((await getOrder(seller.sellerId, id))?.labelId).toBeUndefined();
  });
});

describe('labels of a batch that find the balance short', () => {
  it('top up once for the whole batch (one auto-recharge amount), never a recharge per label; the rest fail with the low-balance message', async () => {
    const seller = await shippingSeller(0);
    await saveSandboxCard(seller);
    const ids = await orders(seller, 12);
    const before = await charges(seller);
    // A batch whose start found the money (written directly), then the balance gone: its labels cost more than it had.
    const batchId = `short-${crypto.randomUUID()}`;
    await createBatch(seller.sellerId, { batchId, service: 'usps_ground_advantage', estimatedCents: 0 }, ids.map((orderId, i) => ({ orderId, orderNumber: `F-${i + 1}`, customerName: 'Buyer', parcel: PARCEL })));
    const records = ids.map((orderId, i) => ({
      messageId: `short-${i}`,
      body: JSON.stringify({ sellerId: seller.sellerId, batchId, orderId, service: 'usps_ground_advantage', parcel: PARCEL }),
    }));
    await labelBatchWorker({ Records: records } as SQSEvent);
    const batch = (await getBatch(seller.sellerId, batchId, { consistent: true }))!;
    const made = (await charges(seller)).slice(0, -before.length || undefined);
    expect(named(made, AUTO_RECHARGE)).toEqual([]);
    expect(named(made, BATCH_TOP_UP).map((c) => c.amountCents)).toEqual([2_500]);
    expect(batch.toppedUpCents).toBe(2_500);
    expect(batch.bought).toBeGreaterThan(0);
    expect(batch.bought + batch.failed).toBe(12);
    expect(await balanceOf(seller)).toBe(2_500 - batch.spentCents);
    const failed = (await seller.api('GET', '/shipping/batchStatus', { query: { id: batchId } })).json.orders.filter((o: { status: string }) => o.status === 'failed');
    expect(failed.length).toBe(batch.failed);
    for (const o of failed) expect(o.error).toBe(MESSAGES.lowBalance);
  });
});

describe('a Buy whose start died after its batch was written and paid for', () => {
  let queue: ReturnType<typeof mockClient> | undefined;
  afterEach(() => {
    queue?.restore();
    queue = undefined;
    restoreFaults();
  });

  /** The start in this process, its label messages lost (or its rows, with `rowsLost`): the batch and its charge are written, nothing queued. */
  async function startThatDies(seller: TestSeller, start: Record<string, unknown>, { rowsLost = false } = {}) {
    if (rowsLost) faults((name) => name === 'BatchWriteCommand');
    else {
      queue = mockClient(sqs);
      queue.on(SendMessageBatchCommand).rejects(new Error('The start died before its messages were queued'));
    }
    const died = await callInProcess(shippingHandler, seller, 'POST', '/shipping/batchPurchase', start);
    expect(died.statusCode).toBe(500);
    queue?.restore();
    restoreFaults();
    const batchId = batchIdOf(seller.sellerId, start.idempotencyKey as string);
    expect(await getBatch(seller.sellerId, batchId, { consistent: true })).toMatchObject({ bought: 0, failed: 0 });
    // The start's time is over (createdAt is set by every create through the entity: the past is written around it).
    const { Key, TableName } = labelBatchEntity().get({ sellerId: seller.sellerId, batchId }).params();
    await client.send(new UpdateCommand({ TableName, Key, UpdateExpression: 'SET createdAt = :t', ExpressionAttributeValues: { ':t': new Date(Date.now() - 60_000).toISOString() } }));
    return batchId;
  }

  async function paidSeller(count: number) {
    const seller = await shippingSeller(500);
    await saveSandboxCard(seller);
    const ids = await orders(seller, count);
    const before = await charges(seller);
    const { funding, totalCents } = (await seller.api('POST', '/shipping/batchQuote', { body: body(ids) })).json;
    expect(funding.kind).toBe('recharge');
    return { seller, ids, before, funding, totalCents };
  }

  async function expectBoughtOnce(seller: TestSeller, batchId: string, count: number, charged: { before: Charge[]; chargeCents: number; totalCents: number }) {
    const status = await batchSettled(seller, batchId);
    expect(status).toMatchObject({ bought: count, failed: 0, orderCount: count, rechargedCents: charged.chargeCents });
    expect(status.orders.map((o: { status: string }) => o.status)).toEqual(Array(count).fill('bought'));
    const made = (await charges(seller)).slice(0, -charged.before.length || undefined);
    expect(named(made, BATCH_RECHARGE).map((c) => c.amountCents)).toEqual([charged.chargeCents]);
    expect(named(made, AUTO_RECHARGE)).toEqual([]);
    expect(await balanceOf(seller)).toBe(500 + charged.chargeCents - charged.totalCents);
  }

  it('the same Buy sent again queues its labels: every one bought once, the one charge spent on them', async () => {
    const { seller, ids, before, funding, totalCents } = await paidSeller(8);
    const start = { ...body(ids), idempotencyKey: 'resume-retry-1', confirmedChargeCents: funding.chargeCents };
    const batchId = await startThatDies(seller, start);

    const again = await seller.api('POST', '/shipping/batchPurchase', { body: start });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json).toMatchObject({ batchId, orderCount: 8, rechargedCents: funding.chargeCents });
    await expectBoughtOnce(seller, batchId, 8, { before, chargeCents: funding.chargeCents, totalCents });
  });

  it('the batch screen reading its status queues its labels, once', async () => {
    const { seller, ids, before, funding, totalCents } = await paidSeller(6);
    const batchId = await startThatDies(seller, { ...body(ids), idempotencyKey: 'resume-status-1', confirmedChargeCents: funding.chargeCents });

    // Polls side by side, as two open screens would: one resume between them.
    await Promise.all([1, 2, 3].map(() => seller.api('GET', '/shipping/batchStatus', { query: { id: batchId } })));
    await expectBoughtOnce(seller, batchId, 6, { before, chargeCents: funding.chargeCents, totalCents });
  });

  it('a start that died writing the batch\'s orders: the same Buy again writes them and queues every label', async () => {
    const { seller, ids, before, funding, totalCents } = await paidSeller(7);
    const start = { ...body(ids), idempotencyKey: 'resume-rows-1', confirmedChargeCents: funding.chargeCents };
    const batchId = await startThatDies(seller, start, { rowsLost: true });

    expect((await seller.api('POST', '/shipping/batchPurchase', { body: start })).status).toBe(200);
    await expectBoughtOnce(seller, batchId, 7, { before, chargeCents: funding.chargeCents, totalCents });
  });
});
