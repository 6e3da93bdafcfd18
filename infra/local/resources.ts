import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { EMAIL_IMAGE_TYPES, type EmailImageExtension, isEmailImageKey } from '../../shared/domain/email-images.js';
import { dlqName, EMAIL_IMAGES, EMAIL_LEDGER, MAX_RECEIVE_COUNT, QUEUES, type QueueKey, STATUS, TABLE, UPLOADS, USER_POOL, visibilityTimeoutSeconds } from '../definitions.js';

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : '';
}

const describeTable = (ddb: DynamoDBClient, TableName: string) =>
  ddb.send(new DescribeTableCommand({ TableName })).catch((err) => {
    if (errorName(err) === 'ResourceNotFoundException') return undefined;
    throw err;
  });

// DynamoDB Local records TTL but never expires items; code checks expiresAt itself.
const enableTtl = (ddb: DynamoDBClient, TableName: string, AttributeName: string) =>
  ddb.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { AttributeName, Enabled: true } })).catch(() => undefined);

/** A hash key and a range key (a table's or an index's), both strings. */
const keySchema = (partitionKey: string, sortKey: string) => [
  { AttributeName: partitionKey, KeyType: 'HASH' as const },
  { AttributeName: sortKey, KeyType: 'RANGE' as const },
];

type TableDef = { partitionKey: string; sortKey: string; ttlAttribute: string };
type IndexDef = { name: string; partitionKey: string; sortKey: string };

const gsi = (i: IndexDef) => ({ IndexName: i.name, KeySchema: keySchema(i.partitionKey, i.sortKey), Projection: { ProjectionType: 'ALL' as const } });

/** Creates table `name` with `def`'s string keys and TTL, on demand, and `indexes` (ALL projection). */
export async function createTable(ddb: DynamoDBClient, name: string, def: TableDef, indexes: readonly IndexDef[] = []): Promise<void> {
  const attrs = new Set([def.partitionKey, def.sortKey, ...indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  await ddb.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
      KeySchema: keySchema(def.partitionKey, def.sortKey),
      ...(indexes.length > 0 ? { GlobalSecondaryIndexes: indexes.map(gsi) } : {}),
    }),
  );
  await enableTtl(ddb, name, def.ttlAttribute);
}

/** The email ledger from EMAIL_LEDGER: pk/sk, no index, on-demand, TTL on expiresAt. Idempotent. */
export async function ensureEmailLedger(ddb: DynamoDBClient): Promise<void> {
  if (!(await describeTable(ddb, EMAIL_LEDGER.name))) await createTable(ddb, EMAIL_LEDGER.name, EMAIL_LEDGER);
}

/**
 * The single table from TABLE: pk/sk, every GSI (ALL projection), on-demand, TTL on expiresAt. Idempotent. Answers
 * the indexes it added to a table kept on disk, whose items written before may need a backfill.
 */
export async function ensureTable(ddb: DynamoDBClient): Promise<string[]> {
  const existing = await describeTable(ddb, TABLE.name);
  if (!existing) {
    await createTable(ddb, TABLE.name, TABLE, TABLE.indexes);
    return [];
  }
  // A table kept on disk from an older definition: add the indexes it lacks.
  const have = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  const added: string[] = [];
  for (const i of TABLE.indexes) {
    if (have.has(i.name)) continue;
    added.push(i.name);
    await ddb.send(
      new UpdateTableCommand({
        TableName: TABLE.name,
        AttributeDefinitions: [i.partitionKey, i.sortKey].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
        GlobalSecondaryIndexUpdates: [{ Create: gsi(i) }],
      }),
    );
  }
  return added;
}

export interface QueueInfo {
  name: string;
  url: string;
  arn: string;
  dlqName: string;
  dlqUrl: string;
  dlqArn: string;
}

/** Each queue of QUEUES with its DLQ (14 days retention) and redrive after MAX_RECEIVE_COUNT receives. */
export async function ensureQueues(sqs: SQSClient): Promise<Record<QueueKey, QueueInfo>> {
  const out = {} as Record<QueueKey, QueueInfo>;
  for (const [key, q] of Object.entries(QUEUES) as [QueueKey, (typeof QUEUES)[QueueKey]][]) {
    const dlq = await sqs.send(
      new CreateQueueCommand({ QueueName: dlqName(q), Attributes: { MessageRetentionPeriod: String(14 * 24 * 3600) } }),
    );
    const dlqAttrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
    const dlqArn = dlqAttrs.Attributes?.QueueArn ?? '';
    const main = await sqs.send(
      new CreateQueueCommand({
        QueueName: q.name,
        Attributes: {
          VisibilityTimeout: String(visibilityTimeoutSeconds(q)),
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: MAX_RECEIVE_COUNT }),
        },
      }),
    );
    const mainAttrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: main.QueueUrl, AttributeNames: ['QueueArn'] }));
    out[key] = {
      name: q.name,
      url: main.QueueUrl ?? '',
      arn: mainAttrs.Attributes?.QueueArn ?? '',
      dlqName: dlqName(q),
      dlqUrl: dlq.QueueUrl ?? '',
      dlqArn,
    };
  }
  return out;
}

export async function ensureBucket(s3: S3Client): Promise<void> {
  for (const bucket of [UPLOADS.bucket, EMAIL_IMAGES.bucket, STATUS.bucket]) {
    await s3.send(new CreateBucketCommand({ Bucket: bucket })).catch((err) => {
      if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(errorName(err))) throw err;
    });
  }
}

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

async function poolExists(cognito: CognitoIdentityProviderClient, ids: PoolIds): Promise<boolean> {
  try {
    await cognito.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
    await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.clientId }));
    return true;
  } catch {
    return false;
  }
}

/**
 * The user pool and its web client (USER_PASSWORD_AUTH + SRP, no secret). The ids are kept in `idsFile`
 * (if given) and the pool is found by name otherwise, so a restart reuses the same pool and its users.
 */
export async function ensureUserPool(cognito: CognitoIdentityProviderClient, idsFile?: string): Promise<PoolIds> {
  if (idsFile && existsSync(idsFile)) {
    const saved = JSON.parse(readFileSync(idsFile, 'utf8')) as PoolIds;
    if (await poolExists(cognito, saved)) return saved;
  }
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === USER_POOL.name)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: USER_POOL.name,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: USER_POOL.passwordMinLength,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: false,
          },
        },
      }),
    );
    userPoolId = created.UserPool?.Id ?? '';
  }
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === USER_POOL.clientName)?.ClientId;
  if (!clientId) {
    const flows = ['ALLOW_REFRESH_TOKEN_AUTH'];
    if (USER_POOL.authFlows.userPassword) flows.push('ALLOW_USER_PASSWORD_AUTH');
    if (USER_POOL.authFlows.userSrp) flows.push('ALLOW_USER_SRP_AUTH');
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: USER_POOL.clientName,
        GenerateSecret: false,
        ExplicitAuthFlows: flows as never,
      }),
    );
    clientId = created.UserPoolClient?.ClientId ?? '';
  }
  const ids = { userPoolId, clientId };
  if (idsFile) {
    mkdirSync(dirname(idsFile), { recursive: true });
    writeFileSync(idsFile, `${JSON.stringify(ids, null, 2)}\n`);
  }
  return ids;
}

/** A confirmed user with a permanent password (created if missing); returns its `sub`. */
export async function ensureUser(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  user: { email: string; password: string; name?: string },
): Promise<string> {
  const subOf = (attrs: { Name?: string; Value?: string }[] | undefined) => attrs?.find((a) => a.Name === 'sub')?.Value;
  try {
    const got = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }));
    const sub = subOf(got.UserAttributes);
    if (sub) return sub;
  } catch (err) {
    if (errorName(err) !== 'UserNotFoundException') throw err;
  }
  const attributes = [
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: 'true' },
  ];
  if (user.name) attributes.push({ Name: 'name', Value: user.name });
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      UserAttributes: attributes,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: user.password,
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.email, Password: user.password, Permanent: true }),
  );
  const sub = subOf(created.User?.Attributes);
  if (sub) return sub;
  const got = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }));
  return subOf(got.UserAttributes) ?? '';
}

/**
 * An email image as the gateway serves it at its path (CloudFront's /email-images/* in AWS); only our keys. From
 * the local S3, or else from `keptDir` (`<dir>/<bucket>/<key>`, where the local cloud copies created objects).
 */
export async function readEmailImage(s3: S3Client, key: string, keptDir?: string): Promise<{ body: Uint8Array; contentType: string } | undefined> {
  if (!isEmailImageKey(key)) return undefined;
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: EMAIL_IMAGES.bucket, Key: key }));
    if (object.Body) return { body: await object.Body.transformToByteArray(), contentType: object.ContentType ?? 'application/octet-stream' };
  } catch (err) {
    if (!['NoSuchKey', 'NotFound'].includes(errorName(err))) throw err;
  }
  const file = keptDir && join(keptDir, EMAIL_IMAGES.bucket, key);
  if (!file || !existsSync(file)) return undefined;
  const ext = key.slice(key.lastIndexOf('.') + 1) as EmailImageExtension;
  return { body: new Uint8Array(readFileSync(file)), contentType: EMAIL_IMAGE_TYPES[ext] };
}
