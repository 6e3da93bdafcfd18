import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { csvLines, inspectCsv, isTrailerLine, readHeader } from '../../functions/imports/csv-reader.js';
import { isoDate } from '../../functions/imports/formats/dates.js';
import { orderDateColumns, recognizeOrderFormat, unsupportedOrdersMessage } from '../../functions/imports/formats/index.js';
import { reportPointer } from '../../functions/imports/formats/reports.js';
import { currencyCode, currencyOfAmount } from '../../functions/imports/formats/values.js';
import { customerOf } from '../../functions/imports/formats/parts.js';
import { TEMPLATE_COLUMNS } from '../../shared/domain/order-template.js';
import { fixtureStream } from './fixtures.js';
import { rowError } from './support.js';

/** Issue 19: what sellers really download, read before any order is made of it. */

const stream = (text: string) => Readable.from([Buffer.from(text)]);

describe('rows before the header', () => {
  it('skips rows of empty cells and trims a tab before the first column name', async () => {
    const lines = csvLines(stream(',,,\n , ,\t,\n\tOrder Number, Order Date ,Item Name\nT-1,2024-01-02,Mug\n'));
    expect(await readHeader(lines)).toEqual(['Order Number', 'Order Date', 'Item Name']);
    const rest = [];
    for await (const l of lines) rest.push(l);
    // The first data line keeps its own line number in the file, for the seller's errors.
    expect(rest).toEqual([{ line: 4, cells: ['T-1', '2024-01-02', 'Mug'] }]);
  });

  it("recognises eBay's sales history behind its padding row and counts only the rows after its header", async () => {
    const inspected = await inspectCsv(fixtureStream('ebay-sales-history.csv'), orderDateColumns);
    expect(recognizeOrderFormat(inspected.header)?.id).toBe('ebay-sales-history');
    expect(inspected.header[0]).toBe('Sales Record Number');
    expect(inspected.rows).toBe(10);
  });

  it('a file of nothing but empty rows has no header', async () => {
    expect(await readHeader(csvLines(stream(',,\n,,\n')))).toBeUndefined();
  });

  it("knows report trailer lines, and only alone in their row", () => {
    expect(isTrailerLine(['6 record(s) downloaded', '', ''])).toBe(true);
    expect(isTrailerLine(['Seller ID: some_seller', ''])).toBe(true);
    expect(isTrailerLine(['1201', 'Seller ID: x'])).toBe(false);
    expect(isTrailerLine(['Mug', '', ''])).toBe(false);
  });
});

describe('the date order of a whole file', () => {
  it('day-first PayPal dates: one above 12 anywhere settles the file, and every date is read day-first', async () => {
    const { dates } = await inspectCsv(fixtureStream('paypal-day-first.csv'), orderDateColumns);
    expect(dates.dayFirst).toBe('18/03/2024');
    expect(isoDate('05/03/2024 09:15:00', 'Date', 60, 'dmy')).toBe('2024-03-05T08:15:00.000Z');
    expect(isoDate('05/03/2024 09:15:00', 'Date', 60, 'mdy')).toBe('2024-05-03T08:15:00.000Z');
  });

  it('a date that does not exist in the file\'s order is refused, never swapped', () => {
    expect(rowError(() => isoDate('18/03/2024', 'Date', 0, 'mdy'))).toBe("Date '18/03/2024' is not a date.");
    expect(rowError(() => isoDate('03/18/2024', 'Date', 0, 'dmy'))).toBe("Date '03/18/2024' is not a date.");
    expect(isoDate('18.03.2024', 'Date', 0, 'dmy')).toBe('2024-03-18T00:00:00.000Z');
    expect(isoDate('05-Mar-14', 'Sale Date')).toBe('2014-03-05T00:00:00.000Z');
  });

  it('an ambiguous file (all days up to 12) is noticed', async () => {
    const { dates } = await inspectCsv(stream('Order Number,Order Date,First Name,Last Name,Item Name,Quantity,Unit Price\nT-1,05/03/2024,A,B,Mug,1,2\n'), orderDateColumns);
    expect(dates).toEqual({ ambiguous: '05/03/2024' });
  });
});

describe('reports that are not orders', () => {
  it('a PayPal statement points to the activity download', async () => {
    const { header } = await inspectCsv(fixtureStream('paypal-statement.csv'));
    expect(recognizeOrderFormat(header)).toBeUndefined();
    expect(reportPointer(header)?.looksLike).toBe('a PayPal statement');
    const message = unsupportedOrdersMessage(header);
    expect(message.startsWith(MESSAGES.unsupportedCsv)).toBe(true);
    expect(message).toContain('PayPal activity download');
  });

  it('a Shopify product import template points to the orders export', async () => {
    const { header } = await inspectCsv(fixtureStream('shopify-products.csv'));
    expect(reportPointer(header)?.looksLike).toBe('a Shopify product import template');
    expect(unsupportedOrdersMessage(header)).toContain('Shopify orders export');
  });

  it('a Shopify order import template (Name, Command, Line: columns) points to the orders export', () => {
    expect(reportPointer(['Name', 'Command', 'Email', 'Line: Type', 'Line: Title', 'Line: Quantity'])?.looksLike).toBe('a Shopify order import template');
  });

  it('anything else keeps the plain message', () => {
    expect(unsupportedOrdersMessage(['foo', 'bar'])).toBe(MESSAGES.unsupportedCsv);
  });
});

describe('currency', () => {
  it('is the currency column, else what the amounts are written in, else dollars', () => {
    expect(currencyCode({ text: 'eur', column: 'Currency' })).toBe('EUR');
    expect(currencyCode(undefined, ['€12,00'])).toBe('EUR');
    expect(currencyCode(undefined, ['', '£4.00'])).toBe('GBP');
    expect(currencyCode(undefined, ['CA$5.00'])).toBe('CAD');
    expect(currencyCode(undefined, ['12.00 INR'])).toBe('INR');
    expect(currencyCode(undefined, ['$5.00'])).toBe('USD');
    expect(currencyOfAmount('-$3.00')).toBeUndefined();
    expect(rowError(() => currencyCode({ text: 'Euro', column: 'Currency' }))).toBe("Currency 'Euro' is not a currency code.");
  });
});

describe('names', () => {
  it('a buyer known only by email is named after it, and marked so a later name replaces it', () => {
    expect(customerOf({ email: 'Nora.Quinn@example.com' })).toEqual({ firstName: 'nora.quinn', lastName: '', nameDerived: true, email: 'nora.quinn@example.com' });
    expect(customerOf({ fullName: 'Nora Quinn', email: 'nora.quinn@example.com' }).nameDerived).toBeUndefined();
  });
});

describe('our orders template', () => {
  const format = recognizeOrderFormat([...TEMPLATE_COLUMNS])!;
  const row = (status: string) =>
    Object.fromEntries(TEMPLATE_COLUMNS.map((c) => [c, { 'Order Number': 'T-1', 'Order Date': 'Nov 9, 2026', Status: status, 'First Name': 'Ada', 'Last Name': 'Lee', 'Item Name': 'Mug', Quantity: '1', 'Unit Price': '5' }[c as string] ?? '']));
  const statusOf = (status: string) => format.toOrder([row(status)], { dateOrder: 'mdy' }).status;

  it("reads our statuses and other tools' words for them, and a written date", () => {
    expect(format.id).toBe('template');
    expect(['', 'Shipped', 'Fulfilled', 'unfulfilled', 'Not  Shipped', 'Canceled', 'cancelled'].map(statusOf)).toEqual([
      'unshipped',
      'shipped',
      'shipped',
      'unshipped',
      'unshipped',
      'cancelled',
      'cancelled',
    ]);
    expect(format.toOrder([row('')], { dateOrder: 'mdy' }).orderDate).toBe('2026-11-09T00:00:00.000Z');
    expect(rowError(() => statusOf('Lost'))).toBe("Status 'Lost' is not one of pending, unshipped, shipped, delivered, cancelled.");
  });
});
