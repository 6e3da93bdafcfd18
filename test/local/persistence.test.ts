import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLE } from '../../infra/definitions.js';
import { EPHEMERAL_PORTS, type LocalCloud, type LocalCloudOptions, startLocalCloud } from '../../infra/local/cloud.js';

/** `npm start` keeps its data in a directory: a restart on the same directory finds it again. */
const dir = mkdtempSync(join(tmpdir(), 'local-cloud-data-'));
const options: LocalCloudOptions = {
  ports: EPHEMERAL_PORTS,
  dataDir: dir,
  serveWeb: false,
  seedDemo: false,
  setProcessEnv: false,
  pollers: false,
  log: () => undefined,
};
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
let running: LocalCloud | undefined;

function processesUsing(path: string): string {
  try {
    return execFileSync('pgrep', ['-af', path], { encoding: 'utf8' }).trim();
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
}

afterAll(async () => {
  await running?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('local cloud data directory', () => {
  it('keeps DynamoDB items and the user pool across a restart, and leaves no process behind', async () => {
    running = await startLocalCloud(options);
    const first = running;
    const ddb = new DynamoDBClient({ region: first.endpoints.region, endpoint: first.endpoints.dynamodb, credentials });
    const item = { pk: { S: 'TEST#persist' }, sk: { S: 'ITEM' }, note: { S: `kept ${Date.now()}` } };
    await ddb.send(new PutItemCommand({ TableName: TABLE.name, Item: item }));
    expect(JSON.parse(readFileSync(join(dir, 'endpoints.json'), 'utf8')).cognito.userPoolId).toBe(first.resources.userPoolId);
    await first.stop();
    running = undefined;
    expect(processesUsing(dir)).toBe('');

    running = await startLocalCloud(options);
    const second = running;
    const ddb2 = new DynamoDBClient({ region: second.endpoints.region, endpoint: second.endpoints.dynamodb, credentials });
    const got = await ddb2.send(new GetItemCommand({ TableName: TABLE.name, Key: { pk: item.pk, sk: item.sk } }));
    expect(got.Item).toEqual(item);
    expect(second.resources.userPoolId).toBe(first.resources.userPoolId);
    expect(second.resources.clientId).toBe(first.resources.clientId);
    await second.stop();
    running = undefined;
    expect(processesUsing(dir)).toBe('');
  }, 90_000);
});
