import { type ImportedOrder, RowError } from '../../functions/imports/imported-order.js';

/** An order as a platform would hand it over; `n` makes its buyer and number distinct. */
export function importedOrder(n: number, overrides: Partial<ImportedOrder> = {}): ImportedOrder {
  return {
    source: 'shopify',
    platformOrderId: `SH-${n}`,
    orderNumber: `#${1000 + n}`,
    orderDate: `2026-03-${String((n % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    status: 'unshipped',
    customer: { firstName: 'Buyer', lastName: `Number${n}`, email: `buyer${n}@shop.test` },
    shipTo: { name: `Buyer Number${n}`, address1: `${n} Main St`, city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    items: [{ sku: 'CANDLE', name: 'Soy Candle', quantity: 2, price: 12.5 }],
    subtotal: 25,
    shipping: 5,
    tax: 2,
    total: 32,
    ...overrides,
  };
}

/** The message of the RowError a call throws. */
export function rowError(call: () => unknown): string {
  try {
    call();
  } catch (err) {
    if (err instanceof RowError) return err.message;
    throw err;
  }
  throw new Error('no RowError');
}
