import type { CsvJobView } from '../../functions/imports/csv-status.js';
import type { ImportedOrder } from '../../functions/imports/imported-order.js';
import type { TestSeller } from '../support/sellers.js';

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

/** A multipart body with one file, as the upload control sends it. */
export function csvForm(filename: string, text: string): FormData {
  const form = new FormData();
  form.append('files', new Blob([text], { type: 'text/csv' }), filename);
  return form;
}

/** Uploads a file and polls its job (as the page does) until it is finished; the job as last reported. */
export async function upload(seller: TestSeller, path: string, filename: string, text: string) {
  const res = await seller.api('POST', path, { body: csvForm(filename, text) });
  const id: string | undefined = res.json?.ids?.[0];
  if (res.status !== 200 || !id) return { res, job: undefined };
  for (let i = 0; i < 300; i++) {
    const status = await seller.api('GET', '/upload/csvSyncStatus', { query: { ids: id } });
    if (status.json.allDone) return { res, job: status.json.jobs[0] as CsvJobView };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}
