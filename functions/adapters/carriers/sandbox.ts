import { createHash } from 'node:crypto';
import { rateFor, ratesFor } from '../../domain/rates.js';
import type { Carrier } from './carrier.js';

/** Digits from a hash: the same label id always gets the same tracking number, so a retried buy matches. */
function digits(seed: string, count: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(0, count).padStart(count, '0');
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
  async schedulePickup({ date, from }) {
    return { confirmationNumber: `WTC${digits(`${date}|${from.zip}|${from.address1}`, 9)}` };
  },
  async track() {
    return { status: 'pre_transit', at: new Date().toISOString() };
  },
};
