import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Platform } from '../../shared/domain/platforms.js';
import type { TestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';

/** What `/upload/getLastSync` answers (shared/schemas/integrations.ts, lastSyncAnswer). */
export interface LastSync {
  success: true;
  finished: boolean;
  syncs: { platform: Platform; requestId: string; requestedAt: string; status: string; ordersCreated: number; ordersUpdated: number; error: string | null; finishedAt: string | null }[];
  ordersCreated: number;
  ordersUpdated: number;
  lastSync: string | null;
}

/** Polls `/upload/getLastSync?lastClick` as the screen does until every sync since the click is finished (bounded). */
export async function syncFinished(seller: TestSeller, lastClick: string, timeoutMs = 60_000): Promise<LastSync> {
  let last: unknown;
  return until(
    () => `the sync since ${lastClick} to finish (last answer: ${JSON.stringify(last)})`,
    async () => {
      const res = await seller.api('GET', '/upload/getLastSync', { query: { lastClick } });
      if (res.status !== 200) throw new Error(`getLastSync answered ${res.status}: ${JSON.stringify(res.json)}`);
      last = res.json;
      return res.json.finished && res.json.syncs.length > 0 ? (res.json as LastSync) : undefined;
    },
    { timeoutMs, intervalMs: 200 },
  );
}

/** Clicks Sync now for one platform and waits for the worker to finish that sync. */
export async function syncNow(seller: TestSeller, platform: Platform) {
  const res = await seller.api('GET', `/${platform}/ordersresync`);
  if (res.status !== 200) throw new Error(`ordersresync answered ${res.status}: ${JSON.stringify(res.json)}`);
  const last = await syncFinished(seller, res.json.requestedAt);
  return { request: res.json as { requestId: string; requestedAt: string; alreadyRunning: boolean }, last, sync: last.syncs.find((s) => s.requestId === res.json.requestId)! };
}

let ddb: DynamoDBClient | undefined;

/** The integration item exactly as DynamoDB holds it (not through our code). */
export async function rawIntegrationItem(sellerId: string, platform: Platform): Promise<Record<string, unknown> | undefined> {
  ddb ??= new DynamoDBClient({});
  const out = await ddb.send(
    new GetItemCommand({ TableName: process.env.TABLE_NAME, Key: { pk: { S: `CONSULTANT#${sellerId}` }, sk: { S: `INTEGRATION#${platform}` } }, ConsistentRead: true }),
  );
  return out.Item ? unmarshall(out.Item) : undefined;
}

/** Connects a platform with given credentials (e.g. a demo failure key), as connecting through the screen stores them. */
export async function connectWith(sellerId: string, platform: Platform, credentials: { apiKey?: string; accessToken?: string }) {
  const { sealCredentials } = await import('../../functions/integrations/credentials.js');
  const { connectIntegration } = await import('../../functions/data/integrations.js');
  return connectIntegration(sellerId, platform, { sealedCredentials: await sealCredentials(credentials, { sellerId, platform }) });
}

/** All of a seller's orders through the orders list. */
export async function ordersOf(seller: TestSeller): Promise<{ orderId: string; platform: string; orderNumber: string }[]> {
  const all: { orderId: string; platform: string; orderNumber: string }[] = [];
  let cursor: string | undefined;
  do {
    const res = await seller.api('GET', '/orders/list', { query: { cursor } });
    if (res.status !== 200) throw new Error(`orders/list answered ${res.status}`);
    all.push(...res.json.orders);
    cursor = res.json.cursor ?? undefined;
  } while (cursor);
  return all;
}
