import { describe, expect, it } from 'vitest';
import { billedPounds, rateFor, ratesFor, zoneOf } from './rates.js';

/** 20 oz in a 10 x 8 x 4 in box: 2 billed pounds, too small for dimensional weight. */
const PARCEL = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };

describe('zoneOf (zones grow with the distance between 3-digit ZIP prefixes)', () => {
  it('is zone 1 within 124 prefixes and one zone more per 125', () => {
    expect(zoneOf('10001', '10099')).toBe(1);
    expect(zoneOf('10000', '22400')).toBe(1);
    expect(zoneOf('10000', '22500')).toBe(2);
    expect(zoneOf('10000', '34900')).toBe(2);
    expect(zoneOf('10000', '35000')).toBe(3);
    expect(zoneOf('78701', '98101')).toBe(2);
  });

  it('is the same in both directions and reaches zone 8 across the country', () => {
    expect(zoneOf('98101', '78701')).toBe(zoneOf('78701', '98101'));
    expect(zoneOf('00501', '99950')).toBe(8);
  });
});

describe('billedPounds', () => {
  it('rounds the weight up to whole pounds, at least one', () => {
    expect(billedPounds({ ...PARCEL, weightOz: 0.5 })).toBe(1);
    expect(billedPounds({ ...PARCEL, weightOz: 16 })).toBe(1);
    expect(billedPounds({ ...PARCEL, weightOz: 17 })).toBe(2);
    expect(billedPounds(PARCEL)).toBe(2);
  });

  it('bills the dimensional weight (volume / 166) only for boxes over one cubic foot, when it is larger', () => {
    const light = { weightOz: 16 };
    expect(billedPounds({ ...light, lengthIn: 12, widthIn: 12, heightIn: 12 })).toBe(1);
    expect(billedPounds({ ...light, lengthIn: 12, widthIn: 12, heightIn: 13 })).toBe(12);
    expect(billedPounds({ weightOz: 50 * 16, lengthIn: 20, widthIn: 20, heightIn: 20 })).toBe(50);
  });
});

describe('rateFor (base + per zone beyond the first + per pound beyond the first)', () => {
  it('prices Priority Mail from Austin to Seattle: zone 2, 2 pounds', () => {
    expect(rateFor('usps_priority', '78701', '98101', PARCEL)).toEqual({
      service: 'usps_priority',
      carrier: 'USPS',
      name: 'Priority Mail',
      days: 3,
      zone: 2,
      amountCents: 850 + 60 + 120,
    });
  });

  it('is the base price for one pound in zone 1', () => {
    expect(rateFor('ups_ground', '10001', '10099', { ...PARCEL, weightOz: 8 })).toMatchObject({ carrier: 'UPS', zone: 1, amountCents: 1050 });
  });
});

describe('ratesFor', () => {
  it('offers every service, cheapest first', () => {
    expect(ratesFor('10001', '10099', { ...PARCEL, weightOz: 8 }).map((r) => [r.service, r.amountCents])).toEqual([
      ['usps_ground_advantage', 450],
      ['usps_priority', 850],
      ['ups_ground', 1050],
      ['ups_3_day_select', 1850],
      ['ups_2nd_day_air', 2450],
      ['usps_priority_express', 2850],
    ]);
  });

  it('sorts by price, not by a fixed order: far and heavy, UPS Ground is cheaper than Priority Mail', () => {
    const tenPounds = { ...PARCEL, weightOz: 160 };
    expect(ratesFor('00501', '99950', tenPounds).map((r) => [r.service, r.amountCents])).toEqual([
      ['usps_ground_advantage', 450 + 35 * 7 + 90 * 9],
      ['ups_ground', 1050 + 55 * 7 + 95 * 9],
      ['usps_priority', 850 + 60 * 7 + 120 * 9],
      ['ups_3_day_select', 1850 + 120 * 7 + 160 * 9],
      ['ups_2nd_day_air', 2450 + 160 * 7 + 210 * 9],
      ['usps_priority_express', 2850 + 180 * 7 + 250 * 9],
    ]);
  });
});
