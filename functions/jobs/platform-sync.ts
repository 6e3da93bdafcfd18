import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { platformSyncRequested } from '../../events/schemas.js';
import { MAX_RECEIVE_COUNT } from '../../infra/definitions.js';
import { giveUpPlatformSync, runPlatformSync } from '../integrations/run-sync.js';
import { logger } from '../observability.js';

const processor = new BatchProcessor(EventType.SQS);

function parse(record: SQSRecord) {
  try {
    return platformSyncRequested.safeParse(JSON.parse(record.body));
  } catch {
    return { success: false as const };
  }
}

async function handle(record: SQSRecord): Promise<void> {
  const parsed = parse(record);
  if (!parsed.success) {
    // No retry makes a malformed message valid.
    logger.error('platform sync message is not a platform-sync.requested; dropped', { messageId: record.messageId });
    return;
  }
  try {
    const result = await runPlatformSync(parsed.data);
    logger.info('platform sync delivery done', { result, platform: parsed.data.platform, requestId: parsed.data.requestId });
  } catch (err) {
    logger.error('platform sync failed; SQS will retry', { error: err as Error, messageId: record.messageId });
    if (Number(record.attributes.ApproximateReceiveCount) >= MAX_RECEIVE_COUNT) await giveUpPlatformSync(parsed.data);
    throw err;
  }
}

/**
 * platform-sync consumer: one sync request per message, a failed one reported alone (partial batch response) so
 * SQS retries it and, after MAX_RECEIVE_COUNT receives, parks it in the DLQ. One record at a time: syncs of one
 * seller write the same order counter.
 */
export const handler = (event: SQSEvent): Promise<SQSBatchResponse> =>
  processPartialResponse(event, handle, processor, { processInParallel: false, throwOnFullBatchFailure: false });
