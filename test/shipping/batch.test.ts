import type { SQSEvent } from 'aws-lambda';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../functions/data/orders.js';
import { handler as labelBatchWorker } from '../../functions/jobs/label-batch.js';
import type { TestSeller } from '../support/sellers.js';
import { balanceOf, batchSettled, PARCEL, shippingSeller } from './support.js';

const GOOD = { name: 'Ada Lovelace', address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };
const BAD_ZIP = { ...GOOD, name: 'Bad Zip', zip: '8020' };
const WRONG_STATE = { ...GOOD, name: 'Wrong State', state: 'ZZ' };

async function orders(seller: TestSeller, shipTos: Record<string, string>[]) {
  const ids: string[] = [];
  for (const [i, shipTo] of shipTos.entries()) {
    ids.push(
      await createOrder(seller.sellerId, {
        orderNumber: `B-${i + 1}`,
        customerId: 'c1',
        customerName: shipTo.name!,
        orderDate: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
        subtotal: 10,
        total: 10,
        shipTo,
      }),
    );
  }
  return ids;
}

describe('Batch Purchase through the label-batches queue', () => {
  it('50 orders with 2 bad addresses: 48 labels, 2 clear errors, the balance debited exactly 48 times, one PDF of 48 pages', async () => {
    const seller = await shippingSeller(100_000);
    const shipTos = Array.from({ length: 50 }, (_, i) => (i === 10 ? BAD_ZIP : i === 30 ? WRONG_STATE : GOOD));
    const ids = await orders(seller, shipTos);
    const body = { orderIds: ids, service: 'usps_ground_advantage', parcel: PARCEL };

    const quote = await seller.api('POST', '/shipping/batchQuote', { body });
    expect(quote.status).toBe(200);
    expect(quote.json.lines).toHaveLength(50);
    const each = quote.json.lines[0].amountCents;
    expect(quote.json.totalCents).toBe(quote.json.lines.reduce((s: number, l: { amountCents: number }) => s + l.amountCents, 0));

    const started = await seller.api('POST', '/shipping/batchPurchase', { body: { ...body, idempotencyKey: 'batch-50-orders' } });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ orderCount: 50, estimatedCents: quote.json.totalCents });
    const status = await batchSettled(seller, started.json.batchId);
    expect(status).toMatchObject({ bought: 48, failed: 2, spentCents: 48 * each });
    const failed = status.orders.filter((o: { status: string }) => o.status === 'failed');
    expect(failed.map((o: { orderId: string; error: string }) => [o.orderId, o.error])).toEqual(
      expect.arrayContaining([
        [ids[10], 'ZIP must be 5 digits (or ZIP+4).'],
        [ids[30], 'ZZ is not a US state.'],
      ]),
    );
    expect(await balanceOf(seller)).toBe(100_000 - 48 * each);

    // A redelivered message (SQS at-least-once) buys and charges nothing more.
    const again = { Records: [{ messageId: 'm1', body: JSON.stringify({ sellerId: seller.sellerId, batchId: started.json.batchId, orderId: ids[0], service: 'usps_ground_advantage', parcel: PARCEL }) }] } as SQSEvent;
    expect(await labelBatchWorker(again)).toEqual({ batchItemFailures: [] });
    expect(await balanceOf(seller)).toBe(100_000 - 48 * each);
    expect((await seller.api('GET', '/shipping/batchStatus', { query: { id: started.json.batchId } })).json.bought).toBe(48);

    const file = await fetch(`${process.env.TEST_API_URL}/shipping/batchLabels?id=${started.json.batchId}`, { headers: { authorization: `Bearer ${seller.idToken}` } });
    expect(file.status).toBe(200);
    const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(48);
  }, 120_000);

  it('refuses unknown orders and an empty choice with 400; another seller cannot read the batch', async () => {
    const seller = await shippingSeller(10_000);
    const ids = await orders(seller, [GOOD]);
    const unknown = await seller.api('POST', '/shipping/batchPurchase', { body: { orderIds: [ids[0], 'nope'], service: 'ups_ground', parcel: PARCEL, idempotencyKey: 'batch-unknown' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors.orderIds).toBe('1 of the chosen orders were not found.');
    const none = await seller.api('POST', '/shipping/batchPurchase', { body: { orderIds: [], service: 'ups_ground', parcel: PARCEL, idempotencyKey: 'batch-none-1' } });
    expect(none.json.errors.orderIds).toBe('Choose at least one order.');
    const started = await seller.api('POST', '/shipping/batchPurchase', { body: { orderIds: ids, service: 'ups_ground', parcel: PARCEL, idempotencyKey: 'batch-mine-1' } });
    const other = await shippingSeller(0);
    expect((await other.api('GET', '/shipping/batchStatus', { query: { id: started.json.batchId } })).status).toBe(404);
    await batchSettled(seller, started.json.batchId);
  });
});
