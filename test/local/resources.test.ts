import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { dlqName, EMAIL_LEDGER, MAX_RECEIVE_COUNT, QUEUES, TABLE, UPLOADS, visibilityTimeoutSeconds } from '../../infra/definitions.js';

/** The resources the global setup's local cloud made from infra/definitions.ts, seen as a function sees them. */
const envQueueUrl = {
  csvJobs: 'QUEUE_URL_CSV_JOBS',
  platformSync: 'QUEUE_URL_PLATFORM_SYNC',
  rewardEmails: 'QUEUE_URL_REWARD_EMAILS',
  labelBatches: 'QUEUE_URL_LABEL_BATCHES',
  rewardsCatchUp: 'QUEUE_URL_REWARDS_CATCH_UP',
  jobWatchdog: 'QUEUE_URL_JOB_WATCHDOG',
  emails: 'QUEUE_URL_EMAILS',
  emailEvents: 'QUEUE_URL_EMAIL_EVENTS',
} as const;

describe('local cloud resources', () => {
  it('has the table with pk/sk, every GSI projecting ALL, on demand', async () => {
    const ddb = new DynamoDBClient({});
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: process.env.TABLE_NAME }));
    expect(Table?.TableName).toBe(TABLE.name);
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    const gsis = Table?.GlobalSecondaryIndexes ?? [];
    expect(gsis.map((g) => g.IndexName).sort()).toEqual(TABLE.indexes.map((i) => i.name).sort());
    for (const i of TABLE.indexes) {
      const g = gsis.find((x) => x.IndexName === i.name);
      expect(g?.Projection?.ProjectionType).toBe('ALL');
      expect(g?.KeySchema).toEqual([
        { AttributeName: i.partitionKey, KeyType: 'HASH' },
        { AttributeName: i.sortKey, KeyType: 'RANGE' },
      ]);
    }
  });

  it('has the email ledger with pk/sk, no index, on demand, and marked as holding every older email item', async () => {
    const ddb = new DynamoDBClient({});
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: process.env.EMAIL_LEDGER_TABLE_NAME }));
    expect(Table?.TableName).toBe(EMAIL_LEDGER.name);
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(Table?.GlobalSecondaryIndexes).toBeUndefined();
    const { emailLedgerReady } = await import('../../functions/data/email-sends.js');
    expect(await emailLedgerReady()).toBe(true);
  });

  it.each(Object.entries(QUEUES))('has queue %s with its DLQ, redrive after %s receives and the visibility timeout', async (key, q) => {
    const sqs = new SQSClient({});
    const url = process.env[envQueueUrl[key as keyof typeof envQueueUrl]]!;
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/\\d+/${q.name}$`));
    const { Attributes: a } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }));
    const dlqUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: dlqName(q) }))).QueueUrl!;
    const { Attributes: d } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }));
    expect(JSON.parse(a?.RedrivePolicy ?? '{}')).toEqual({ deadLetterTargetArn: d?.QueueArn, maxReceiveCount: MAX_RECEIVE_COUNT });
    expect(Number(a?.VisibilityTimeout)).toBe(visibilityTimeoutSeconds(q));
  });

  it('has the uploads bucket', async () => {
    const s3 = new S3Client({ forcePathStyle: true });
    expect(process.env.UPLOAD_BUCKET).toBe(UPLOADS.bucket);
    await expect(s3.send(new HeadBucketCommand({ Bucket: UPLOADS.bucket }))).resolves.toBeDefined();
  });

  it('gives functions the environment of docs/CONTRACTS.md', () => {
    for (const name of [
      'AWS_REGION',
      'TABLE_NAME',
      'EMAIL_LEDGER_TABLE_NAME',
      'UPLOAD_BUCKET',
      'QUEUE_URL_CSV_JOBS',
      'QUEUE_URL_PLATFORM_SYNC',
      'QUEUE_URL_REWARD_EMAILS',
      'USER_POOL_ID',
      'USER_POOL_CLIENT_ID',
      'JWT_ISSUER',
      'JWKS_URI',
      'AWS_ENDPOINT_URL_DYNAMODB',
      'AWS_ENDPOINT_URL_S3',
      'AWS_ENDPOINT_URL_SQS',
      'AWS_ENDPOINT_URL_SESV2',
      'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
      'MAX_RECEIVE_COUNT',
      'UPLOAD_PREFIX',
    ]) {
      expect(process.env[name], name).toBeTruthy();
    }
    expect(process.env.JWT_ISSUER).toBe(`${process.env.TEST_COGNITO_ENDPOINT}/${process.env.USER_POOL_ID}`);
  });
});
