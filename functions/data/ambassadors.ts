import { createWriteTransaction } from 'electrodb';
import type { RecruitState } from '../../shared/domain/ambassadors.js';
import { transactionApplied, withCursor } from './errors.js';
import { now, pageOf, } from './table.js';

import { recruitEntity, recruitedByEntity } from './ambassador-entities.js';

/**
 * Records `recruitId` as a pending recruit of `ambassadorId`; false when the recruit already has an ambassador
 * (a second link, a retried call), in which case nothing is written.
 */
export async function recordRecruit(ambassadorId: string, recruitId: string, name: string): Promise<boolean> {
  const joinedAt = now();
  return transactionApplied(
    createWriteTransaction(
      { recruit: recruitEntity(), recruitedBy: recruitedByEntity() },
      ({ recruit, recruitedBy }) => [
        recruitedBy.create({ sellerId: recruitId, ambassadorId, joinedAt }).commit(),
        recruit.create({ sellerId: ambassadorId, recruitId, name, joinedAt, state: 'pending' }).commit(),
      ],
    ).go(),
  );
}

export async function getRecruitedBy(recruitId: string) {
  const { data } = await recruitedByEntity().get({ sellerId: recruitId }).go();
  return data;
}

/**
 * The recruit's first paid month: pending becomes paid with what the ambassador earns each month, once (the
 * transaction is conditional on the recruit not being paid yet, so a retried charge changes nothing).
 */
export async function markRecruitPaid(
  recruitId: string,
  paid: { ambassadorId: string; joinedAt: string; paidAt: string; monthlyEarningCents: number; earningUntil: string },
): Promise<boolean> {
  return transactionApplied(
    createWriteTransaction(
      { recruit: recruitEntity(), recruitedBy: recruitedByEntity() },
      ({ recruit, recruitedBy }) => [
        recruitedBy
          .patch({ sellerId: recruitId })
          .set({ paid: true })
          .where((a, { eq }) => eq(a.paid, false))
          .commit(),
        recruit
          .patch({ sellerId: paid.ambassadorId, recruitId })
          .set({
            state: 'paid',
            joinedAt: paid.joinedAt,
            paidAt: paid.paidAt,
            monthlyEarningCents: paid.monthlyEarningCents,
            earningUntil: paid.earningUntil,
          })
          .commit(),
      ],
    ).go(),
  );
}

/** One page of the ambassador's recruits in `state`, newest first (pattern 31). */
export async function listRecruits(ambassadorId: string, state: RecruitState, cursor?: string) {
  return withCursor(() => recruitEntity().query.byState({ sellerId: ambassadorId, state }).go({ ...pageOf(ambassadorId, { cursor }), order: 'desc' }));
}

