import { afterEach, describe, expect, it } from 'vitest';
import { sandboxPickupBookings } from '../../functions/adapters/carriers/sandbox.js';
import { getPickup, pickupEntity } from '../../functions/data/pickups.js';
import { handler } from '../../functions/http/shipping.js';
import { PICKUP_STALE_MS } from '../../functions/shipping/pickups.js';
import { firstPickupDate, todayUtc } from '../../shared/domain/pickup.js';
import { faults, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { shippingSeller } from './support.js';

afterEach(restoreFaults);

/** The write that turns the claim into the booked pickup (the one after the carrier call). */
const isStatusWrite = (name: string, input: Record<string, unknown>) =>
  name === 'UpdateCommand' &&
  String((input.Key as { sk?: string } | undefined)?.sk).startsWith('PICKUP#') &&
  Object.values((input.ExpressionAttributeValues as Record<string, unknown>) ?? {}).includes('scheduled');

describe('a pickup whose status write failed after the carrier booked it', () => {
  it('stays refused while the attempt may be alive, then a retry finishes it without booking twice', async () => {
    const seller = await shippingSeller(0);
    const date = firstPickupDate(todayUtc());
    const request = (packageCount: number) =>
      callInProcess(handler, seller, 'POST', '/shipping/requestPickup', { date, location: 'Front Door', packageCount });

    let failures = 0;
    faults((name, input) => isStatusWrite(name, input) && ++failures === 1);
    const failed = await request(3);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    restoreFaults();
    expect(await getPickup(seller.sellerId, date)).toMatchObject({ status: 'requesting' });
    const reference = `${seller.sellerId}|${date}`;
    expect(sandboxPickupBookings(reference)).toBe(1);

    // Right away the first attempt may still be running: refused, nothing sent.
    const early = await request(3);
    expect(early.statusCode).toBe(409);

    // Past the bound the claim is an attempt that died: the retry completes it with the carrier's same booking.
    const old = new Date(Date.now() - PICKUP_STALE_MS - 1000).toISOString();
    await pickupEntity().patch({ sellerId: seller.sellerId, date }).set({ claimedAt: old }).go();
    const [retry, racing] = await Promise.all([request(5), request(5)]);
    const answers = [retry, racing].map((r) => ({ status: r.statusCode, json: JSON.parse(String(r.body)) }));
    const done = answers.filter((a) => a.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    // The pickup the carrier booked is the first request's (3 packages), whatever the retry asked for.
    for (const a of done) expect(a.json).toMatchObject({ date, packageCount: 3, confirmationNumber: expect.stringMatching(/^WTC\d{9}$/) });
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(409);
    expect(sandboxPickupBookings(reference)).toBe(1);
    expect(await getPickup(seller.sellerId, date)).toMatchObject({ status: 'scheduled', packageCount: 3, confirmationNumber: done[0]!.json.confirmationNumber });
  });
});
