import * as z from 'zod';
import { PLATFORMS } from '../shared/domain/platforms.js';
import { parcelSchema, SERVICES } from '../shared/schemas/shipping.js';

/**
 * The contract of every asynchronous message. Producers build with these types, consumers parse with these
 * schemas (per record, so one bad message fails alone).
 */

/**
 * The message attribute (not a body field) that carries the correlation id of the request or message that queued a
 * message: every queue carries it the same way, whatever its body, and no message's schema names it. S3's events
 * have no room for it: a csv job keeps its upload's id on its item.
 */
export const CORRELATION_ATTRIBUTE = 'correlationId';

/** S3 writes keys URL-encoded, spaces as '+'; the schema hands consumers the key itself. */
const s3Key = z.string().transform((key) => decodeURIComponent(key.replace(/\+/g, ' ')));

/** csv-jobs: S3's own ObjectCreated notification, as S3 sends it to SQS. Keys arrive URL-encoded and leave decoded. */
export const s3ObjectCreated = z.object({
  Records: z
    .array(
      z.object({
        eventSource: z.literal('aws:s3'),
        eventName: z.string().startsWith('ObjectCreated:'),
        awsRegion: z.string(),
        eventTime: z.string(),
        s3: z.object({
          bucket: z.object({ name: z.string(), arn: z.string().optional() }),
          object: z.object({ key: s3Key, size: z.number().optional(), eTag: z.string().optional(), sequencer: z.string().optional() }),
        }),
      }),
    )
    .min(1),
});
export type S3ObjectCreated = z.output<typeof s3ObjectCreated>;

/** S3 also sends a test event when a notification is configured; consumers ignore it. */
export const s3TestEvent = z.object({ Event: z.literal('s3:TestEvent'), Bucket: z.string() });

/** Everything S3 puts on the csv-jobs queue. */
export const csvJobMessage = z.union([s3TestEvent, s3ObjectCreated]);
export type CsvJobMessage = z.output<typeof csvJobMessage>;

/** platform-sync: pull a seller's orders from a platform since its last cursor. */
export const platformSyncRequested = z.object({
  type: z.literal('platform-sync.requested'),
  sellerId: z.string().min(1),
  platform: z.enum(PLATFORMS),
  requestedAt: z.string(),
  /** Natural key: one sync per seller, platform and click. */
  requestId: z.string().min(1),
});
export type PlatformSyncRequested = z.infer<typeof platformSyncRequested>;

/**
 * label-batches: buy one order's label of a batch. The purchase's idempotency key is fixed by batch and order, so a
 * redelivered message never buys twice.
 */
export const labelBatchOrder = z.object({
  sellerId: z.string().min(1),
  batchId: z.string().min(1),
  orderId: z.string().min(1),
  service: z.enum(SERVICES),
  parcel: parcelSchema,
});
export type LabelBatchOrder = z.output<typeof labelBatchOrder>;

/**
 * reward-emails: one email of a kind to one customer (or, for an announcement, to one extra address the seller
 * typed). The natural key (seller, kind, customer or address, period) makes it one email however often the message
 * arrives. The message carries what the email says at the moment it was asked for (points, goal, reward text), so
 * the worker renders without reading the program.
 */
export const rewardEmailRequested = z
  .object({
    type: z.literal('reward-email.requested'),
    sellerId: z.string().min(1),
    customerId: z.string().min(1).optional(),
    /** An announcement's extra address (no customer record). */
    to: z.string().email().max(254).optional(),
    /**
     * The customer's address when the email was asked for: the worker reads its suppression with the customer and
     * claims the email beside that read. The email still goes to the customer's address as it is when sent (an
     * address changed since is checked at the new address).
     */
    customerEmail: z.string().max(320).optional(),
    kind: z.enum(['earned', 'almost', 'reminder', 'announcement']),
    /** The reason part of the natural key: a goal cycle, a day of the job, a request key. */
    period: z.string().min(1).max(200),
    subject: z.string().max(200).optional(),
    message: z.string().max(10_000).optional(),
    rewardText: z.string().max(25).optional(),
    points: z.number().optional(),
    goalCount: z.number().int().optional(),
    goalType: z.enum(['items', 'dollars']).optional(),
  })
  .refine((m) => m.customerId !== undefined || m.to !== undefined, 'A reward email needs a customer or an address.');
export type RewardEmailRequested = z.infer<typeof rewardEmailRequested>;

/**
 * rewards-catch-up: credit the points of a seller's orders already placed from a program's start date on, once a
 * save or restart makes the program earn (functions/rewards/catch-up.ts). Each order's points are set, not added
 * (its entry is keyed by the order), so a message delivered twice, or a second save, credits nothing twice. A
 * catch-up too long for one invocation continues in a message with the cursor of the next page.
 */
export const rewardsCatchUpRequested = z.object({
  type: z.literal('rewards-catch-up.requested'),
  sellerId: z.string().min(1).max(100),
  /** The program's start date as saved (MM/DD/YYYY): a message of a program saved since with another is stale. */
  startDate: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
  /** Where the last invocation stopped (the date index's cursor); none: from the start date. */
  cursor: z.string().min(1).max(2_000).optional(),
});
export type RewardsCatchUpRequested = z.infer<typeof rewardsCatchUpRequested>;

/**
 * emails: a seller's email to one customer, marketing (a follow-up, a campaign) or transactional (shipped,
 * delivered), or (issue 16) a transactional email to the seller's own address (`to` instead of `customerId`: the
 * support ticket's confirmation). Rendered (merge fields filled) when it is asked for; the worker adds the footer,
 * the unsubscribe link for marketing, and sends it once per (seller, recipient, kind, reason).
 */
const emailRequestedFields = z.object({
  type: z.literal('email.requested'),
  sellerId: z.string().min(1),
  customerId: z.string().min(1).optional(),
  /** An address with no customer record (issue 16: the seller's own); only with a transactional kind. */
  to: z.email().max(254).optional(),
  orderId: z.string().min(1).optional(),
  kind: z.enum(['followUp', 'campaign', 'shipped', 'delivered', 'daysAfter', 'supportTicket']),
  category: z.enum(['marketing', 'transactional']),
  /** The reason part of the natural key: an order id and trigger, a campaign id, a request key. */
  reason: z.string().min(1).max(300),
  subject: z.string().min(1).max(200),
  text: z.string().min(1).max(20_000),
});
export const emailRequested = emailRequestedFields.refine((m) => (m.customerId === undefined) !== (m.to === undefined), {
  message: 'an email goes to a customer (customerId) or to an address (to), not both',
});
export type EmailRequested = z.infer<typeof emailRequested>;

/**
 * job-watchdog: look at an import or a sync again once its worker's timeout has passed (sent with a delay when the
 * job starts, and again while it is still making progress).
 */
export const jobWatch = z.discriminatedUnion('kind', [
  z.object({ type: z.literal('job-watch'), kind: z.literal('csv'), sellerId: z.string().min(1), jobId: z.string().min(1) }),
  z.object({
    type: z.literal('job-watch'),
    kind: z.literal('platform-sync'),
    sellerId: z.string().min(1),
    requestId: z.string().min(1),
    requestedAt: z.string().min(1),
  }),
]);
export type JobWatch = z.infer<typeof jobWatch>;
const recipient = z.object({ emailAddress: z.string().min(1).max(320) });
const sesMail = z.object({
  messageId: z.string().min(1).max(200),
  destination: z.array(z.string().max(320)).max(50).optional(),
  /** The EmailTags the email was sent with (functions/email/deliver.ts): `seller` names whose address to suppress. */
  tags: z.record(z.string(), z.array(z.string().max(256)).max(10)).optional(),
});
const sesEvent = z.discriminatedUnion('eventType', [
  z.object({
    eventType: z.literal('Bounce'),
    mail: sesMail,
    bounce: z.object({ bounceType: z.string().max(50), bouncedRecipients: z.array(recipient).max(50) }),
  }),
  z.object({
    eventType: z.literal('Complaint'),
    mail: sesMail,
    complaint: z.object({ complainedRecipients: z.array(recipient).max(50) }),
  }),
  z.object({ eventType: z.enum(['Send', 'Delivery', 'Reject', 'Open', 'Click', 'RenderingFailure', 'DeliveryDelay', 'Subscription']), mail: sesMail }),
]);

/**
 * email-events: SES's event of an email (a configuration set's event destination, SNS to SQS with raw delivery).
 * Also taken: SNS's envelope around it (raw delivery off), and the older `notificationType` spelling of identity
 * notifications.
 */
export const sesNotification = z.preprocess((value) => {
  let v = value;
  if (v && typeof v === 'object' && (v as { Type?: unknown }).Type === 'Notification' && typeof (v as { Message?: unknown }).Message === 'string') {
    try {
      v = JSON.parse((v as { Message: string }).Message);
    } catch {
      return v;
    }
  }
  if (v && typeof v === 'object' && !('eventType' in v) && 'notificationType' in v) v = { ...v, eventType: (v as { notificationType: unknown }).notificationType };
  return v;
}, sesEvent);
export type SesNotification = z.output<typeof sesNotification>;

/** The daily schedule: EventBridge Scheduler's event. */
export const scheduledEvent = z.object({
  'detail-type': z.literal('Scheduled Event'),
  source: z.literal('aws.events'),
  time: z.string(),
});
