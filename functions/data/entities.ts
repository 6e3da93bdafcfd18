import { Entity } from 'electrodb';
import { ONBOARDING_STEPS } from '../../shared/domain/onboarding.js';
import { ORDER_STATUSES } from '../../shared/domain/orders.js';
import { PACKAGES } from '../../shared/domain/plans.js';
import { PLATFORMS } from '../../shared/domain/platforms.js';
import { DEFAULT_GOAL_COUNT, GOAL_TYPES, REWARD_ICONS } from '../../shared/domain/rewards-constants.js';
import { searchable } from '../domain/order-search.js';
import { SUPPRESSION_REASONS } from './email-entities.js';
import { rewardMarkAttributes } from './reward-marks.js';
import { address, keyAttribute, model, onTable, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * The single table's core entities, modelled with ElectroDB (keys and helpers: table.ts). Every partition key
 * starts with CONSULTANT#<sellerId>, so no query can read across sellers. Access patterns: docs/data-model.md.
 */

export { ONBOARDING_STEPS };

export const consultantEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('consultant'),
      attributes: {
        sellerId: keyAttribute,
        email: { type: 'string', required: true },
        name: { type: 'string', required: true },
        businessName: { type: 'string' },
        /**
         * Absent until the seller chooses a plan at sign-up (/signup-package, then billing): no plan, no plan's features.
         * Once chosen, only ever changed for another plan, never removed: the plan gate of a read open to every plan
         * admits a seller its container has seen holding one without reading the profile again (http-handler.ts).
         */
        package: { type: PACKAGES },
        annual: { type: 'boolean', required: true, default: false },
        trialEndsAt: { type: 'string' },
        phone: { type: 'string' },
        returnAddress: address,
        settings: { type: 'map', properties: { timezone: { type: 'string' }, logoUrl: { type: 'string' } } },
        /** /settings (issue 16): the look of labels and emails, the sender of emails, shipping defaults, UPS. */
        personalization: {
          type: 'map',
          properties: { logoUrl: { type: 'string' }, primaryColor: { type: 'string' }, accentColor: { type: 'string' } },
        },
        senderName: { type: 'string' },
        replyTo: { type: 'string' },
        automaticFollowUp: { type: 'boolean' },
        shippingDefaults: {
          type: 'map',
          properties: {
            defaultService: { type: 'string' },
            labelFormat: { type: 'string' },
            parcel: {
              type: 'map',
              properties: { weightOz: { type: 'number' }, lengthIn: { type: 'number' }, widthIn: { type: 'number' }, heightIn: { type: 'number' } },
            },
          },
        },
        upsAccountNumber: { type: 'string' },
        onboarding: {
          type: 'map',
          properties: Object.fromEntries(ONBOARDING_STEPS.map((s) => [s, { type: 'boolean' }])) as Record<
            (typeof ONBOARDING_STEPS)[number],
            { type: 'boolean' }
          >,
        },
        socialLogin: { type: 'boolean', default: false },
        achDisabled: { type: 'boolean', default: false },
        walkthroughClosed: { type: 'boolean', default: false },
        /** Kept by the repositories in the same transaction as the item they count: the dashboard reads one item. */
        customerCount: { type: 'number', required: true, default: 0 },
        orderCount: { type: 'number', required: true, default: 0 },
        ...timestamps,
      },
      indexes: {
        profile: {
          pk: sellerKey(),
          sk: sortKey('PROFILE', []),
        },
      },
    },
    onTable,
  ),
);

export const customerEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('customer'),
      attributes: {
        sellerId: keyAttribute,
        customerId: keyAttribute,
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
        email: { type: 'string' },
        birthday: { type: 'string' },
        phone: { type: 'string' },
        address1: { type: 'string' },
        address2: { type: 'string' },
        address3: { type: 'string' },
        city: { type: 'string' },
        state: { type: 'string' },
        zip: { type: 'string' },
        // Issue 19: none for a customer with no address (an imported buyer known by name and email only); a seller's
        // own edit always sets one.
        country: { type: 'string' },
        company: { type: 'string' },
        // Issue 19: the first name is an import's stand-in (the email's local part, no name given); a later order that
        // names the buyer replaces it (fillDerivedName), a seller's own edit ends it.
        nameDerived: { type: 'boolean' },
        rewardBalance: { type: 'number', required: true, default: 0 },
        /** Counts every change of rewardBalance made by functions/data/rewards.ts: its writes are conditional on it. */
        rewardRev: { type: 'number' },
        // The rewards member, on the customer since the import benchmark (docs/data-model.md "Rewards points on the
        // customer"): written with every change of rewardBalance, in the same update. `rewardMembers` and `rewardRank`
        // are the sparse gsi2 keys of the dashboard's and the daily job's index (`rewardMemberView`,
        // reward-entities.ts): present only on customers in the program, so the index lists members and nobody else.
        rewardMembers: { type: 'string', field: 'gsi2pk' },
        /** `<balance in cents, 12 digits>#<customerId>`: members ordered by balance. */
        rewardRank: { type: 'string', field: 'gsi2sk' },
        ...rewardMarkAttributes,
        totalSpend: { type: 'number', required: true, default: 0 },
        isNew: { type: 'boolean', required: true, default: true },
        /** Where the customer came from; marketplaces forbid marketing email to their buyers. */
        source: { type: ['manual', 'csv', ...PLATFORMS, 'demo'] as const, required: true, default: 'manual' },
        marketingAllowed: { type: 'boolean', required: true, default: true },
        /** When the customer unsubscribed through an email's link: no marketing email from then on. */
        unsubscribedAt: { type: 'string' },
        /**
         * The email ledger's suppression of the customer's current address (normalised), absent when it has none: a copy
         * for the customer screens' email status, so /customers/get, list and search read no ledger (issue 18). Sending
         * never reads it; the ledger's item stays the authority (docs/data-model.md "Email status on the customer").
         */
        emailSuppression: { type: SUPPRESSION_REASONS },
        /** Set when merged into another customer: the kept customer's id. */
        mergedInto: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: {
          pk: sellerKey(),
          sk: sortKey('CUSTOMER#${customerId}', ['customerId']),
        },
        byName: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'CUSTOMERS'),
          sk: sortKey('${lastName}#${firstName}#${customerId}', ['lastName', 'firstName', 'customerId'], 'gsi1sk', 'lower'),
        },
      },
    },
    onTable,
  ),
);

export const orderEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('order'),
      attributes: {
        sellerId: keyAttribute,
        orderId: keyAttribute,
        orderNumber: { type: 'string', required: true },
        customerId: { type: 'string', required: true },
        customerName: { type: 'string', required: true },
        /**
         * The name and number in lower case, written by ElectroDB whenever the one it watches is: the orders search
         * (a Query filter's `contains`, which is case-sensitive) matches these, so "mason" finds "Mason Simmons".
         * Orders written before them get them from `npm run backfill -- order-search`.
         */
        customerNameLower: { type: 'string', hidden: true, watch: ['customerName'], set: (_, { customerName }) => searchable(customerName) },
        orderNumberLower: { type: 'string', hidden: true, watch: ['orderNumber'], set: (_, { orderNumber }) => searchable(orderNumber) },
        orderDate: { type: 'string', required: true },
        status: { type: ORDER_STATUSES, required: true, default: 'unshipped' },
        items: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              sku: { type: 'string' },
              /** The catalogue product the line was chosen from: discounts name their items by it. */
              productId: { type: 'string' },
              name: { type: 'string', required: true },
              quantity: { type: 'number', required: true },
              price: { type: 'number', required: true },
              /** Dollars the line's one discount took off (issue 15). */
              discount: { type: 'number' },
            },
          },
        },
        subtotal: { type: 'number', required: true },
        /**
         * Issue 19: ISO 4217 code of every amount of the order when it is not US dollars (an import of a EUR store);
         * none is USD. Never converted: amounts of different currencies are never added as one.
         */
        currency: { type: 'string' },
        /** The discounts applied, by name, and what each took off (priced by the server: shared/domain/discounts.ts). */
        discounts: {
          type: 'list',
          items: {
            type: 'map',
            properties: { discountId: { type: 'string', required: true }, name: { type: 'string', required: true }, amount: { type: 'number', required: true } },
          },
        },
        discount: { type: 'number', required: true, default: 0 },
        /** Taken in a live stream: livestream discounts apply. */
        livestream: { type: 'boolean' },
        shipping: { type: 'number', required: true, default: 0 },
        tax: { type: 'number', required: true, default: 0 },
        total: { type: 'number', required: true },
        shipTo: address,
        weightOz: { type: 'number' },
        platform: { type: ['manual', 'csv', 'live', ...PLATFORMS, 'demo'] as const, required: true, default: 'manual' },
        platformOrderId: { type: 'string' },
        carrier: { type: 'string' },
        service: { type: 'string' },
        trackingNumber: { type: 'string' },
        labelId: { type: 'string' },
        /** The label purchase under way for this order (its label id) and until when it holds the order. */
        labelClaim: { type: 'string' },
        labelClaimUntil: { type: 'string' },
        followUpEmailSent: { type: 'boolean', required: true, default: false },
        /** When the order's delivery claim was filed (functions/data/delivery-claims.ts): one claim an order. */
        claimFiledAt: { type: 'string' },
        /**
         * The reward points an imported order credited when the import created it (its customer's balance took them in
         * the batch's effects). Once a REWARDPTS entry exists for the order (an edit, a re-import that changed it), the
         * entry says what it credits.
         */
        rewardPoints: { type: 'number' },
        /** The import batch's checkpoint (`<batch key>#<part>`) that counts this order: written before it exists. */
        importBatch: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: {
          pk: sellerKey(),
          sk: sortKey('ORDER#${orderId}', ['orderId']),
        },
        byDate: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'ORDERS'),
          sk: sortKey('${orderDate}#${orderId}', ['orderDate', 'orderId'], 'gsi1sk'),
        },
        byCustomer: {
          index: 'gsi2',
          pk: sellerKey('gsi2pk', 'CUSTOMER#${customerId}', ['customerId']),
          sk: sortKey('${orderDate}#${orderId}', ['orderDate', 'orderId'], 'gsi2sk'),
        },
        /**
         * The orders page with a status filter (issue 18): one Query, no filter expression. The status is the partition
         * key's alone, so every write that sets it (a label bought or voided, a cancel, an import, a delivery) moves
         * the order to its status's partition in the same write; the sort key keeps the date order of byDate.
         */
        byStatus: {
          index: 'gsi3',
          pk: sellerKey('gsi3pk', 'ORDERS#${status}', ['status']),
          sk: sortKey('${orderDate}#${orderId}', ['orderDate', 'orderId'], 'gsi3sk'),
        },
      },
    },
    onTable,
  ),
);

export const CSV_JOB_STATUSES = ['uploading', 'syncing', 'complete', 'failed'] as const;

export const csvJobEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('csvJob'),
      attributes: {
        sellerId: keyAttribute,
        jobId: keyAttribute,
        kind: { type: ['orders', 'customers'] as const, required: true },
        fileName: { type: 'string', required: true },
        // Known at once for a file sent through the API; for a file POSTed straight to S3, once the worker has read it.
        fileHash: { type: 'string' },
        s3Key: { type: 'string' },
        format: { type: 'string' },
        status: { type: CSV_JOB_STATUSES, required: true, default: 'uploading' },
        rowsDone: { type: 'number', required: true, default: 0 },
        rowsTotal: { type: 'number' },
        ordersCreated: { type: 'number', required: true, default: 0 },
        ordersUpdated: { type: 'number', required: true, default: 0 },
        customersCreated: { type: 'number', required: true, default: 0 },
        customersUpdated: { type: 'number', required: true, default: 0 },
        errors: {
          type: 'list',
          items: {
            type: 'map',
            properties: { line: { type: 'number', required: true }, reason: { type: 'string', required: true }, warning: { type: 'boolean' } },
          },
        },
        failureReason: { type: 'string' },
        // Issue 19: the order of the file's numeric dates, from the file or the seller's answer; and, on a job failed
        // because neither settled it, an example date from the file for the upload screen's question.
        dateOrder: { type: ['mdy', 'dmy'] as const },
        dateSample: { type: 'string' },
        /** The upload request's correlation id: the worker logs under it, S3's event having no room for it. */
        correlationId: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: {
          pk: sellerKey(),
          sk: sortKey('CSVJOB#${jobId}', ['jobId']),
        },
        byHash: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'CSVHASH'),
          sk: sortKey('${fileHash}', ['fileHash'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);

/**
 * Which job holds a file's bytes (per seller and kind): its conditional create is the duplicate check, safe against
 * two uploads at once. A file POSTed straight to S3 gets a job before its bytes are known, so the check cannot be the
 * job's own key; the worker claims this record once it has read the file.
 */
export const csvHashEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('csvHash'),
      attributes: {
        sellerId: keyAttribute,
        kind: { type: ['orders', 'customers'] as const, required: true, readOnly: true },
        fileHash: keyAttribute,
        jobId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        byHash: {
          pk: sellerKey(),
          sk: sortKey('CSVHASH#${kind}#${fileHash}', ['kind', 'fileHash']),
        },
      },
    },
    onTable,
  ),
);

/** How many partitions the automatic-programs index spreads sellers over (the daily job reads them in parallel). */
export const REWARD_PROGRAM_SHARDS = 16;

/** The shard of a seller in the automatic-programs index: a stable hash of the seller id. */
export function rewardShard(sellerId: string): string {
  let h = 0;
  for (let i = 0; i < sellerId.length; i++) h = (h * 31 + sellerId.charCodeAt(i)) >>> 0;
  return String(h % REWARD_PROGRAM_SHARDS).padStart(2, '0');
}

/**
 * A seller's reward program. Written whole (put) by functions/data/rewards.ts, so the sparse `automatic` index is
 * decided on the full item: present only while the program is active with automatic reward emails, the daily job
 * finds those programs with a Query per shard instead of a Scan. Its partition key is the one in the table that does
 * not start with the seller: it lists programs across sellers, for the job only (no request path reads it).
 */
export const rewardSettingsEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('rewardSettings'),
      attributes: {
        sellerId: keyAttribute,
        startDate: { type: 'string' },
        goalCount: { type: 'number', required: true, default: DEFAULT_GOAL_COUNT },
        goalType: { type: GOAL_TYPES, required: true, default: 'items' },
        rewardText: { type: 'string' },
        icon: { type: REWARD_ICONS, required: true, default: 'star' },
        active: { type: 'boolean', required: true, default: false },
        notAvailable: { type: 'boolean', required: true, default: false },
        announcementSent: { type: 'boolean', required: true, default: false },
        sendRewardsEmail: { type: 'boolean', required: true, default: true },
        /**
         * The start date (MM/DD/YYYY) whose catch-up has credited the orders placed before the program earned
         * (functions/rewards/catch-up.ts); kept only while the program stays active from that start date.
         */
        caughtUpFrom: { type: 'string' },
        /** rewardShard(sellerId), given by every writer. */
        shard: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        settings: {
          pk: sellerKey(),
          sk: sortKey('REWARDS#SETTINGS', []),
        },
        automatic: {
          index: 'gsi1',
          condition: (attr) => attr.active === true && attr.sendRewardsEmail === true,
          pk: { field: 'gsi1pk', composite: ['shard'], template: 'REWARDS#AUTOMATIC#${shard}', casing: 'none' },
          sk: sortKey('${sellerId}', ['sellerId'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);
