import { describe, expect, it } from 'vitest';
import { createTestSeller } from '../support/sellers.js';
import { fixtureText } from './fixtures.js';
import { upload } from './upload-support.js';

const HEADER = fixtureText('template-orders.csv').split('\n')[0] as string;
const row = (n: string, zip: string, country = 'US') =>
  `${n},2024-04-01,unshipped,Test,Buyer${n},buyer${n}@example.com,,,1 Main St,,Austin,TX,${zip},${country},SKU-1,Soy Candle,1,10.00,0,0,`;

describe('an imported order whose address the checker refuses (issue 17)', () => {
  it('is imported, and reported as a warning by its line so the seller can correct it before buying a label', async () => {
    const seller = await createTestSeller();
    const text = [HEADER, row('A-1', '78701'), row('A-2', '7870B'), row('A-3', 'K1A 0B1', 'CA'), row('A-4', '78701-1234')].join('\n');
    const { res, job } = await upload(seller, '/upload/csvSync', 'zips.csv', text);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 4 });
    expect(job?.errors).toEqual([
      { line: 3, warning: true, reason: 'Line 3: the ship-to ZIP is not a US ZIP. The order was imported; edit its address before buying a label.' },
    ]);
  });
});

describe('an imported order the label cannot use as it stands, or cannot be imported', () => {
  it('an address given in part is a warning by its line; no address at all is none; a negative unit price refuses the row', async () => {
    const seller = await createTestSeller();
    const line = (n: string, street: string, city: string, state: string, zip: string, price = '10.00') =>
      `${n},2024-04-01,unshipped,Test,Buyer${n},buyer${n}@example.com,,,${street},,${city},${state},${zip},US,SKU-1,Soy Candle,1,${price},0,0,`;
    const text = [
      HEADER,
      line('B-1', '1 Main St', 'Austin', 'TX', '78701'),
      line('B-2', '', 'Austin', 'TX', '78701'),
      line('B-3', '', '', '', ''),
      line('B-4', '1 Main St', 'Austin', 'TX', '78701', '-5'),
    ].join('\n');
    const { res, job } = await upload(seller, '/upload/csvSync', 'partial.csv', text);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 3 });
    expect(job?.errors).toEqual([
      {
        line: 3,
        warning: true,
        reason: 'Line 3: the ship-to address is missing its street, city, state or ZIP. The order was imported; edit its address before buying a label.',
      },
      { line: 5, reason: "Unit Price '-5' must not be negative." },
    ]);
  });
});
