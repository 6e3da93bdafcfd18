import type { z } from 'zod';
import { MESSAGES } from '../../shared/api/messages.js';
import type { pickupBody, quoteBody } from '../../shared/schemas/shipping.js';
import { carrier } from '../adapters/carriers/index.js';
import type { SellerProfile } from '../data/sellers.js';
import { InvalidInput } from '../domain/errors.js';
import { returnAddressOf } from './labels.js';

/** The carrier's rates for a parcel between two ZIPs. */
export async function quoteRates(input: z.output<typeof quoteBody>) {
  return { rates: await (await carrier()).rates(input.fromZip, { zip: input.toZip }, input.parcel) };
}

/** A pickup needs a date from tomorrow on (carriers book the next business day at the earliest). */
export async function requestPickup(seller: SellerProfile, input: z.output<typeof pickupBody>) {
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  if (input.date < tomorrow) throw new InvalidInput({ date: MESSAGES.pickupFromTomorrow });
  const from = returnAddressOf(seller);
  const { confirmationNumber } = await (await carrier()).schedulePickup({ from, date: input.date, location: input.location, packageCount: input.packageCount });
  return { confirmationNumber, date: input.date, location: input.location, packageCount: input.packageCount };
}
