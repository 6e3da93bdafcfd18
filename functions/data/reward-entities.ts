import { Entity } from 'electrodb';
import { REWARD_ICONS } from '../../shared/domain/rewards-constants.js';
import { rewardMarkAttributes } from './reward-marks.js';
import { keyAttribute, model, onTable, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * The rewards program's items besides its settings (entities.ts), written by functions/data/rewards.ts only.
 * The customer's rewardBalance (entities.ts) stays the one balance; these record why it is what it is and index it.
 */

/**
 * The rewards members' index, read side: the customer items that carry the sparse gsi2 keys `rewardMembers` and
 * `rewardRank` (entities.ts customerEntity, written with every change of the balance), ordered by balance (cents,
 * zero-padded), so "earned" (balance >= goal) and "almost" (>= 80 %) are key ranges of a Query and a change of the
 * goal needs no re-indexing. The same items as customerEntity (model `customer`), never written through this entity:
 * it names the attributes the dashboard and the daily job read, and the index to query them by.
 */
export const rewardMemberView = onFirstUse(() =>
  new Entity(
    {
      model: model('customer'),
      attributes: {
        sellerId: keyAttribute,
        customerId: keyAttribute,
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        email: { type: 'string' },
        rewardBalance: { type: 'number' },
        /** Only to build a Query's key range (`balanceKey`): items hold the whole `rewardRank`. */
        balanceKey: { type: 'string' },
        ...rewardMarkAttributes,
        mergedInto: { type: 'string' },
      },
      indexes: {
        byId: {
          pk: sellerKey(),
          sk: sortKey('CUSTOMER#${customerId}', ['customerId']),
        },
        byBalance: {
          index: 'gsi2',
          pk: sellerKey('gsi2pk', 'REWARDMEMBERS'),
          sk: sortKey('${balanceKey}#${customerId}', ['balanceKey', 'customerId'], 'gsi2sk'),
        },
      },
    },
    onTable,
  ),
);

/**
 * Before the import benchmark's round (2026-11-26): a customer in the program as an item of its own. No code writes
 * it any more; `npm run backfill -- reward-members` (backfills.ts) moves each onto its customer and deletes it.
 */
export const rewardMemberEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('rewardMember'),
      attributes: {
        sellerId: keyAttribute,
        customerId: keyAttribute,
        name: { type: 'string', required: true },
        /** The name and email lower-cased: the dashboard's search filters on it. */
        searchText: { type: 'string', required: true },
        email: { type: 'string' },
        balance: { type: 'number', required: true, default: 0 },
        balanceKey: { type: 'string', required: true },
        /** Rewards redeemed so far. */
        redeemed: { type: 'number', required: true, default: 0 },
        /** YYYY-MM-DD the customer last reached the goal (the reminder's anchor, the dashboard's Date Earned). */
        earnedAt: { type: 'string' },
        /** YYYY-MM-DD the customer last crossed 80 % of the goal. */
        almostSince: { type: 'string' },
        lastEarnAt: { type: 'string' },
        lastRedeemAt: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byCustomer: {
          pk: sellerKey(),
          sk: sortKey('REWARDMEMBER#${customerId}', ['customerId']),
        },
        byBalance: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'REWARDMEMBERS'),
          sk: sortKey('${balanceKey}#${customerId}', ['balanceKey', 'customerId'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);

/**
 * What one order has credited to its customer's balance, keyed by the order: an order earns once however often it
 * is written, a changed order writes the difference, a cancelled one takes its points back. gsi1 lists a customer's
 * credited orders newest first (the /rewards/history page).
 */
export const rewardPointsEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('rewardPoints'),
      attributes: {
        sellerId: keyAttribute,
        orderId: keyAttribute,
        customerId: { type: 'string', required: true },
        /** An order's credit, or a seller's adjustment (its `orderId` then `adjustment-<request key or uuid>`, written once). */
        kind: { type: ['order', 'adjustment'] as const, required: true, default: 'order' },
        orderNumber: { type: 'string' },
        points: { type: 'number', required: true },
        /** What the balance actually changed by on the last write (a take-back stops at 0). */
        change: { type: 'number', required: true },
        at: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        byOrder: {
          pk: sellerKey(),
          sk: sortKey('REWARDPTS#${orderId}', ['orderId']),
        },
        byCustomer: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'REWARDLOG#${customerId}', ['customerId']),
          sk: sortKey('${at}#${orderId}', ['at', 'orderId'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);

/**
 * A redeemed (fulfilled) reward, keyed by the redeem's request key: creating it is conditional, so a repeated
 * request redeems once. gsi1 lists the seller's latest, gsi2 a customer's.
 */
export const fulfilledRewardEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('fulfilledReward'),
      attributes: {
        sellerId: keyAttribute,
        customerId: keyAttribute,
        requestKey: keyAttribute,
        name: { type: 'string', required: true },
        rewardText: { type: 'string', required: true },
        icon: { type: REWARD_ICONS, required: true },
        goalCount: { type: 'number', required: true },
        /** YYYY-MM-DD. */
        dateEarned: { type: 'string', required: true },
        fulfilledAt: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        byKey: {
          pk: sellerKey(),
          sk: sortKey('REWARD#${customerId}#${requestKey}', ['customerId', 'requestKey']),
        },
        latest: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'REWARDS'),
          sk: sortKey('${fulfilledAt}#${customerId}', ['fulfilledAt', 'customerId'], 'gsi1sk'),
        },
        byCustomer: {
          index: 'gsi2',
          pk: sellerKey('gsi2pk', 'REWARDS#${customerId}', ['customerId']),
          sk: sortKey('${fulfilledAt}', ['fulfilledAt'], 'gsi2sk'),
        },
      },
    },
    onTable,
  ),
);

/** The program's counters: gifts earned (rewards redeemed), added in each redeem's transaction. */
export const rewardStatsEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('rewardStats'),
      attributes: {
        sellerId: keyAttribute,
        giftsEarned: { type: 'number', required: true, default: 0 },
        ...timestamps,
      },
      indexes: {
        stats: {
          pk: sellerKey(),
          sk: sortKey('REWARDS#STATS', []),
        },
      },
    },
    onTable,
  ),
);

/** The daily job's run for a seller and day: written after its messages were queued, so a second run skips it. */
export const rewardJobRunEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('rewardJobRun'),
      attributes: {
        sellerId: keyAttribute,
        day: keyAttribute,
        messages: { type: 'number', required: true },
        /** TTL: the marker matters for a day. */
        expiresAt: { type: 'number' },
        ...timestamps,
      },
      indexes: {
        byDay: {
          pk: sellerKey(),
          sk: sortKey('REWARDJOB#${day}', ['day']),
        },
      },
    },
    onTable,
  ),
);
