import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarrierError, CarrierUnavailable, easyPostCarrier } from '../../functions/adapters/carriers/easypost.js';
import { type FakeEasyPost, startFakeEasyPost } from './easypost-fake.js';

const FROM = { name: 'Dana Demo', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const TO = { name: 'Grace Hopper', address1: '1 Pine St', city: 'Seattle', state: 'WA', zip: '98101', country: 'US' };
const PARCEL = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };

describe('EasyPost adapter against a loopback fake of its REST API', () => {
  let fake: FakeEasyPost;
  beforeAll(async () => {
    fake = await startFakeEasyPost('EZTK_test_key');
  });
  afterAll(() => fake.close());
  const carrier = () => easyPostCarrier({ apiKey: 'EZTK_test_key', baseUrl: `${fake.url}/v2` });

  it('maps the six services from the rates, in cents, cheapest first, ignoring services we do not sell', async () => {
    const rates = await carrier().rates('78701', { zip: '98101' }, PARCEL);
    expect(rates.map((r) => [r.service, r.amountCents])).toEqual([
      ['usps_ground_advantage', 547],
      ['usps_priority', 935],
      ['ups_ground', 1102],
      ['ups_3_day_select', 1944],
      ['ups_2nd_day_air', 2586],
      ['usps_priority_express', 3120],
    ]);
    const sent = fake.requests.at(-1)!;
    expect(sent.auth).toBe(`Basic ${Buffer.from('EZTK_test_key:').toString('base64')}`);
    expect(sent.body).toMatchObject({ shipment: { parcel: { weight: 20, length: 10 }, options: { label_format: 'PDF', label_size: '4x6' } } });
  });

  it('buys the chosen rate, returns tracking, price and the PDF label; refunds; books a pickup; tracks', async () => {
    const bought = await carrier().buy({ labelId: 'lbl-1', from: FROM, to: TO, parcel: PARCEL, service: 'usps_priority' });
    expect(bought).toMatchObject({ amountCents: 935, trackingNumber: expect.stringMatching(/^EZ\d{10}$/), carrierLabelId: expect.stringMatching(/^shp_/) });
    expect((await PDFDocument.load(bought.pdf!)).getPageCount()).toBe(1);
    const buyCall = fake.requests.find((r) => r.path.endsWith('/buy') && r.path.startsWith('/v2/shipments'))!;
    expect(buyCall.body).toEqual({ rate: { id: expect.stringMatching(/_1$/) } });
    expect(await carrier().void(bought.carrierLabelId)).toEqual({ refunded: true });
    const request = { reference: 's1|2026-12-01', from: FROM, date: '2026-12-01', location: 'Front Door', packageCount: 2 };
    expect(await carrier().schedulePickup({ ...request, resumed: false })).toEqual({ confirmationNumber: 'WTC123456789' });
    expect(fake.requests.find((r) => r.path === '/v2/pickups')?.body).toMatchObject({ pickup: { reference: 's1|2026-12-01' } });
    // A retry after a lost answer finds the pickup bought under the same reference and buys nothing.
    const buys = () => fake.requests.filter((r) => r.path.startsWith('/v2/pickups/') && r.path.endsWith('/buy')).length;
    expect(await carrier().schedulePickup({ ...request, resumed: true })).toEqual({ confirmationNumber: 'WTC123456789' });
    expect(buys()).toBe(1);
    expect(await carrier().track(bought.trackingNumber)).toEqual({ status: 'in_transit', at: '2026-01-02T10:00:00Z' });
  });

  it("turns EasyPost's refusal of the shipment into a CarrierError with its message, and a failed call into CarrierUnavailable", async () => {
    const refused = carrier().buy({ labelId: 'x', from: FROM, to: { ...TO, zip: '00000' }, parcel: PARCEL, service: 'usps_priority' });
    await expect(refused).rejects.toThrow(CarrierError);
    await expect(refused).rejects.toThrow('Unable to verify address.');
    const unauthorized = easyPostCarrier({ apiKey: 'wrong', baseUrl: `${fake.url}/v2` }).rates('78701', { zip: '98101' }, PARCEL);
    await expect(unauthorized).rejects.toThrow(CarrierUnavailable);
    await expect(unauthorized).rejects.toThrow('EasyPost answered 401: The API key is not valid.');
  });
});
