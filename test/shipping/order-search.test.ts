import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/dynamo.js';
import { backfillOrderSearch } from '../../functions/data/backfills.js';
import { createOrder } from '../../functions/data/orders.js';
import { TABLE_NAME } from '../../functions/data/table.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

const numbersFound = async (seller: TestSeller, q: string, status?: string) => {
  const res = await seller.api('GET', '/orders/list', { query: { q, ...(status ? { status } : {}) } });
  expect(res.status).toBe(200);
  return (res.json.orders as { orderNumber: string }[]).map((o) => o.orderNumber).sort();
};

async function twoOrders(seller: TestSeller) {
  const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'Mason', lastName: 'Simmons', country: 'US' } });
  const order = (orderNumber: string, status: 'unshipped' | 'shipped') =>
    createOrder(seller.sellerId, {
      orderNumber,
      customerId: saved.json.customerID,
      customerName: 'Mason Simmons',
      orderDate: new Date().toISOString(),
      items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
      subtotal: 10,
      total: 10,
      status,
    });
  return { unshipped: await order('LS-MWZJX0SB', 'unshipped'), shipped: await order('10614', 'shipped') };
}

describe('the orders search', () => {
  it('finds a customer name or order number whatever case the seller types, with or without a status', async () => {
    const seller = await createTestSeller();
    await twoOrders(seller);
    for (const q of ['Mason', 'mason', 'SIMMONS', 'on sim']) expect(await numbersFound(seller, q), q).toEqual(['10614', 'LS-MWZJX0SB']);
    expect(await numbersFound(seller, 'ls-mwz')).toEqual(['LS-MWZJX0SB']);
    expect(await numbersFound(seller, 'mason', 'shipped')).toEqual(['10614']);
    expect(await numbersFound(seller, 'mason', 'open')).toEqual(['LS-MWZJX0SB']);
    expect(await numbersFound(seller, 'masons')).toEqual([]);
    // The lower-case copies are the table's own, never part of an answer.
    const listed = await seller.api('GET', '/orders/list', { query: { q: 'mason' } });
    expect(JSON.stringify(listed.json)).not.toMatch(/Lower/);
  });

  it('follows a renamed customer, and the backfill makes an order written before the copies searchable', async () => {
    const seller = await createTestSeller();
    const { unshipped, shipped } = await twoOrders(seller);
    const key = (orderId: string) => ({ pk: `CONSULTANT#${seller.sellerId}`, sk: `ORDER#${orderId}` });
    // As an order written before the copies existed.
    await documentClient.send(new UpdateCommand({ TableName: TABLE_NAME, Key: key(shipped), UpdateExpression: 'REMOVE customerNameLower, orderNumberLower' }));
    expect(await numbersFound(seller, 'mason')).toEqual(['LS-MWZJX0SB']);

    const { found, updated } = await backfillOrderSearch();
    expect(found).toBeGreaterThanOrEqual(1);
    expect(updated).toBeGreaterThanOrEqual(1);
    expect(await numbersFound(seller, 'mason')).toEqual(['10614', 'LS-MWZJX0SB']);
    const item = await documentClient.send(new GetCommand({ TableName: TABLE_NAME, Key: key(shipped) }));
    expect(item.Item).toMatchObject({ customerNameLower: 'mason simmons', orderNumberLower: '10614', customerName: 'Mason Simmons' });

    // A write of the name alone writes its copy and keeps the number's.
    const { orderEntity } = await import('../../functions/data/entities.js');
    await orderEntity().patch({ sellerId: seller.sellerId, orderId: unshipped }).set({ customerName: 'Mason Okafor' }).go();
    expect(await numbersFound(seller, 'okafor')).toEqual(['LS-MWZJX0SB']);
    expect(await numbersFound(seller, 'ls-mwz')).toEqual(['LS-MWZJX0SB']);
  });
});
