import { afterEach, describe, expect, it } from 'vitest';
import { handler } from '../../functions/http/help.js';
import { faults, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { orderFor, PARCEL, shippingSeller, shown } from './support.js';

afterEach(restoreFaults);

describe('POST /help/deliveryclaim', () => {
  it('files one claim for a shipped order and tells what happens next; refuses unshipped orders and repeats', async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    const early = await seller.api('POST', '/help/deliveryclaim', { body: { orderID: order.orderId, description: 'Never arrived' } });
    expect(early.status).toBe(400);
    expect(early.json.message).toBe('A delivery claim can be filed only for a shipped order.');
    await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'claim-key-01' } });
    const filed = await seller.api('POST', '/help/deliveryclaim', { body: { orderID: order.orderId, description: 'Never arrived' } });
    expect(filed.status).toBe(200);
    expect(filed.json.message).toBe('Your claim was filed. We will open it with the carrier and email you within 3 business days.');
    // The order says when its claim was filed (Order Details then offers no second one).
    const marked = await seller.api('GET', '/orders/get', { query: { id: order.orderId } });
    expect(marked.json.claimFiledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await seller.api('POST', '/help/deliveryclaim', { body: { orderID: order.orderId, description: 'Again' } })).status).toBe(409);
    expect((await seller.api('GET', '/orders/get', { query: { id: order.orderId } })).json.claimFiledAt).toBe(marked.json.claimFiledAt);
    expect((await seller.api('POST', '/help/deliveryclaim', { body: { orderID: order.orderId, description: ' ' } })).json.errors.description).toBe('Describe what happened.');
    const other = await shippingSeller(0);
    expect((await other.api('POST', '/help/deliveryclaim', { body: { orderID: order.orderId, description: 'x' } })).status).toBe(404);
  });

  it("answers the spec's claim failure message when the claim cannot be written, and files it on the next try", async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'claim-key-02' } });
    const file = () => callInProcess(handler, seller, 'POST', '/help/deliveryclaim', { orderID: order.orderId, description: 'Box crushed' });

    faults((name, input) => name === 'TransactWriteCommand' && JSON.stringify(input).includes('"CLAIM#'));
    const failed = await file();
    expect(failed.statusCode).toBe(503);
    // Neither the claim nor the order's mark was written.
    expect((await seller.api('GET', '/orders/get', { query: { id: order.orderId } })).json.claimFiledAt ?? undefined).toBeUndefined();
    expect(JSON.parse(String(failed.body))).toEqual({ message: 'Your delivery claim could not be filed. Please try again later.' });
    restoreFaults();

    const filed = await file();
    expect(filed.statusCode).toBe(200);
    expect(JSON.parse(String(filed.body)).message).toBe('Your claim was filed. We will open it with the carrier and email you within 3 business days.');
  });
});
