import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';
import { orderFor, PARCEL, shippingSeller, shown } from './support.js';

/** The label format of /settings#shipping, honoured by every label PDF the seller downloads. */

const FOUR_BY_SIX = { width: 288, height: 432 };
const LETTER = { width: 612, height: 792 };

async function pdfAt(seller: TestSeller, path: string, id: string) {
  const file = await fetch(`${process.env.TEST_API_URL}${path}?id=${id}`, { headers: { authorization: `Bearer ${seller.idToken}` } });
  expect(file.status).toBe(200);
  const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
  return pdf.getPages().map((p) => p.getSize());
}

const labelFormat = async (seller: TestSeller, format: '4x6' | 'letter') =>
  expect((await seller.api('POST', '/settings/save', { body: { shipping: { labelFormat: format } } })).status).toBe(200);

describe('label format (4x6 or letter)', () => {
  it('a label and its reprint come on the paper chosen when they are printed: one page per label', async () => {
    const seller = await shippingSeller(10_000);
    await labelFormat(seller, 'letter');
    const order = await orderFor(seller);
    const bought = await seller.api('POST', '/shipping/buyLabel', {
      body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'letter-label-1' },
    });
    expect(bought.status).toBe(200);
    expect(await pdfAt(seller, '/shipping/label', bought.json.labelId)).toEqual([LETTER]);

    await labelFormat(seller, '4x6');
    expect(await pdfAt(seller, '/shipping/label', bought.json.labelId)).toEqual([FOUR_BY_SIX]);
  });

  it("a batch's labels on letter paper: one letter page per label", async () => {
    const seller = await shippingSeller(10_000);
    await labelFormat(seller, 'letter');
    const ids = [(await orderFor(seller)).orderId, (await orderFor(seller)).orderId];
    const started = await seller.api('POST', '/shipping/batchPurchase', { body: { orderIds: ids, service: 'usps_ground_advantage', parcel: PARCEL, idempotencyKey: 'label-format-batch' } });
    expect(started.status).toBe(200);
    await until(
      'the batch to finish',
      async () => ((await seller.api('GET', '/shipping/batchStatus', { query: { id: started.json.batchId } })).json.done ? true : undefined),
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(await pdfAt(seller, '/shipping/batchLabels', started.json.batchId)).toEqual([LETTER, LETTER]);
  }, 90_000);
});
