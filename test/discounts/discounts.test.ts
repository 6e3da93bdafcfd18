import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { discountEntity, endedDiscountEntity } from '../../functions/data/discount-entities.js';
import { everythingOf } from '../support/seller-items.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/** The discount calls (issue 15) and the order pricing that uses them, against the local cloud. */

const candle = { id: 'candle', name: 'Soy Candle', description: 'Hand-poured' };
const soap = { id: 'soap', name: 'Lavender Soap' };
const productDiscount = { name: 'Candle Day', type: 4, isPercent: true, amount: 10, continuous: true, items: [candle] };

let seller: TestSeller;
let other: TestSeller;

beforeAll(async () => {
  [seller, other] = await Promise.all([createTestSeller({ plan: 'starter' }), createTestSeller()]);
});

const save = (who: TestSeller, body: Record<string, unknown>) => who.api('POST', '/discounts/save', { body });
const list = async (who: TestSeller) => (await who.api('GET', '/discounts/list')).json as { discounts: { discountId: string; name: string }[]; ended: { discountId: string; endedAt: string }[] };

async function newCustomer(who: TestSeller) {
  const res = await who.api('POST', '/customers/save', { body: { firstName: 'Ada', lastName: `Lovelace${Math.random().toString(36).slice(2, 6)}`, country: 'US' } });
  expect(res.status).toBe(200);
  return res.json.customerID as string;
}

describe('saving, listing, editing and ending discounts', () => {
  it('saves a discount on the starter plan, lists it, edits it by id and ends it after which it lists as ended', async () => {
    const created = await save(seller, productDiscount);
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: 'Candle Day', type: 4, isPercent: true, amount: 10, continuous: true, livestream: false, items: [candle] });
    const { discountId } = created.json;
    expect((await list(seller)).discounts.map((d) => d.discountId)).toContain(discountId);

    const edited = await save(seller, { ...productDiscount, discountId, name: 'Candle Week', continuous: false, startDate: '12/01/2026', endDate: '12/07/2026' });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ discountId, name: 'Candle Week', startDate: '12/01/2026', endDate: '12/07/2026' });
    // Back to continuous: the dates go.
    const undated = await save(seller, { ...productDiscount, discountId, name: 'Candle Week' });
    expect(undated.json.startDate ?? null).toBeNull();
    expect(undated.json.endDate ?? null).toBeNull();

    const ended = await seller.api('POST', '/discounts/end', { body: { discountId } });
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ discountId, name: 'Candle Week' });
    const after = await list(seller);
    expect(after.discounts.map((d) => d.discountId)).not.toContain(discountId);
    expect(after.ended.map((d) => d.discountId)).toContain(discountId);
    // An ended discount can neither be ended again nor edited.
    const again = await seller.api('POST', '/discounts/end', { body: { discountId } });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(MESSAGES.discountNotFound);
    expect((await save(seller, { ...productDiscount, discountId })).status).toBe(404);
  });

  it("keeps each seller's discounts apart: another seller neither sees, edits nor ends them", async () => {
    const { discountId } = (await save(seller, { ...productDiscount, name: 'Mine only' })).json;
    expect((await list(other)).discounts.map((d) => d.discountId)).not.toContain(discountId);
    const end = await other.api('POST', '/discounts/end', { body: { discountId } });
    expect(end.status).toBe(404);
    const edit = await save(other, { ...productDiscount, discountId, name: 'Stolen' });
    expect(edit.status).toBe(404);
    expect((await discountEntity().get({ sellerId: seller.sellerId, discountId }).go()).data).toMatchObject({ name: 'Mine only' });
    expect((await discountEntity().get({ sellerId: other.sellerId, discountId }).go()).data).toBeNull();
  });

  it('answers bad input with the section-5 message at each field and writes nothing', async () => {
    const before = await everythingOf(other.sellerId);
    const res = await save(other, {
      name: '',
      type: 1,
      isPercent: true,
      amount: 0,
      continuous: false,
      livestream: false,
      items: [candle, candle],
      itemsBogo: [],
      itemsDiscountAmount: 0,
      itemsDiscountBogoAmount: 0,
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      name: MESSAGES.discountNameRequired,
      amount: MESSAGES.discountAmount,
      itemsDiscountAmount: MESSAGES.discountQuantity,
      itemsDiscountBogoAmount: MESSAGES.discountBogoQuantity,
      itemsBogo: MESSAGES.discountBogoItems,
      items: MESSAGES.discountDuplicateItem,
      startDate: MESSAGES.discountStartRequired,
      endDate: MESSAGES.discountEndRequired,
    });
    const more = await save(other, { ...productDiscount, name: 'x'.repeat(21), amount: 120, livestream: true, continuous: false, startDate: '12/01/2026', endDate: '11/01/2026', items: [] });
    expect(more.json.errors).toEqual({
      name: MESSAGES.discountNameTooLong,
      amount: MESSAGES.discountPercentMax,
      items: MESSAGES.discountItems,
      continuous: MESSAGES.discountLivestreamContinuous,
      endDate: MESSAGES.discountEndBeforeStart,
    });
    expect(await everythingOf(other.sellerId)).toEqual(before);
  });
});

describe('orders priced by the server with the discounts', () => {
  it('prices a saved order with the running discounts, whatever the browser sends, and names each one', async () => {
    const buyer = await createTestSeller({ plan: 'growth' });
    await save(buyer, { name: 'Candles 10%', type: 4, isPercent: true, amount: 10, continuous: true, items: [candle] });
    await save(buyer, { name: 'BOGO soap', type: 1, isPercent: true, amount: 100, continuous: true, items: [soap], itemsBogo: [soap], itemsDiscountAmount: 1, itemsDiscountBogoAmount: 1 });
    await save(buyer, { name: 'Live $5', type: 3, isPercent: false, amount: 5, continuous: true, livestream: true, items: [], itemsDiscountAmount: 1 });
    const ended = (await save(buyer, { name: 'Ended 90%', type: 4, isPercent: true, amount: 90, continuous: true, items: [candle] })).json.discountId;
    await buyer.api('POST', '/discounts/end', { body: { discountId: ended } });
    const customerId = await newCustomer(buyer);

    const res = await buyer.api('POST', '/orders/save', {
      body: {
        customerId,
        items: [
          { productId: 'candle', name: 'Soy Candle', quantity: 2, price: 20, discount: 40 },
          { productId: 'soap', name: 'Lavender Soap', quantity: 1, price: 8 },
          { productId: 'soap', name: 'Lavender Soap (small)', quantity: 1, price: 5 },
          { name: 'Gift wrap', quantity: 1, price: 3 },
        ],
        shipping: 4,
        // The browser's own figures are not the order's.
        discount: 999,
        discounts: [{ discountId: 'x', name: 'Made up', amount: 999 }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.discounts).toEqual([
      { discountId: expect.any(String), name: 'Candles 10%', amount: 4 },
      { discountId: expect.any(String), name: 'BOGO soap', amount: 5 },
    ]);
    expect(res.json.items.map((i: { discount?: number | null }) => i.discount ?? 0)).toEqual([4, 0, 5, 0]);
    expect(res.json).toMatchObject({ subtotal: 56, discount: 9, shipping: 4, total: 51 });
    const stored = await buyer.api('GET', '/orders/get', { query: { id: res.json.orderId } });
    expect(stored.json).toMatchObject({ discount: 9, total: 51 });

    // In a live stream the livestream discount applies to the lines left ($5 off the gift wrap, which is worth $3).
    const live = await buyer.api('POST', '/orders/save', {
      body: { customerId, livestream: true, items: [{ productId: 'candle', name: 'Soy Candle', quantity: 1, price: 20 }, { name: 'Gift wrap', quantity: 1, price: 3 }] },
    });
    expect(live.json.discounts.map((d: { name: string; amount: number }) => [d.name, d.amount])).toEqual([['Live $5', 5]]);
    expect(live.json).toMatchObject({ subtotal: 23, discount: 5, total: 18, livestream: true });
  });

  it('stops at 100 running discounts per seller', async () => {
    const busy = await createTestSeller();
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        discountEntity().create({ sellerId: busy.sellerId, discountId: `d${i}`, name: `D${i}`, type: 4, isPercent: true, amount: 1, continuous: true, items: [candle] }).go(),
      ),
    );
    const res = await save(busy, productDiscount);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MESSAGES.discountLimit);
    expect((await endedDiscountEntity().query.byEnded({ sellerId: busy.sellerId }).go()).data).toEqual([]);
  });
});
