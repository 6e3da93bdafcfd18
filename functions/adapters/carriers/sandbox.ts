import { createHash } from 'node:crypto';
import { rateFor, ratesFor } from '../../domain/rates.js';
import { type Carrier, PriceChanged } from './carrier.js';

/** Digits from a hash: the same label id always gets the same tracking number, so a retried buy matches. */
function digits(seed: string, count: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(0, count).padStart(count, '0');
}

/** The sandbox's pickup book: reference -> how many times it was booked (1 when the caller keeps the rule). */
const pickupBookings = new Map<string, number>();

/** How many pickups the sandbox booked under a reference (what a carrier's account history would show). */
export function sandboxPickupBookings(reference: string): number {
  return pickupBookings.get(reference) ?? 0;
}

/** The street suffixes the sandbox abbreviates as the USPS does (Publication 28, appendix C1), by the word. */
const SUFFIXES: Record<string, string> = {
  STREET: 'ST', AVENUE: 'AVE', ROAD: 'RD', DRIVE: 'DR', BOULEVARD: 'BLVD', LANE: 'LN', COURT: 'CT', PLACE: 'PL',
  TERRACE: 'TER', CIRCLE: 'CIR', PARKWAY: 'PKWY', HIGHWAY: 'HWY', SQUARE: 'SQ', TRAIL: 'TRL', WAY: 'WAY',
};

/**
 * The sandbox's address check, deterministic so tests can see it: upper case, suffixes abbreviated, trailing dots
 * dropped, and ZIP+4 from a fixed rule (the house number modulo 10000, four digits; 0001 without one). ZIP 00000
 * is an address it cannot verify, as the EasyPost fake answers.
 */
export function sandboxStandardise(a: { address1: string; address2?: string; city: string; state: string; zip: string }) {
  const words = (text: string) =>
    text
      .toUpperCase()
      .replace(/[.,]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => SUFFIXES[w] ?? w)
      .join(' ');
  const house = a.address1.trim().match(/^(\d+)/)?.[1];
  const plus4 = house ? String(Number(house) % 10000).padStart(4, '0') : '0001';
  const zip = /^\d{5}-\d{4}$/.test(a.zip) ? a.zip : `${a.zip.slice(0, 5)}-${plus4 === '0000' ? '0001' : plus4}`;
  return { address1: words(a.address1), address2: a.address2 ? words(a.address2) : undefined, city: words(a.city), state: a.state.trim().toUpperCase(), zip };
}

/** The local carrier: prices from the zone and weight table, labels that cost nothing outside the app. */
export const sandboxCarrier: Carrier = {
  name: 'sandbox',
  async rates(fromZip, to, parcel) {
    return ratesFor(fromZip, to.zip, parcel);
  },
  async buy({ labelId, from, to, parcel, service, amountCents }) {
    const rate = rateFor(service, from.zip, to.zip, parcel);
    if (amountCents !== undefined && rate.amountCents !== amountCents) throw new PriceChanged();
    const trackingNumber = rate.carrier === 'UPS' ? `1Z${digits(labelId, 16)}` : `9400${digits(labelId, 18)}`;
    return { trackingNumber, amountCents: rate.amountCents, carrierLabelId: `sbx_${labelId}` };
  },
  async void() {
    return { refunded: true };
  },
  async schedulePickup({ reference, resumed }) {
    // As EasyPost behaves: a new request books again; only a resumed one finds the booking under its reference.
    if (!(resumed && pickupBookings.has(reference))) pickupBookings.set(reference, (pickupBookings.get(reference) ?? 0) + 1);
    return { confirmationNumber: `WTC${digits(reference, 9)}` };
  },
  async track() {
    return { status: 'pre_transit', at: new Date().toISOString() };
  },
  async verifyAddress(address) {
    if (address.zip.startsWith('00000')) return { verified: false };
    return { verified: true, address: sandboxStandardise(address) };
  },
};
