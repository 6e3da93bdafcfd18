import type { z } from 'zod';
import { MESSAGES } from '../../shared/api/messages.js';
import { pickupDateProblem, todayUtc } from '../../shared/domain/pickup.js';
import type { pickupBody } from '../../shared/schemas/shipping.js';
import { carrier } from '../adapters/carriers/index.js';
import { claimPickup, getPickup, markPickupScheduled, releasePickup, retakeStalePickup } from '../data/pickups.js';
import type { SellerProfile } from '../data/sellers.js';
import { Conflict, InvalidInput, Refused } from '../domain/errors.js';
import { logger } from '../observability.js';
import { returnAddressOf } from './labels.js';

type PickupInput = z.output<typeof pickupBody>;

/**
 * How long a claim may stay requesting before it counts as an attempt that died: well past the API's 29 s limit
 * (the carrier call and the status write happen inside one request), so a live attempt is never taken over.
 */
export const PICKUP_STALE_MS = 2 * 60 * 1000;

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
  let pickup = { date: input.date, location: input.location, packageCount: input.packageCount, address: from };
  let resumed = false;
  if (!(await claimPickup(sellerId, pickup))) {
    const existing = await getPickup(sellerId, input.date);
    if (existing?.status === 'scheduled' && existing.confirmationNumber) {
      return { ...answerOf(existing), replayed: true };
    }
    // A claim left requesting by an attempt that died after the carrier call: this request finishes that one
    // (its pickup, not this request's), and the carrier answers the booking it may already have made.
    const staleBefore = new Date(Date.now() - PICKUP_STALE_MS).toISOString();
    if (!existing || !(await retakeStalePickup(sellerId, input.date, staleBefore))) throw new Conflict(MESSAGES.pickupInProgress);
    pickup = { date: existing.date, location: existing.location as PickupInput['location'], packageCount: existing.packageCount, address: existing.address ? { ...from, ...existing.address } : from };
    resumed = true;
  }
  let confirmationNumber: string;
  try {
    ({ confirmationNumber } = await (await carrier()).schedulePickup({
      reference: `${sellerId}|${pickup.date}`,
      resumed,
      from: pickup.address,
      date: pickup.date,
      location: pickup.location,
      packageCount: pickup.packageCount,
    }));
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
