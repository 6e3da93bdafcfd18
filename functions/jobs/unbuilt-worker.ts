import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../observability.js';

/**
 * A queue whose worker is not built yet keeps its messages: each is reported failed, so SQS retries it and,
 * after 5 receives, parks it in the DLQ, from where it can be redriven once the worker exists.
 */
export function unbuiltWorker(name: string) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    logger.warn('worker not built yet; messages kept for redrive', { worker: name, count: event.Records.length });
    return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
  };
}
