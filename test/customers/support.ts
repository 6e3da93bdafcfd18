import type { OrderStatus } from '../../shared/domain/orders.js';
import type { TestSeller } from '../support/sellers.js';

/** Creates a customer through the API and returns what the server answered. */
export async function newCustomer(seller: TestSeller, fields: Record<string, unknown>) {
  const res = await seller.api('POST', '/customers/save', { body: { country: 'US', ...fields } });
  if (res.status !== 200) throw new Error(`save answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json as { customerID: string; firstName: string; lastName: string; rewardBalance: number; totalSpend: number };
}

/** An order of the customer, written through the orders repository (orders have no create call of this issue). */
export async function newOrder(sellerId: string, customerId: string, options: { status?: OrderStatus; total?: number; date?: string } = {}) {
  const { createOrder } = await import('../../functions/data/orders.js');
  const total = options.total ?? 25;
  return createOrder(sellerId, {
    orderNumber: `N-${crypto.randomUUID().slice(0, 6)}`,
    customerId,
    customerName: 'Someone',
    orderDate: options.date ?? new Date().toISOString(),
    status: options.status ?? 'shipped',
    items: [{ name: 'Soy Candle', quantity: 1, price: total }],
    subtotal: total,
    total,
    shipTo: { name: 'Someone', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  });
}

/** Sets balances directly: total spend and rewards come from orders and programs outside this issue. */
export async function setBalances(sellerId: string, customerId: string, rewardBalance: number, totalSpend: number) {
  const { customerEntity } = await import('../../functions/data/entities.js');
  await customerEntity().patch({ sellerId, customerId }).set({ rewardBalance, totalSpend }).go();
}
