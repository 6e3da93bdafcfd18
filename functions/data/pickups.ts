import { Entity } from 'electrodb';
import { applied } from './errors.js';
import { address, createdAt, keyAttribute, model, onTable, sellerKey, sortKey, updatedAt, onFirstUse } from './table.js';

/**
 * A USPS pickup of the seller, one per date (issue 17): the natural key the request is claimed under before the
 * carrier is called, so a second click, a retry or a second tab never books twice (docs/data-model.md, Orders that
 * can always be shipped).
 */
export const pickupEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('pickup'),
      attributes: {
        sellerId: keyAttribute,
        date: keyAttribute,
        status: { type: ['requesting', 'scheduled'] as const, required: true },
        location: { type: 'string', required: true },
        packageCount: { type: 'number', required: true },
        address,
        confirmationNumber: { type: 'string' },
        /** When the current attempt took the claim: a claim still requesting long after it is an attempt that died. */
        claimedAt: { type: 'string' },
        createdAt,
        updatedAt,
      },
      indexes: {
        byDate: { pk: sellerKey(), sk: sortKey('PICKUP#${date}', ['date']) },
      },
    },
    onTable,
  ),
);

export type PickupItem = NonNullable<Awaited<ReturnType<typeof getPickup>>>;
type PickupAddress = Parameters<ReturnType<typeof pickupEntity>['create']>[0]['address'];

/** Claims the date for this request; false when a pickup of that date exists already (requested or scheduled). */
export async function claimPickup(
  sellerId: string,
  pickup: { date: string; location: string; packageCount: number; address: PickupAddress },
): Promise<boolean> {
  return applied(pickupEntity().create({ sellerId, status: 'requesting', claimedAt: new Date().toISOString(), ...pickup }).go());
}

/**
 * Takes over a claim whose attempt died after calling the carrier (its status write failed, or it timed out): only
 * while still requesting and claimed before `staleBefore`, so of two retries one wins and a live attempt is left alone.
 */
export async function retakeStalePickup(sellerId: string, date: string, staleBefore: string): Promise<boolean> {
  return applied(
    pickupEntity()
      .patch({ sellerId, date })
      .set({ claimedAt: new Date().toISOString() })
      .where((p, { eq, lt, notExists }) => `${eq(p.status, 'requesting')} AND (${notExists(p.claimedAt)} OR ${lt(p.claimedAt, staleBefore)})`)
      .go(),
  );
}

export async function getPickup(sellerId: string, date: string) {
  return (await pickupEntity().get({ sellerId, date }).go({ consistent: true })).data;
}

/** The carrier booked it: the claim becomes the pickup, with its confirmation number. */
export async function markPickupScheduled(sellerId: string, date: string, confirmationNumber: string): Promise<void> {
  await pickupEntity().patch({ sellerId, date }).set({ status: 'scheduled', confirmationNumber }).go();
}

/** The carrier refused: the claim is let go (only while still requesting), so the seller may try again. */
export async function releasePickup(sellerId: string, date: string): Promise<void> {
  await applied(
    pickupEntity()
      .delete({ sellerId, date })
      .where((p, { eq }) => eq(p.status, 'requesting'))
      .go(),
  );
}
