import { describe, expect, it } from 'vitest';
import { decideDateOrder } from '../../shared/domain/date-order.js';
import { csvLines, inspectCsv, isTrailerLine, readHeader, rowOf } from '../../functions/imports/csv-reader.js';
import type { CsvRow } from '../../functions/imports/formats/format.js';
import { orderDateColumns, recognizeOrderFormat } from '../../functions/imports/formats/index.js';
import { type ImportedOrder, RowError } from '../../functions/imports/imported-order.js';
import { EXPECTED_IMPORTS, fixtureStream, totalsByCurrency } from './fixtures.js';

/**
 * Every fixture of test/fixtures/csv read the way the import reads it (csv-parse through csv-reader, rows of empty
 * cells before the header skipped, the date order decided from the whole file first, rows keyed by the trimmed
 * header, report trailer lines skipped, consecutive rows grouped by orderKey, a group reported at its first line),
 * checked against expected.json (the figures the pipeline's integration test also holds the import to) and in detail.
 */

const EXPECTED = EXPECTED_IMPORTS;

interface Read {
  format: string;
  orders: ImportedOrder[];
  /** First line of each order, by order number. */
  lines: Map<string, number>;
  errors: { line: number; reason: string }[];
}

async function readFixture(file: string): Promise<Read> {
  const { dates } = await inspectCsv(fixtureStream(file), orderDateColumns);
  const dateOrder = decideDateOrder(dates, EXPECTED[file]?.dateOrder);
  if (dateOrder === 'ask') throw new Error(`${file}: its dates read two ways and expected.json gives no answer`);
  const lines = csvLines(fixtureStream(file));
  const header = await readHeader(lines);
  if (!header) throw new Error(`${file} is empty`);
  const format = recognizeOrderFormat(header);
  if (!format) throw new Error(`${file}: header not recognised`);
  const read: Read = { format: format.id, orders: [], lines: new Map(), errors: [] };
  let group: { key: string; line: number; rows: CsvRow[] } | undefined;
  const close = () => {
    if (!group) return;
    try {
      const order = format.toOrder(group.rows, { dateOrder });
      read.orders.push(order);
      read.lines.set(order.orderNumber, group.line);
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      read.errors.push({ line: group.line, reason: err.message });
    }
    group = undefined;
  };
  for await (const { line, cells } of lines) {
    const row = rowOf(header, cells);
    const key = isTrailerLine(cells) ? '' : format.orderKey(row);
    if (group && group.key !== key) close();
    if (key) {
      group ??= { key, line, rows: [] };
      group.rows.push(row);
    }
  }
  close();
  return read;
}

/** Buyers as the import tells them apart: by email, else by name. */
const customerKey = (o: ImportedOrder) =>
  (o.customer.email?.toLowerCase() || `${o.customer.firstName} ${o.customer.lastName}`.trim().toLowerCase()).replace(/\s+/g, ' ');

const byNumber = (read: Read, number: string) => {
  const order = read.orders.find((o) => o.orderNumber === number);
  if (!order) throw new Error(`order ${number} not imported`);
  return order;
};

describe('expected.json holds the figures of every fixture', () => {
  it.each(Object.entries(EXPECTED))('%s', async (file, expected) => {
    const read = await readFixture(file);
    expect({
      format: read.format,
      orders: read.orders.length,
      customers: new Set(read.orders.map(customerKey)).size,
      totals: totalsByCurrency(read.orders),
      badLines: read.errors.map((e) => e.line),
      ...(expected.dateOrder ? { dateOrder: expected.dateOrder } : {}),
      ...(expected.firstDate ? { firstDate: read.orders[0]?.orderDate } : {}),
    }).toEqual(expected);
  });

  it("every order has numbers for its amounts, its items' sum as subtotal and an ISO date", async () => {
    for (const file of Object.keys(EXPECTED)) {
      for (const order of (await readFixture(file)).orders) {
        for (const n of [order.subtotal, order.shipping, order.tax, order.total]) expect(Number.isFinite(n), `${file} ${order.orderNumber}`).toBe(true);
        const items = Math.round(order.items.reduce((s, i) => s + i.price * i.quantity, 0) * 100) / 100;
        expect(order.subtotal, `${file} ${order.orderNumber}`).toBe(items);
        expect(order.orderDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      }
    }
  });
});

describe('our template (template-orders.csv)', () => {
  it('groups the rows of an order into one order with several items, order values from its first row', async () => {
    const read = await readFixture('template-orders.csv');
    expect(byNumber(read, 'T-1001')).toEqual({
      source: 'csv',
      platformOrderId: 'T-1001',
      orderNumber: 'T-1001',
      orderDate: '2024-03-04T00:00:00.000Z',
      status: 'unshipped',
      customer: {
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'maria.lopez@example.com',
        phone: '512-555-0101',
        address: {
          name: 'Maria Lopez',
          address1: '1400 Barton Springs Rd',
          city: 'Austin',
          state: 'TX',
          zip: '78704',
          country: 'US',
          phone: '512-555-0101',
        },
      },
      shipTo: {
        name: 'Maria Lopez',
        address1: '1400 Barton Springs Rd',
        city: 'Austin',
        state: 'TX',
        zip: '78704',
        country: 'US',
        phone: '512-555-0101',
      },
      items: [
        { sku: 'LIP-RED', name: 'Velvet Lipstick - Ruby', quantity: 2, price: 18 },
        { sku: 'MASC-BLK', name: 'Lengthening Mascara', quantity: 1, price: 0 },
      ],
      currency: 'USD',
      subtotal: 36,
      shipping: 5,
      tax: 2.97,
      total: 43.97,
    });
    expect(byNumber(read, 'T-1006').items.map((i) => [i.name, i.quantity, i.price])).toEqual([
      ['Canvas Tote', 1, 24],
      ['Zip Pouch', 2, 9.5],
      ['Keychain', 1, 4],
    ]);
  });

  it('keeps a quoted cell with a comma and a line break, reads US dates, state names and country names', async () => {
    const read = await readFixture('template-orders.csv');
    const order = byNumber(read, 'T-1002');
    expect(order.shipTo).toMatchObject({ address1: '22 Elm Street, Apt 4\nRear entrance', state: 'ME', zip: '04101', country: 'US' });
    expect(order.items[0]).toEqual({ sku: 'CAND-VAN', name: 'Vanilla Candle, 8 oz', quantity: 3, price: 12.5 });
    expect(order.orderDate).toBe('2024-03-05T00:00:00.000Z');
    expect(order.status).toBe('shipped');
    expect(read.lines.get('T-1002')).toBe(4);
    expect(byNumber(read, 'T-1004').orderDate).toBe('2024-03-07T00:00:00.000Z');
    expect(byNumber(read, 'T-1003').orderDate).toBe('2024-03-06T09:15:00.000Z');
  });

  it('computes an empty total, keeps a formula-looking name as text, reads statuses in any case, Canada as CA', async () => {
    const read = await readFixture('template-orders.csv');
    expect(byNumber(read, 'T-1003')).toMatchObject({ status: 'pending', subtotal: 50, shipping: 0, tax: 0, total: 50 });
    expect(byNumber(read, 'T-1003').customer).toMatchObject({ company: 'Whitaker Dental', phone: '+1 (303) 555-0188' });
    expect(byNumber(read, 'T-1004').customer.firstName).toBe('=HYPERLINK(x)');
    expect(byNumber(read, 'T-1004').status).toBe('cancelled');
    expect(byNumber(read, 'T-1006')).toMatchObject({ status: 'delivered', subtotal: 47, total: 62.12 });
    expect(byNumber(read, 'T-1006').shipTo).toMatchObject({ state: 'ON', zip: 'M5H 2M9', country: 'CA' });
    expect(byNumber(read, 'T-1007')).toMatchObject({ status: 'shipped', total: 17.5 });
    expect(byNumber(read, 'T-1007').shipTo?.country).toBe('US');
  });

  it('reports the rows it cannot import with their line and reason', async () => {
    const read = await readFixture('template-orders.csv');
    expect(read.errors).toEqual([
      { line: 8, reason: 'Missing Order Number.' },
      { line: 9, reason: "Quantity 'two' is not a number." },
    ]);
  });
});

describe('Shopify orders export (shopify-orders.csv)', () => {
  it('makes one order of the rows of one Name, order columns from its first row, Id as the natural key', async () => {
    const read = await readFixture('shopify-orders.csv');
    expect(byNumber(read, '#1001')).toEqual({
      source: 'shopify',
      platformOrderId: '5123456789001',
      orderNumber: '#1001',
      orderDate: '2024-03-04T15:12:44.000Z',
      status: 'shipped',
      customer: {
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'maria.lopez@example.com',
        phone: '+15125550101',
        marketingAllowed: true,
        address: {
          name: 'Maria Lopez',
          address1: '1400 Barton Springs Rd',
          city: 'Austin',
          state: 'TX',
          zip: '78704',
          country: 'US',
          phone: '+15125550101',
        },
      },
      shipTo: {
        name: 'Maria Lopez',
        address1: '1400 Barton Springs Rd',
        city: 'Austin',
        state: 'TX',
        zip: '78704',
        country: 'US',
        phone: '+15125550101',
      },
      items: [
        { sku: 'LIP-RED', name: 'Velvet Lipstick - Ruby', quantity: 2, price: 18 },
        { sku: 'MASC-BLK', name: 'Lengthening Mascara', quantity: 1, price: 22 },
        { sku: 'BAG-MU', name: 'Makeup Bag', quantity: 1, price: 12.5 },
      ],
      // Items before the SPRING10 discount; Total is what the buyer paid.
      currency: 'USD',
      subtotal: 70.5,
      shipping: 5,
      tax: 5.23,
      total: 73.68,
    });
    expect(read.lines.get('#1006')).toBe(10);
  });

  it('reads statuses as the Shopify connector does, zips without their quote, company and second line', async () => {
    const read = await readFixture('shopify-orders.csv');
    expect(Object.fromEntries(read.orders.map((o) => [o.orderNumber, o.status]))).toEqual({
      '#1001': 'shipped',
      '#1002': 'unshipped',
      '#1003': 'pending',
      '#1004': 'cancelled',
      '#1006': 'shipped',
      '#1007': 'unshipped',
      '#1008': 'unshipped',
    });
    expect(byNumber(read, '#1002').shipTo).toMatchObject({ address1: '22 Elm Street', address2: 'Apt 4', zip: '04101', state: 'ME' });
    expect(byNumber(read, '#1002').customer.marketingAllowed).toBe(false);
    expect(byNumber(read, '#1003').customer).toMatchObject({ firstName: 'Sam', lastName: 'Whitaker', company: 'Whitaker Dental' });
    expect(byNumber(read, '#1003').items).toEqual([
      { name: 'Gift Card', quantity: 1, price: 50 },
      { sku: 'CARD-SET', name: 'Greeting Card Set', quantity: 1, price: 14 },
    ]);
    expect(byNumber(read, '#1006')).toMatchObject({ subtotal: 43, tax: 7.15, total: 62.15, shipTo: { state: 'ON', zip: 'M5H 2M9', country: 'CA' } });
    expect(byNumber(read, '#1008').orderDate).toBe('2024-03-10T21:30:00.000Z');
  });

  it('reports the order with a bad line item price by its line and imports the others', async () => {
    const read = await readFixture('shopify-orders.csv');
    expect(read.errors).toEqual([{ line: 9, reason: "Lineitem price 'TBD' is not a number." }]);
  });
});

describe('WooCommerce orders export (woocommerce-orders.csv)', () => {
  it('groups the rows of an Order Number, order columns repeated on each, billing buyer and shipping address', async () => {
    const read = await readFixture('woocommerce-orders.csv');
    expect(byNumber(read, '4821')).toEqual({
      source: 'woocommerce',
      platformOrderId: '4821',
      orderNumber: '4821',
      orderDate: '2024-04-02T10:15:00.000Z',
      status: 'shipped',
      customer: {
        firstName: 'Hannah',
        lastName: 'Price',
        email: 'hannah.price@example.com',
        phone: '(614) 555-0142',
        address: { name: 'Hannah Price', address1: '412 N High St', city: 'Columbus', state: 'OH', zip: '43215', country: 'US', phone: '(614) 555-0142' },
      },
      shipTo: { name: 'Hannah Price', address1: '412 N High St', city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
      items: [
        { sku: 'SOAP-LAV', name: 'Lavender Soap Bar', quantity: 4, price: 6.5 },
        { sku: 'BB-SHEA', name: 'Shea Body Butter', quantity: 1, price: 18 },
        { sku: 'BOMB-SET', name: 'Bath Bomb Set', quantity: 2, price: 12 },
      ],
      currency: 'USD',
      subtotal: 68,
      shipping: 7.95,
      tax: 4.92,
      total: 80.87,
    });
    // A gift: the buyer is billed, the parcel goes to someone else.
    expect(byNumber(read, '4826').customer).toMatchObject({ firstName: 'Hannah', lastName: 'Price', address: { city: 'Columbus' } });
    expect(byNumber(read, '4826').shipTo).toMatchObject({ name: 'Ruth Price', address1: '88 Maple Ave', city: 'Dayton', zip: '45402' });
  });

  it('maps status labels, keeps a coupon out of the subtotal, reads accents and Canadian addresses', async () => {
    const read = await readFixture('woocommerce-orders.csv');
    expect(Object.fromEntries(read.orders.map((o) => [o.orderNumber, o.status]))).toEqual({
      '4821': 'shipped',
      '4822': 'unshipped',
      '4823': 'pending',
      '4824': 'cancelled',
      '4826': 'pending',
      '4827': 'shipped',
    });
    expect(byNumber(read, '4822')).toMatchObject({ subtotal: 30, shipping: 5, total: 30 });
    expect(byNumber(read, '4823').customer).toMatchObject({ company: 'Kim Wellness Studio' });
    expect(byNumber(read, '4827').customer).toMatchObject({ firstName: 'Chloé', lastName: 'Martin' });
    expect(byNumber(read, '4827').shipTo).toMatchObject({ city: 'Montréal', state: 'QC', zip: 'H2X 1Y4', country: 'CA' });
  });

  it('reports an order with an impossible date at its first line (CRLF file)', async () => {
    const read = await readFixture('woocommerce-orders.csv');
    expect(read.errors).toEqual([{ line: 8, reason: "Order Date '2024-04-31 08:00' is not a date." }]);
    expect(read.lines.get('4826')).toBe(10);
  });
});

describe('Etsy sold orders (etsy-orders.csv)', () => {
  it('makes an order of each row, its items as one line worth the Order Value, no marketing to Etsy buyers', async () => {
    const read = await readFixture('etsy-orders.csv');
    expect(byNumber(read, '3241567890')).toEqual({
      source: 'etsy',
      platformOrderId: '3241567890',
      orderNumber: '3241567890',
      orderDate: '2024-03-01T00:00:00.000Z',
      status: 'shipped',
      customer: {
        firstName: 'Emily',
        lastName: 'Carter',
        marketingAllowed: false,
        address: { name: 'Emily Carter', address1: '55 W 3rd St', address2: 'Apt 2B', city: 'New York', state: 'NY', zip: '10012', country: 'US' },
      },
      shipTo: { name: 'Emily Carter', address1: '55 W 3rd St', address2: 'Apt 2B', city: 'New York', state: 'NY', zip: '10012', country: 'US' },
      items: [{ sku: 'EAR-GLD,EAR-SLV', name: 'Etsy order of 2 items', quantity: 1, price: 42 }],
      currency: 'USD',
      subtotal: 42,
      shipping: 5.5,
      tax: 3.15,
      total: 50.65,
    });
  });

  it('reads shipped, canceled and open orders, a coupon, and an Irish address by country name', async () => {
    const read = await readFixture('etsy-orders.csv');
    expect(Object.fromEntries(read.orders.map((o) => [o.orderNumber, o.status]))).toEqual({
      '3241567890': 'shipped',
      '3241567891': 'unshipped',
      '3241567892': 'shipped',
      '3241567894': 'shipped',
      '3241567895': 'cancelled',
      '3241567896': 'unshipped',
    });
    expect(byNumber(read, '3241567891')).toMatchObject({ subtotal: 18, shipping: 4, tax: 0, total: 20.2 });
    expect(byNumber(read, '3241567894').shipTo).toMatchObject({ city: 'Dublin', state: 'Co. Dublin', zip: 'D02 X285', country: 'IE' });
    expect(byNumber(read, '3241567892').items[0]?.name).toBe('Etsy order of 3 items');
  });

  it('reports a spreadsheet error in Order Total by its line', async () => {
    const read = await readFixture('etsy-orders.csv');
    expect(read.errors).toEqual([{ line: 5, reason: "Order Total '#VALUE!' is not a number." }]);
  });
});

describe('Square orders export (square-orders.csv)', () => {
  it('groups the item rows of an order id, reads amounts with a dollar sign and names items with their variation', async () => {
    const read = await readFixture('square-orders.csv');
    const sarah = {
      name: 'Sarah Johnson',
      address1: '301 Demonbreun St',
      address2: 'Apt 1410',
      city: 'Nashville',
      state: 'TN',
      zip: '37203',
      country: 'US',
      phone: '+16155550123',
    };
    expect(byNumber(read, 'X7rQ1f0pSxtBd3QOAH5bLhGvaB4F')).toEqual({
      source: 'square',
      platformOrderId: 'X7rQ1f0pSxtBd3QOAH5bLhGvaB4F',
      orderNumber: 'X7rQ1f0pSxtBd3QOAH5bLhGvaB4F',
      orderDate: '2024-05-06T10:41:07.000Z',
      status: 'shipped',
      customer: { firstName: 'Sarah', lastName: 'Johnson', email: 'sarah.johnson@example.com', phone: '+16155550123', address: sarah },
      shipTo: sarah,
      items: [
        { sku: 'KIT-CNDL', name: 'Candle Making Kit', quantity: 1, price: 45 },
        { sku: 'WAX-6', name: 'Wax Melts - Lavender, 6-pack', quantity: 2, price: 8.5 },
        { name: 'Gift Wrap', quantity: 1, price: 3 },
      ],
      currency: 'USD',
      subtotal: 65,
      shipping: 7,
      tax: 5.78,
      total: 77.78,
    });
  });

  it('imports a pickup order without an address, and maps fulfillment states', async () => {
    const read = await readFixture('square-orders.csv');
    const pickup = byNumber(read, 'bN4yT8kLq2R6cW0zHj3PfX9sVa1M');
    expect(pickup.shipTo).toBeUndefined();
    expect(pickup.customer).toEqual({ firstName: 'Daniel', lastName: 'Park', email: 'dpark@example.com', phone: '+16155550188' });
    expect(read.orders.map((o) => o.status)).toEqual(['shipped', 'unshipped', 'unshipped', 'cancelled', 'shipped']);
  });

  it('reports an item sold by weight at its line (file with a byte order mark)', async () => {
    const read = await readFixture('square-orders.csv');
    expect(read.errors).toEqual([{ line: 7, reason: "Item Quantity '1.5' is not a number." }]);
  });
});

describe('PayPal activity download (paypal-orders.csv)', () => {
  it('makes an order of each payment received, in its time zone, items worth Gross less shipping and tax', async () => {
    const read = await readFixture('paypal-orders.csv');
    const address = {
      name: 'Sophie Turner',
      address1: '2100 Lake Shore Dr',
      address2: 'Unit 8',
      city: 'Chicago',
      state: 'IL',
      zip: '60616',
      country: 'US',
      phone: '312-555-0190',
    };
    expect(byNumber(read, '5UW12345AB678901C')).toEqual({
      source: 'paypal',
      platformOrderId: '5UW12345AB678901C',
      orderNumber: '5UW12345AB678901C',
      orderDate: '2024-03-05T22:22:10.000Z',
      status: 'unshipped',
      customer: { firstName: 'Sophie', lastName: 'Turner', email: 'sophie.turner@example.com', phone: '312-555-0190', address },
      shipTo: address,
      items: [{ sku: 'GIFT-LAV', name: 'Lavender Soap Gift Set', quantity: 2, price: 23 }],
      currency: 'USD',
      subtotal: 46,
      shipping: 5,
      tax: 3.45,
      total: 54.45,
    });
  });

  it('skips conversions, refunds and withdrawals; reads thousands, daylight time, invoice numbers and statuses', async () => {
    const read = await readFixture('paypal-orders.csv');
    expect(read.orders.map((o) => o.orderNumber)).toEqual(['5UW12345AB678901C', 'INV-2024-0311', '4QR78901LM234567N', '7UV90123QR456789S', '1WX01234ST567890T']);
    expect(byNumber(read, 'INV-2024-0311')).toMatchObject({ platformOrderId: '2JH45678EF901234G', orderDate: '2024-03-10T16:15:00.000Z', total: 1250, subtotal: 1250 });
    expect(read.orders.map((o) => o.status)).toEqual(['unshipped', 'unshipped', 'pending', 'unshipped', 'cancelled']);
    expect(byNumber(read, '1WX01234ST567890T').shipTo).toMatchObject({ state: 'BC', zip: 'V6B 4N6', country: 'CA' });
    expect(byNumber(read, '1WX01234ST567890T').items).toEqual([{ sku: 'TOWEL-LIN', name: 'Linen Tea Towels', quantity: 3, price: 9.3 }]);
  });

  it('reports a sale with a bad Sales Tax by its line, not the rows it skips', async () => {
    const read = await readFixture('paypal-orders.csv');
    expect(read.errors).toEqual([{ line: 8, reason: "Sales Tax 'N/A' is not a number." }]);
  });
});

describe('eBay orders report (ebay-orders.csv)', () => {
  it('makes one order of a totals row and its item rows, items with their variation, no marketing to eBay buyers', async () => {
    const read = await readFixture('ebay-orders.csv');
    const shipTo = { name: 'Kevin Brooks', address1: '700 E Adams St', address2: 'Apt 3', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' };
    expect(byNumber(read, '14-22222-33333')).toEqual({
      source: 'ebay',
      platformOrderId: '14-22222-33333',
      orderNumber: '14-22222-33333',
      orderDate: '2024-03-05T00:00:00.000Z',
      status: 'unshipped',
      customer: { firstName: 'Kevin', lastName: 'Brooks', email: 'kevin.brooks@example.com', marketingAllowed: false, address: shipTo },
      shipTo,
      items: [
        { sku: 'LEGO-MINI', name: 'LEGO Minifigure Lot - Theme: Castle', quantity: 2, price: 15 },
        { sku: 'LEGO-GEAR', name: 'Technic Gear Pack', quantity: 1, price: 7.5 },
        { sku: 'LEGO-BASE', name: 'Baseplate 32x32, Green', quantity: 1, price: 12 },
      ],
      currency: 'USD',
      subtotal: 49.5,
      shipping: 6,
      tax: 4.35,
      total: 59.85,
    });
    expect(read.lines.get('14-22222-33333')).toBe(3);
  });

  it('reads single-row orders, eBay dates and statuses, and skips the report’s closing lines', async () => {
    const read = await readFixture('ebay-orders.csv');
    expect(Object.fromEntries(read.orders.map((o) => [o.orderNumber, [o.status, o.total]]))).toEqual({
      '12-11111-22222': ['shipped', 61.91],
      '14-22222-33333': ['unshipped', 59.85],
      '05-33333-44444': ['pending', 37],
      '27-55555-66666': ['shipped', 49.13],
    });
    expect(byNumber(read, '12-11111-22222')).toMatchObject({
      orderDate: '2024-03-04T00:00:00.000Z',
      customer: { firstName: 'Patricia', lastName: 'Gomez', phone: '+1 915-555-0142' },
      items: [{ sku: 'PYX-BOWL4', name: 'Vintage Pyrex Bowl Set Primary Colors 4 pc', quantity: 1, price: 48 }],
      tax: 3.96,
    });
    expect(byNumber(read, '05-33333-44444').shipTo).toMatchObject({ zip: '05401', state: 'VT' });
  });

  it('reports an order with an impossible sale date by its line', async () => {
    const read = await readFixture('ebay-orders.csv');
    expect(read.errors).toEqual([{ line: 8, reason: "Sale Date 'Feb-30-24' is not a date." }]);
  });
});

describe('Etsy sold order items (etsy-items-orders.csv)', () => {
  it('groups the item rows of an Order ID into the same order the sold orders file makes, with its real items', async () => {
    const items = await readFixture('etsy-items-orders.csv');
    const orders = await readFixture('etsy-orders.csv');
    const fromItems = byNumber(items, '3241567890');
    const fromOrders = byNumber(orders, '3241567890');
    expect(fromItems).toEqual({
      ...fromOrders,
      items: [
        { sku: 'EAR-GLD', name: 'Gold Hoop Earrings - Size: Small', quantity: 1, price: 24 },
        { sku: 'EAR-SLV', name: 'Silver Hoop Earrings', quantity: 1, price: 18 },
      ],
    });
    for (const id of ['3241567891', '3241567892']) {
      expect(byNumber(items, id)).toMatchObject({ platformOrderId: id, total: byNumber(orders, id).total, subtotal: byNumber(orders, id).subtotal });
    }
  });

  it('takes discounts off the total, free shipping off the shipping, and reports an item without a quantity', async () => {
    const read = await readFixture('etsy-items-orders.csv');
    expect(byNumber(read, '3241567891')).toMatchObject({ subtotal: 18, shipping: 4, tax: 0, total: 20.2 });
    expect(byNumber(read, '3241567897')).toMatchObject({
      status: 'unshipped',
      currency: 'USD',
      subtotal: 85,
      shipping: 0,
      tax: 7.01,
      total: 92.01,
      items: [{ sku: 'PORTRAIT', name: 'Custom Pet Portrait - Size: 11x14,Frame: None', quantity: 1, price: 85 }],
      shipTo: { zip: '04101', state: 'ME', country: 'US' },
    });
    expect(read.errors).toEqual([{ line: 7, reason: 'Missing Quantity.' }]);
  });
});
