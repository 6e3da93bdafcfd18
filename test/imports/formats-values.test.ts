import { describe, expect, it } from 'vitest';
import { cell, firstCell, hasColumns, keyOf, lacksColumns } from '../../functions/imports/formats/columns.js';
import { isoDate, zoneOf } from '../../functions/imports/formats/dates.js';
import { itemFrom, orderMoney, requiredCell } from '../../functions/imports/formats/parts.js';
import { amount, countryCode, optionalAmount, quantity, stateCode, yesNo, zipCode } from '../../functions/imports/formats/values.js';
import { rowError } from './support.js';

/** The readers every CSV format is built on: strict, and failing with the file's column name. */

describe('amounts', () => {
  it.each([
    ['12.50', 12.5],
    ['$1,234.50', 1234.5],
    ['USD 12.00', 12],
    ['12.00 USD', 12],
    ['US$7', 7],
    ['CA$ 9.99', 9.99],
    ['€3.50', 3.5],
    ['£0.99', 0.99],
    ['-3.00', -3],
    ['-$3.00', -3],
    ['$-3.00', -3],
    ['(3.00)', -3],
    ['($1,000.00)', -1000],
    ['.5', 0.5],
    ['0.1', 0.1],
  ])('reads %s as %d', (text, value) => {
    expect(optionalAmount(text, 'Total')).toBe(value);
  });

  it('reads an empty cell as nothing, unless the amount must be there', () => {
    expect(optionalAmount('  ', 'Shipping')).toBe(0);
    expect(rowError(() => amount('', 'Total'))).toBe('Missing Total.');
  });

  it.each(['12,34', '1,2345.00', '--3', '-(3.00)', '=SUM(A1:A3)', '#VALUE!', 'twelve', '$', '1.2.3'])('refuses %s', (text) => {
    expect(rowError(() => optionalAmount(text, 'Gross'))).toBe(`Gross '${text}' is not a number.`);
  });
});

describe('quantities, countries, states, zips, yes/no', () => {
  it('takes whole quantities of at least one, with thousands separators', () => {
    expect(quantity('3', 'Qty')).toBe(3);
    expect(quantity('2.0', 'Qty')).toBe(2);
    expect(quantity('1,200', 'Qty')).toBe(1200);
    expect(rowError(() => quantity('0', 'Qty'))).toBe('Qty must be at least 1.');
    expect(rowError(() => quantity('1.5', 'Qty'))).toBe("Qty '1.5' is not a number.");
    expect(rowError(() => quantity('-1', 'Qty'))).toBe("Qty '-1' is not a number.");
    expect(rowError(() => quantity('', 'Qty'))).toBe('Missing Qty.');
  });

  it('reads countries by code, English name or common alias; US when empty', () => {
    expect(['us', 'United States', 'USA', 'U.S.A.', '', 'Canada', 'ca', 'UK', 'Ireland'].map((c) => countryCode(c))).toEqual([
      'US',
      'US',
      'US',
      'US',
      'US',
      'CA',
      'CA',
      'GB',
      'IE',
    ]);
    expect(rowError(() => countryCode('Narnia', 'Ship Country'))).toBe("Ship Country 'Narnia' is not recognised.");
  });

  it('writes US states as codes and leaves other regions as given; keeps zips with their leading zeros', () => {
    expect(stateCode('Texas', 'US')).toBe('TX');
    expect(stateCode('tx', 'US')).toBe('TX');
    expect(stateCode('Ontario', 'CA')).toBe('Ontario');
    expect(zipCode("'02134")).toBe('02134');
    expect(zipCode(' 04101 ')).toBe('04101');
  });

  it('reads yes/no cells and nothing else', () => {
    expect(['yes', 'Y', 'TRUE', '1', 'no', 'false', '0', '', 'maybe'].map(yesNo)).toEqual([true, true, true, true, false, false, false, undefined, undefined]);
  });
});

describe('dates', () => {
  it.each([
    ['2024-03-05', '2024-03-05T00:00:00.000Z'],
    ['2024-03-05 14:22', '2024-03-05T14:22:00.000Z'],
    ['2024-03-05T14:22:10Z', '2024-03-05T14:22:10.000Z'],
    ['2024-03-05 14:22:10 -0500', '2024-03-05T19:22:10.000Z'],
    ['2024-03-05T14:22:10.123+05:30', '2024-03-05T08:52:10.000Z'],
    ['3/5/24', '2024-03-05T00:00:00.000Z'],
    ['03/05/2024 2:22 PM', '2024-03-05T14:22:00.000Z'],
    ['03/05/2024 12:05 AM', '2024-03-05T00:05:00.000Z'],
    ['03/05/2024, 12:05 PM', '2024-03-05T12:05:00.000Z'],
    ['Mar-05-24', '2024-03-05T00:00:00.000Z'],
    ['dec-31-2023', '2023-12-31T00:00:00.000Z'],
    // A written month and year-first slashes have one reading each, whatever the file's date order.
    ['Nov 9, 2026', '2026-11-09T00:00:00.000Z'],
    ['November 9th 2026', '2026-11-09T00:00:00.000Z'],
    ['Sept. 30, 2026', '2026-09-30T00:00:00.000Z'],
    ['5 March 2024', '2024-03-05T00:00:00.000Z'],
    ['10 november 2026', '2026-11-10T00:00:00.000Z'],
    ['2026/11/11', '2026-11-11T00:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(isoDate(text, 'Date')).toBe(iso);
  });

  it.each(['2024-02-30', '2023-02-29', '13/01/2024', '2024-03-05 24:00', '03/05/2024 13:00 PM', 'Foo-05-24', 'yesterday', 'Novem 9, 2026', '31 April 2026', 'Feb 30, 2026', '2026/13/01', '20261115'])(
    'refuses %s',
    (text) => {
      expect(rowError(() => isoDate(text, 'Sale Date'))).toBe(`Sale Date '${text}' is not a date.`);
    },
  );

  it('accepts the leap day of a leap year and refuses an empty date', () => {
    expect(isoDate('2024-02-29', 'Date')).toBe('2024-02-29T00:00:00.000Z');
    expect(rowError(() => isoDate(' ', 'Order Date'))).toBe('Missing Order Date.');
  });

  it('reads a time without offset in the zone given, daylight saving included; an offset in the text wins', () => {
    expect(isoDate('2024-03-09 12:00', 'Date', 'America/New_York')).toBe('2024-03-09T17:00:00.000Z');
    expect(isoDate('2024-03-10 12:00', 'Date', 'America/New_York')).toBe('2024-03-10T16:00:00.000Z');
    expect(isoDate('2024-11-03 01:30 -0400', 'Date', 'America/New_York')).toBe('2024-11-03T05:30:00.000Z');
    expect(isoDate('2024-07-01 09:00', 'Date', -420)).toBe('2024-07-01T16:00:00.000Z');
  });

  it('names zones by abbreviation, Rails name or IANA name; refuses others', () => {
    expect(zoneOf('PDT', 'TimeZone')).toBe(-420);
    expect(zoneOf('est', 'TimeZone')).toBe(-300);
    expect(zoneOf('Pacific Time (US & Canada)', 'Time Zone')).toBe('America/Los_Angeles');
    expect(zoneOf('Europe/Dublin', 'TimeZone')).toBe('Europe/Dublin');
    expect(zoneOf('', 'TimeZone')).toBe(0);
    expect(rowError(() => zoneOf('Nowhere/Land', 'TimeZone'))).toBe("TimeZone 'Nowhere/Land' is not a time zone.");
  });
});

describe('columns', () => {
  it('compares header names trimmed and in any case', () => {
    expect(hasColumns([' Order Number ', 'ITEM NAME'], ['order number', 'Item Name'])).toBe(true);
    expect(hasColumns(['Order Number'], ['Order Number', 'Item Name'])).toBe(false);
    expect(lacksColumns(['Name', 'Email'], ['Order ID', 'Sale Date'])).toBe(true);
    expect(lacksColumns(['Name', 'order id'], ['Order ID'])).toBe(false);
  });

  it('reads a cell by its documented name in any casing; the first non-empty one among an order’s rows', () => {
    expect(cell({ 'LINEITEM NAME': 'Candle' }, 'Lineitem name')).toBe('Candle');
    expect(cell({ Name: 'x' }, 'Missing')).toBe('');
    expect(firstCell([{ Total: '' }, { Total: '9.00' }], 'Total')).toBe('9.00');
  });

  it('skips an empty row and keeps a row with content but no order id, for toOrder to report', () => {
    expect(keyOf({ a: '', b: '' }, '')).toBe('');
    expect(keyOf({ a: 'Candle', b: '' }, '')).not.toBe('');
    expect(keyOf({ a: 'Candle' }, '#1001')).toBe('#1001');
  });
});

describe('items and money', () => {
  const columns = { name: 'Title', quantity: 'Qty', price: 'Price', sku: 'SKU', variation: 'Option' };

  it('makes an item of a row, its variation in the name, no sku when the cell is empty', () => {
    expect(itemFrom({ Title: 'Mug', Qty: '2', Price: '$9.50', SKU: '', Option: 'Blue' }, columns)).toEqual({ name: 'Mug - Blue', quantity: 2, price: 9.5 });
    expect(rowError(() => itemFrom({ Title: '', Qty: '1', Price: '1' }, columns))).toBe('Missing Title.');
  });

  it('sums the items as subtotal and takes the total as given, or items plus shipping plus tax', () => {
    const items = [
      { name: 'A', quantity: 3, price: 0.1 },
      { name: 'B', quantity: 1, price: 0.2 },
    ];
    const money = { shipping: 'Ship', tax: 'Tax', total: 'Total' };
    expect(orderMoney([{ Ship: '1.00', Tax: '', Total: '' }], items, money)).toEqual({ subtotal: 0.5, shipping: 1, tax: 0, total: 1.5 });
    expect(orderMoney([{ Ship: '1.00', Tax: '0.10', Total: '1.40' }], items, money)).toEqual({ subtotal: 0.5, shipping: 1, tax: 0.1, total: 1.4 });
  });
});

describe('order ids', () => {
  it('refuses an id that is missing or holds a control character', () => {
    expect(requiredCell({ 'Order ID': '3241567890' }, 'Order ID')).toBe('3241567890');
    expect(rowError(() => requiredCell({ 'Order ID': '' }, 'Order ID'))).toBe('Missing Order ID.');
    expect(rowError(() => requiredCell({ 'Order ID': 'A\u0000' }, 'Order ID'))).toBe('Order ID has a control character.');
  });
});
