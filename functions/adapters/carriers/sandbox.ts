import { createHash } from 'node:crypto';
import { rateFor, ratesFor } from '../../domain/rates.js';
import type { Carrier } from './carrier.js';

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

/** The local carrier: prices from the zone and weight table, labels that cost nothing outside the app. */
export const sandboxCarrier: Carrier = {
  name: 'sandbox',
  async rates(fromZip, to, parcel) {
    return ratesFor(fromZip, to.zip, parcel);
  },
  async buy({ labelId, from, to, parcel, service }) {
    const rate = rateFor(service, from.zip, to.zip, parcel);
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
};
