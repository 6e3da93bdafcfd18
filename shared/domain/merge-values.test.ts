import { describe, expect, it } from 'vitest';
import { mergeValuesOf, sellerNameOf } from './merge-values.js';
import { trackingUrl } from './tracking.js';

describe('trackingUrl', () => {
  it("links to the carrier's tracking page, whatever the carrier's case", () => {
    expect(trackingUrl('USPS', '9400 1000 0000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000');
    expect(trackingUrl('ups', '1Z999')).toBe('https://www.ups.com/track?tracknum=1Z999');
    expect(trackingUrl('FedEx', '1234')).toBe('https://www.fedex.com/fedextrack/?trknbr=1234');
  });

  it('has no link without a number or for a carrier it does not know', () => {
    expect(trackingUrl('USPS', '')).toBeUndefined();
    expect(trackingUrl('USPS', null)).toBeUndefined();
    expect(trackingUrl('Pony Express', '123')).toBeUndefined();
    expect(trackingUrl(undefined, '123')).toBeUndefined();
  });
});

describe('mergeValuesOf', () => {
  it("fills the fields from the customer, the order's tracking and the seller's sender name first", () => {
    expect(
      mergeValuesOf({
        firstName: 'Ana',
        order: { orderNumber: '#7', carrier: 'USPS', trackingNumber: '9400' },
        seller: { senderName: ' ', businessName: 'Candles', name: 'Dana' },
      }),
    ).toEqual({ firstName: 'Ana', orderNumber: '#7', trackingLink: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400', sellerName: 'Candles' });
    expect(sellerNameOf({ senderName: 'Dana at Candles', businessName: 'Candles' })).toBe('Dana at Candles');
    expect(mergeValuesOf({ seller: {} })).toEqual({ firstName: undefined, orderNumber: undefined, trackingLink: undefined, sellerName: undefined });
  });
});
