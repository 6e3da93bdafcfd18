import { describe, expect, it } from 'vitest';
import { shortTracking, trackingUrl, withTrackingLink } from './tracking.js';

describe('trackingUrl', () => {
  it('links USPS and UPS numbers to the carrier’s tracking page', () => {
    expect(trackingUrl('USPS', '9400100000000000000000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('reads the carrier in any case and drops spaces in the number', () => {
    expect(trackingUrl('usps', '9400 1000 0000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000');
  });

  it('has no link for an unknown carrier, a missing number or one that is not letters and digits', () => {
    expect(trackingUrl('Pony Express', '123')).toBeUndefined();
    expect(trackingUrl('USPS', '')).toBeUndefined();
    expect(trackingUrl(undefined, '123')).toBeUndefined();
    expect(trackingUrl('UPS', '1Z&x=<script>')).toBeUndefined();
  });
});

describe('withTrackingLink', () => {
  const link = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';

  it('leaves a text that already has the link as it is', () => {
    expect(withTrackingLink(`Follow it here: ${link}`, link)).toBe(`Follow it here: ${link}`);
  });

  it('adds the link on a line of its own when the template left it out', () => {
    expect(withTrackingLink('Thanks for your order!\n', link)).toBe(`Thanks for your order!\n\nTrack your package: ${link}`);
  });

  it('adds nothing when there is no link', () => {
    expect(withTrackingLink('Thanks!', undefined)).toBe('Thanks!');
  });
});

describe('shortTracking', () => {
  it('keeps a short number whole and shows a long one by its last eight characters', () => {
    expect(shortTracking('1Z999AA10123')).toBe('1Z999AA10123');
    expect(shortTracking('9400100000000000000042')).toBe('…00000042');
    expect(shortTracking(' 1Z999AA101234567 ')).toBe('…01234567');
  });
});
