import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../infra/definitions.js';
import { type LocalCloud, type LocalCloudOptions, PORTS, type PortName, startLocalCloud } from '../../infra/local/cloud.js';
import { freePort } from '../../infra/local/ports.js';

/**
 * `npm start` stopped mid-job and started again on the same data directory: the queues lived in memory, so what
 * was queued or in flight is gone, and the new run must send it again. While it starts, nothing is served (an
 * upload accepted before the S3 notifier is connected would never reach its queue) and the endpoints file of the
 * last run does not claim the cloud is up.
 */
const dir = mkdtempSync(join(tmpdir(), 'local-cloud-restart-'));
const endpointsFile = join(dir, 'endpoints.json');
let running: LocalCloud | undefined;

afterAll(async () => {
  await running?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a local cloud restarted on its data directory', () => {
  it('serves nothing until its event sources are connected, and resumes the jobs the last run left unfinished', { timeout: 240_000 }, async () => {
    const ports = {} as Record<PortName, number>;
    // Free now, kept for both runs: tokens name the Cognito issuer and queue URLs the SQS endpoint.
    for (const name of Object.keys(PORTS) as PortName[]) ports[name] = await freePort();
    const options: LocalCloudOptions = { ports, dataDir: dir, serveWeb: false, seedDemo: false, log: () => undefined };

    // The first run takes two uploads and stops before either is done: no csv-jobs worker ever gets them.
    running = await startLocalCloud({ ...options, pollers: false });
    Object.assign(process.env, {
      TEST_API_URL: running.endpoints.apiUrl,
      TEST_COGNITO_ENDPOINT: running.endpoints.cognito.endpoint,
      TEST_USER_POOL_ID: running.endpoints.cognito.userPoolId,
      TEST_CLIENT_ID: running.endpoints.cognito.clientId,
    });
    const { createTestSeller } = await import('../support/sellers.js');
    const { csvForm, finished } = await import('../imports/upload-support.js');
    const { startCsvJob } = await import('../../functions/data/csv-jobs.js');
    const seller = await createTestSeller();
    const header = 'Order Number,Order Date,First Name,Last Name,Email,Address 1,City,State,Zip,Country,SKU,Item Name,Quantity,Unit Price';
    const ids: string[] = [];
    for (const tag of ['queued', 'in-flight']) {
      const text = `${header}\n${tag}-1,2024-05-01,Ann,Lee,ann@example.com,1 Main St,Austin,TX,78701,US,SKU-A,Soy Candle,1,10.00\n`;
      const res = await seller.api('POST', '/upload/csvSync', { body: csvForm(`${tag}.csv`, text) });
      expect(res.status).toBe(200);
      ids.push(res.json.ids[0]);
    }
    // The second one had reached its worker, which was stopped with the cloud.
    expect(await startCsvJob(seller.sellerId, ids[1]!)).toBe(true);
    // A platform sync was requested too; its message is lost with the queue (here: never sent).
    const { connectWith } = await import('../integrations/support.js');
    const { getIntegration, getSync, requestSync } = await import('../../functions/data/integrations.js');
    await connectWith(seller.sellerId, 'wix', { accessToken: 'demo-token' });
    const { sync } = await requestSync((await getIntegration(seller.sellerId, 'wix'))!);
    const syncKey = { sellerId: seller.sellerId, requestId: sync.requestId, requestedAt: sync.requestedAt };
    // And the cloud stays stopped for longer than the worker's timeout.
    const { csvJobEntity } = await import('../../functions/data/entities.js');
    const { client } = await import('../../functions/data/table.js');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    for (const jobId of ids) {
      const { Key, TableName } = csvJobEntity().get({ sellerId: seller.sellerId, jobId }).params();
      const long = new Date(Date.now() - (QUEUES.csvJobs.workerTimeoutSeconds + 600) * 1000).toISOString();
      await client.send(new UpdateCommand({ TableName, Key, UpdateExpression: 'SET updatedAt = :t', ExpressionAttributeValues: { ':t': long } }));
    }
    await running.stop();
    running = undefined;
    writeFileSync(endpointsFile, '{"lastRun":true}\n');

    // The second run, with the demo seeded on start (the window in which an upload used to be lost).
    const seen: { status: number | 'refused'; endpoints: 'none' | 'last run' | 'this run' }[] = [];
    let starting = true;
    const probe = (async () => {
      while (starting) {
        let status: number | 'refused';
        try {
          status = (await seller.api('GET', '/upload/csvSyncStatus', { query: { ids: ids.join(',') } })).status;
        } catch {
          status = 'refused';
        }
        // Read after the answer: whatever answered was served when the file was already (or not yet) written.
        const file = existsSync(endpointsFile) ? readFileSync(endpointsFile, 'utf8') : undefined;
        seen.push({ status, endpoints: file === undefined ? 'none' : file.includes('lastRun') ? 'last run' : 'this run' });
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    try {
      // Its csv-jobs worker waits, so the screen reads the resumed jobs before they are taken up.
      running = await startLocalCloud({ ...options, seedDemo: true, pollers: ['platform-sync', 'reward-emails', 'label-batches'] });
    } finally {
      starting = false;
      await probe;
    }

    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((s) => s.endpoints === 'last run')).toEqual([]);
    for (const s of seen) if (s.status !== 'refused' && s.status !== 503) expect(s).toEqual({ status: 200, endpoints: 'this run' });
    expect(JSON.parse(readFileSync(endpointsFile, 'utf8')).webUrl).toBe(running.endpoints.webUrl);

    // The time the cloud was stopped is not counted against a resumed job.
    const before = await seller.api('GET', '/upload/csvSyncStatus', { query: { ids: ids.join(',') } });
    expect(before.json.jobs.map((j: { status: string }) => j.status)).toEqual(['uploading', 'syncing']);
    running.resumePoller('csv-jobs');
    const jobs = await finished(seller, ids);
    expect(jobs.map((j) => [j.status, j.ordersCreated])).toEqual([
      ['complete', 1],
      ['complete', 1],
    ]);
    const { until } = await import('../support/until.js');
    const synced = await until('the resumed sync to finish', async () => {
      const s = await getSync(syncKey);
      return s?.status === 'succeeded' || s?.status === 'failed' ? s : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 });
    expect(synced.status).toBe('succeeded');
  });
});
