import { consultantEntity } from '../../functions/data/entities.js';
import { creditPostage } from '../../functions/data/postage.js';
import { rateFor } from '../../functions/domain/rates.js';
import type { ServiceCode } from '../../shared/schemas/shipping.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';

export const RETURN_ADDRESS = { name: 'Dana Demo', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
export const PARCEL = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };

/**
 * The price Get Rates shows for a service from the return address to a ZIP (orderFor's Seattle by default): a
 * purchase names it, as Buy Label does.
 */
export const shown = (service: ServiceCode, parcel = PARCEL, toZip = '98101') => rateFor(service, RETURN_ADDRESS.zip, toZip, parcel).amountCents;

/** A seller ready to ship: a return address and postage money (the top-up itself is billing's, issue 6). */
export async function shippingSeller(balanceCents: number, plan: TestSeller['plan'] = 'starter'): Promise<TestSeller> {
  const seller = await createTestSeller({ plan });
  await consultantEntity().patch({ sellerId: seller.sellerId }).set({ returnAddress: RETURN_ADDRESS }).go();
  if (balanceCents > 0) await creditPostage(seller.sellerId, balanceCents);
  return seller;
}

/** A customer and a live-selling order for them, both through the API. */
export async function orderFor(
  seller: TestSeller,
  shipTo: Record<string, unknown> = { name: 'Grace Hopper', address1: '1 Pine St', city: 'Seattle', state: 'WA', zip: '98101' },
) {
  const customer = await seller.api('POST', '/customers/save', { body: { firstName: 'Grace', lastName: `Hopper${Math.random().toString(36).slice(2, 6)}`, country: 'US' } });
  if (customer.status !== 200) throw new Error(`customer: ${customer.status} ${JSON.stringify(customer.json)}`);
  const order = await seller.api('POST', '/orders/save', {
    body: { customerId: customer.json.customerID, items: [{ name: 'Soy Candle', quantity: 2, price: 12.5 }], shipTo },
  });
  if (order.status !== 200) throw new Error(`order: ${order.status} ${JSON.stringify(order.json)}`);
  return order.json as { orderId: string; total: number; customerId: string };
}

export const balanceOf = async (seller: TestSeller) => (await seller.api('GET', '/shipping/balance')).json.balanceCents as number;

/** Polls `/shipping/batchStatus` as the screen does until the batch is done (bounded: 60 s). */
export async function batchSettled(seller: TestSeller, batchId: string) {
  return until(
    `batch ${batchId} to finish`,
    async () => {
      const res = await seller.api('GET', '/shipping/batchStatus', { query: { id: batchId } });
      return res.json.done ? res.json : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}
