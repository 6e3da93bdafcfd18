import { randomUUID } from 'node:crypto';
import { type AttributeValue, type DynamoDBClient, paginateScan, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { PlatformSyncRequested } from '../../events/schemas.js';
import { TABLE } from '../definitions.js';
import type { ObjectCreated } from './aws-front.js';
import type { KeptUploads } from './kept-uploads.js';

/**
 * The local queues live in memory, so a job whose message was queued or in flight when the last run stopped would
 * wait for ever. On start its message is sent again: the S3 event of a CSV job still uploading or syncing, the
 * request of a platform sync still queued or running. The workers are idempotent and resume from their
 * checkpoints, so a job whose message did survive is only run once more to no effect.
 *
 * A Scan, which no request path uses: this runs once, on a laptop's table, before anything is served. In AWS the
 * queues are durable and nothing needs resending.
 */
export async function resumeUnfinishedJobs(o: {
  ddb: DynamoDBClient;
  sqs: SQSClient;
  notifier: { onObjectCreated(e: ObjectCreated): void; idle(): Promise<void> };
  /** The uploads of the last run, kept on disk: the in-memory bucket lost them. */
  uploads: KeptUploads;
  bucket: string;
  platformSyncQueueUrl: string;
}): Promise<{ csvJobs: number; platformSyncs: number }> {
  let csvJobs = 0;
  let platformSyncs = 0;
  const openUploads = new Set<string>();
  const pages = paginateScan(
    { client: o.ddb },
    {
      TableName: TABLE.name,
      FilterExpression: '(#e = :csv AND #s IN (:uploading, :syncing)) OR (#e = :sync AND #s IN (:queued, :running))',
      ExpressionAttributeNames: { '#e': '__edb_e__', '#s': 'status' },
      ExpressionAttributeValues: {
        ':csv': { S: 'csvJob' },
        ':uploading': { S: 'uploading' },
        ':syncing': { S: 'syncing' },
        ':sync': { S: 'platformSync' },
        ':queued': { S: 'queued' },
        ':running': { S: 'running' },
      },
    },
  );
  /**
   * The time the cloud was stopped is no lack of progress: a job resumed starts its worker's timeout again, or a
   * status read before its worker takes it would mark it failed.
   */
  const touch = (raw: Record<string, AttributeValue>) =>
    o.ddb
      .send(
        new UpdateItemCommand({
          TableName: TABLE.name,
          Key: { [TABLE.partitionKey]: raw[TABLE.partitionKey]!, [TABLE.sortKey]: raw[TABLE.sortKey]! },
          UpdateExpression: 'SET updatedAt = :now',
          ConditionExpression: '#s = :status',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':now': { S: new Date().toISOString() }, ':status': raw.status! },
        }),
      )
      .catch(() => undefined); // it moved meanwhile: nothing to resume
  for await (const page of pages) {
    for (const raw of page.Items ?? []) {
      const item = unmarshall(raw);
      if (item.__edb_e__ === 'csvJob' && typeof item.s3Key === 'string') {
        openUploads.add(item.s3Key);
        // An upload that was never stored stays as it is, and reads as failed once older than its worker's timeout.
        if (!(await o.uploads.restore(o.bucket, item.s3Key))) continue;
        await touch(raw);
        o.notifier.onObjectCreated({ bucket: o.bucket, key: item.s3Key, eventName: 'ObjectCreated:Put', sourceIp: '127.0.0.1', requestId: randomUUID() });
        csvJobs++;
      } else if (item.__edb_e__ === 'platformSync') {
        await touch(raw);
        const message: PlatformSyncRequested = {
          type: 'platform-sync.requested',
          sellerId: String(item.sellerId),
          platform: item.platform,
          requestedAt: String(item.requestedAt),
          requestId: String(item.requestId),
        };
        await o.sqs.send(new SendMessageCommand({ QueueUrl: o.platformSyncQueueUrl, MessageBody: JSON.stringify(message) }));
        platformSyncs++;
      }
    }
  }
  await o.notifier.idle();
  o.uploads.prune(o.bucket, openUploads);
  return { csvJobs, platformSyncs };
}
