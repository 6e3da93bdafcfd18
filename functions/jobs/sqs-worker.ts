import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { CORRELATION_ATTRIBUTE } from '../../events/schemas.js';
import { sendBody } from '../adapters/sqs.js';
import { config } from '../config.js';
import { ContinueLater, type Deadline, NO_DEADLINE } from '../domain/deadline.js';
import { DomainError } from '../domain/errors.js';
import { correlationIdOr, logger, publishMetrics, withCorrelation } from '../observability.js';

/** What a handler knows of its delivery besides the message. */
export interface Delivery {
  messageId: string;
  /** SQS's last receive before the redrive policy moves the message to the DLQ: give up visibly now. */
  lastTry: boolean;
  /** The invocation's remaining time (Lambda's context); a long job stops in time and throws ContinueLater. */
  deadline: Deadline;
}

export interface WorkerOptions<M> {
  /**
   * Records what the seller reads of a refusal they can fix (`err.sellerCanFix`: a bad address, a low balance):
   * a retry would fail the same, so the message is done once this is written.
   */
  onSellerCanFix?: (message: M, err: DomainError) => Promise<void>;
  /**
   * The queue a job that stopped in time (ContinueLater) is continued on: its message is sent there again and this
   * delivery counts as done, so a long job never spends its tries toward the DLQ by running out of time.
   */
  continueOn?: () => string;
  /**
   * The records of a batch are independent of each other (one email each): handled side by side rather than one
   * after another. Their own limits (the email send rate) still pace them.
   */
  parallel?: boolean;
}

/** A record's body: JSON text holding the message. Text that is not JSON fails the schema like any other body. */
const jsonBody = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * The id the record was queued under (functions/adapters/sqs.ts), or its own message id when it has none (S3's
 * events, messages queued outside a request): every log line of one record still shares one id.
 */
const correlationIdOf = (record: SQSRecord) =>
  correlationIdOr(record.messageAttributes?.[CORRELATION_ATTRIBUTE]?.stringValue, record.messageId);

/** A record handed over without SQS's attributes (a test's, a replay's) counts as an early try. */
const isLastTry = (record: SQSRecord) => Number(record.attributes?.ApproximateReceiveCount ?? 0) >= config.MAX_RECEIVE_COUNT;

/**
 * The one contract of every queue worker (Powertools partial batch response). Each record's body is parsed with its
 * message's schema (events/schemas.ts) and handled alone, one record at a time (messages of one seller write the
 * same items). A failure is reported for that record only, so SQS retries it and, after MAX_RECEIVE_COUNT receives,
 * the redrive policy parks it in the DLQ: a body that fails its schema ends there, never retried for ever. A
 * refusal the seller can fix is recorded as the message's outcome and not retried. Each record is handled under
 * its correlation id (in its log lines, and on every message it queues), and the metrics of the whole batch are
 * published once it is done.
 */
export function sqsWorker<S extends z.ZodType>(
  schema: S,
  handle: (message: z.output<S>, delivery: Delivery) => Promise<void>,
  options: WorkerOptions<z.output<S>> = {},
): (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse> {
  const body = jsonBody(schema);

  async function run(record: SQSRecord, deadline: Deadline): Promise<void> {
    logger.debug('message received', { messageId: record.messageId, receiveCount: record.attributes?.ApproximateReceiveCount });
    const parsed = body.safeParse(record.body);
    if (!parsed.success) {
      logger.error('message does not match its schema; reported, so SQS parks it in the DLQ', {
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
        issues: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`),
      });
      throw new Error('message does not match its schema');
    }
    try {
      await handle(parsed.data, { messageId: record.messageId, lastTry: isLastTry(record), deadline });
    } catch (err) {
      if (err instanceof ContinueLater && options.continueOn) {
        await sendBody(options.continueOn(), err.next ? JSON.stringify(err.next) : record.body);
        logger.info('job checkpointed before the timeout; continued in a new message', { messageId: record.messageId });
        return;
      }
      if (err instanceof DomainError && err.sellerCanFix) {
        logger.warn('message refused for a reason the seller can fix; recorded, not retried', { messageId: record.messageId, error: err });
        await options.onSellerCanFix?.(parsed.data, err);
        return;
      }
      logger.error('message failed; SQS will retry it', { error: err as Error, messageId: record.messageId, lastTry: isLastTry(record) });
      throw err;
    }
  }

  return async (event, context) => {
    const deadline: Deadline = context ? { remainingMs: () => context.getRemainingTimeInMillis() } : NO_DEADLINE;
    const runCorrelated = (record: SQSRecord) => withCorrelation(correlationIdOf(record), () => run(record, deadline));
    try {
      // A processor per batch: it holds the batch's records and failures, and the local cloud runs several batches
      // of one queue at once in one process (Lambda never does), which a shared one would mix up.
      return await processPartialResponse(event, runCorrelated, new BatchProcessor(EventType.SQS), {
        processInParallel: options.parallel ?? false,
        throwOnFullBatchFailure: false,
      });
    } finally {
      publishMetrics();
    }
  };
}
