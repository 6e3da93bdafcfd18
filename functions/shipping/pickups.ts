import type { z } from 'zod';
import { MESSAGES } from '../../shared/api/messages.js';
import { pickupDateProblem, todayUtc } from '../../shared/domain/pickup.js';
import type { pickupBody } from '../../shared/schemas/shipping.js';
import { carrier } from '../adapters/carriers/index.js';
import { claimPickup, getPickup, markPickupScheduled, releasePickup } from '../data/pickups.js';
import type { SellerProfile } from '../data/sellers.js';
import { Conflict, InvalidInput, Refused } from '../domain/errors.js';
import { logger } from '../observability.js';
import { returnAddressOf } from './labels.js';

type PickupInput = z.output<typeof pickupBody>;

/**
 * Request USPS Pickup (issue 17): on a day USPS serves, at the address given (the return address when none), sent
 * to the carrier once per seller and date: the date is claimed first (a conditional write), so a second request
 * answers the pickup already booked, and one still being sent is refused rather than sent again.
 */
export async function requestPickup(seller: SellerProfile, input: PickupInput) {
  // The schema checks the date too; the rule is the server's own, whatever the caller validated.
  const problem = pickupDateProblem(input.date, todayUtc());
  if (problem) throw new InvalidInput({ date: problem });
  const from = input.address ? { ...input.address } : returnAddressOf(seller);
  const { sellerId } = seller;
  const pickup = { date: input.date, location: input.location, packageCount: input.packageCount, address: from };
  if (!(await claimPickup(sellerId, pickup))) {
    const existing = await getPickup(sellerId, input.date);
    if (existing?.status === 'scheduled' && existing.confirmationNumber) {
      return { ...answerOf(existing), replayed: true };
    }
    throw new Conflict(MESSAGES.pickupInProgress);
  }
  let confirmationNumber: string;
  try {
    ({ confirmationNumber } = await (await carrier()).schedulePickup({ from, date: input.date, location: input.location, packageCount: input.packageCount }));
  } catch (err) {
    logger.warn('pickup refused by the carrier', { err });
    await releasePickup(sellerId, input.date);
    throw new Refused(MESSAGES.pickupFailed);
  }
  await markPickupScheduled(sellerId, input.date, confirmationNumber);
  return { ...answerOf({ ...pickup, confirmationNumber }), replayed: false };
}

function answerOf(p: { date: string; location: string; packageCount: number; address?: Record<string, string | undefined> | null; confirmationNumber?: string }) {
  return {
    confirmationNumber: p.confirmationNumber ?? '',
    date: p.date,
    location: p.location as PickupInput['location'],
    packageCount: p.packageCount,
    address: p.address ?? null,
  };
}
