import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { DEMO_TEST_KEYS } from '../../functions/adapters/platforms/demo.js';
import { requestSync } from '../../functions/data/integrations.js';
import { handler as platformSync } from '../../functions/jobs/platform-sync.js';
import { fixtureText } from '../imports/fixtures.js';
import { presignedUpload, upload } from '../imports/upload-support.js';
import { connectWith, syncNow } from '../integrations/support.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/**
 * /homepage's "a failed import or sync": the workers record the seller's last failure where nobody may be
 * watching, a later success of the same kind clears it, and the seller may dismiss it.
 */

const UNSUPPORTED = 'A CSV in an unsupported format has been uploaded.';
const INVOICES = 'Invoice,Amount Due\nINV-1,12.00\n';

async function failedJob(seller: TestSeller) {
  const res = await seller.api('GET', '/consultant/homepage');
  expect(res.status).toBe(200);
  return res.json as { failedJob: { kind: string; name: string; failedAt: string; reason: string } | null; failedSyncs: { platform: string }[] };
}

/** One platform-sync message as Lambda hands it to the worker. */
const delivery = (sync: { sellerId: string; platform: string; requestId: string; requestedAt: string }): SQSEvent => ({
  Records: [
    {
      messageId: `m-${sync.requestId}`,
      receiptHandle: 'r',
      body: JSON.stringify({ type: 'platform-sync.requested', ...sync }),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:platform-sync',
      awsRegion: 'us-east-1',
    },
  ],
});

describe('the failed import or sync on /homepage', { timeout: 90_000 }, () => {
  it('an orders file the worker refuses is shown with its name and reason; a later orders import that succeeds clears it', async () => {
    const seller = await createTestSeller();
    expect((await failedJob(seller)).failedJob).toBeNull();
    const before = new Date().toISOString();
    const { job } = await presignedUpload(seller, 'orders', 'invoices.csv', INVOICES);
    expect(job).toMatchObject({ status: 'failed', failureReason: UNSUPPORTED });

    const shown = (await failedJob(seller)).failedJob;
    expect(shown).toMatchObject({ kind: 'orders', name: 'invoices.csv', reason: UNSUPPORTED });
    expect(shown!.failedAt >= before).toBe(true);

    // A customers import that succeeds answers nothing about orders.
    const customers = await upload(seller, '/customers/upload', 'list.csv', 'First Name,Last Name,E-mail Address\nAda,Lovelace,ada@example.com\n');
    expect(customers.job).toMatchObject({ status: 'complete' });
    expect((await failedJob(seller)).failedJob).toMatchObject({ kind: 'orders', name: 'invoices.csv' });

    const orders = await upload(seller, '/upload/csvSync', 'orders.csv', fixtureText('template-orders.csv'), 'mdy');
    expect(orders.job).toMatchObject({ status: 'complete' });
    expect((await failedJob(seller)).failedJob).toBeNull();
  });

  it('the seller dismisses the failure they saw; a stale dismissal leaves a newer one', async () => {
    const seller = await createTestSeller();
    await presignedUpload(seller, 'customers', 'people.csv', INVOICES.replace('Invoice', 'Nothing'));
    const shown = (await failedJob(seller)).failedJob;
    expect(shown).toMatchObject({ kind: 'customers', name: 'people.csv' });

    const stale = await seller.api('POST', '/consultant/homepage/dismissFailedJob', { body: { failedAt: '2020-01-01T00:00:00.000Z' } });
    expect(stale.status).toBe(200);
    expect((await failedJob(seller)).failedJob).toEqual(shown);

    const bad = await seller.api('POST', '/consultant/homepage/dismissFailedJob', { body: { failedAt: 'yesterday' } });
    expect(bad.status).toBe(400);

    const dismissed = await seller.api('POST', '/consultant/homepage/dismissFailedJob', { body: { failedAt: shown!.failedAt } });
    expect(dismissed.json).toEqual({ success: true });
    expect((await failedJob(seller)).failedJob).toBeNull();
  });

  it("a sync the platform refuses is shown once, with the platform's name; a later sync that succeeds clears it", async () => {
    const seller = await createTestSeller();
    const integration = await connectWith(seller.sellerId, 'paypal', { apiKey: DEMO_TEST_KEYS.revoked });
    const { sync } = await requestSync(integration);
    expect((await platformSync(delivery(sync))).batchItemFailures).toEqual([]);

    const home = await failedJob(seller);
    expect(home.failedJob).toMatchObject({
      kind: 'sync',
      name: 'PayPal',
      reason: 'We are having problems syncing your PayPal orders. Please set up PayPal again.',
    });
    // The integration's problems are the same failure: said once.
    expect(home.failedSyncs).toEqual([]);

    // Set up again (new credentials), then a sync that succeeds.
    expect((await seller.api('POST', '/integrations/connect', { body: { platform: 'paypal' } })).status).toBe(200);
    const again = await syncNow(seller, 'paypal');
    expect(again.sync.status).toBe('succeeded');
    expect((await failedJob(seller)).failedJob).toBeNull();
  });
});
