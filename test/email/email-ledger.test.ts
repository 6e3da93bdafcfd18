import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dynamo, documentClient } from '../../functions/adapters/dynamo.js';
import { backfillEmailLedger } from '../../functions/data/backfills.js';
import { emailReceiptEntity, emailSuppressionEntity } from '../../functions/data/email-entities.js';
import { claimWrite, emailLedgerReady, LEDGER_MOVED_KEY, sendKeyOf } from '../../functions/data/email-sends.js';
import { customerEntity } from '../../functions/data/entities.js';
import { EMAIL_LEDGER } from '../../infra/definitions.js';
import { createTable } from '../../infra/local/resources.js';
import { emailsTo } from '../support/outbox.js';
import { customerOf, deliveryOf, emailSeller, rewardMessage } from './support.js';

/**
 * The email ledger's move (functions/data/backfills.ts backfillEmailLedger): email items written in the single table
 * before the ledger are moved into it, none of them lost or overriding a newer one, and until the ledger is marked
 * moved the email workers send nothing. Each case runs on tables of its own (a table standing for the old single
 * table, and a ledger), never on the shared ones, whose mark the other test files' workers rely on.
 */

const created: string[] = [];
afterAll(async () => {
  for (const TableName of created) await dynamo.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
});

/** A table of the ledger's keys (the single table's too), without indexes. */
async function freshTable(label: string): Promise<string> {
  const TableName = `${label}-${crypto.randomUUID().slice(0, 8)}`;
  await createTable(dynamo, TableName, EMAIL_LEDGER);
  created.push(TableName);
  return TableName;
}

const put = (TableName: string, Item: Record<string, unknown>) => documentClient.send(new PutCommand({ TableName, Item }));
const get = async (TableName: string, Item: Record<string, unknown>) =>
  (await documentClient.send(new GetCommand({ TableName, Key: { pk: Item.pk, sk: Item.sk }, ConsistentRead: true }))).Item;
const everything = async (TableName: string) => (await documentClient.send(new ScanCommand({ TableName, ConsistentRead: true }))).Items ?? [];

const suppression = (sellerId: string, address: string, reason: 'bounced' | 'complained' | 'unsubscribed') =>
  emailSuppressionEntity().put({ sellerId, address, reason }).params<{ Item: Record<string, unknown> }>().Item;

/** A claim as the code before receipts recorded an email sent: the claim itself, status 'sent'. */
function sentClaim(sellerId: string, customerId: string, to: string, kind: string, reason: string) {
  const sendKey = sendKeyOf({ kind, recipient: `customer:${customerId}`, reason });
  const claim = claimWrite(sellerId, sendKey, { kind, category: 'marketing', customerId, to }, 60, 'old-receipt').Put.Item;
  return { ...claim, status: 'sent', sesMessageId: 'ses-before-the-ledger', sentAt: claim.createdAt };
}

describe('the email ledger takes over the email items of the single table', () => {
  it('moves claims, receipts and suppressions as stored, keeps what is newer in the ledger (a bounce over an unsubscribe), and marks the ledger once', async () => {
    const [table, ledger] = [await freshTable('old-table'), await freshTable('ledger')];
    const sellerId = `s-${crypto.randomUUID()}`;
    const claim = sentClaim(sellerId, 'c-1', 'ada@customers.test', 'reward-earned', 'cycle-1');
    const receipt = emailReceiptEntity()
      .put({ sellerId, receipt: 'r-1', part: 'p-1', sent: { k: { sesMessageId: 'm-1', to: 'ada@customers.test', sentAt: '2026-11-01T00:00:00.000Z' } }, expiresAt: 2_000_000_000 })
      .params<{ Item: Record<string, unknown> }>().Item;
    const onlyOld = suppression(sellerId, 'only-old@customers.test', 'unsubscribed');
    const oldBounce = suppression(sellerId, 'bounced-later@customers.test', 'bounced');
    const newerUnsubscribe = suppression(sellerId, 'bounced-later@customers.test', 'unsubscribed');
    const oldUnsubscribe = suppression(sellerId, 'complained-since@customers.test', 'unsubscribed');
    const newerComplaint = suppression(sellerId, 'complained-since@customers.test', 'complained');
    const customer = customerEntity()
      .create({ sellerId, customerId: 'c-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@customers.test' })
      .params<{ Item: Record<string, unknown> }>().Item;
    for (const item of [claim, receipt, onlyOld, oldBounce, oldUnsubscribe, customer]) await put(table, item);
    // Written by the new code since the release, in the ledger: an unsubscribe (older bounce wins), a complaint (kept).
    for (const item of [newerUnsubscribe, newerComplaint]) await put(ledger, item);
    expect(await emailLedgerReady(ledger)).toBe(false);

    const lines: string[] = [];
    expect(await backfillEmailLedger((line) => lines.push(line), { table, ledger })).toEqual({ found: 5, moved: 4 });
    expect(lines.at(-1)).toMatch(/email ledger: 5 email item\(s\) found so far, 4 copied/);

    expect(await get(ledger, claim)).toEqual(claim);
    expect(await get(ledger, receipt)).toEqual(receipt);
    expect(await get(ledger, onlyOld)).toEqual(onlyOld);
    expect((await get(ledger, oldBounce))?.reason).toBe('bounced');
    expect((await get(ledger, newerComplaint))?.reason).toBe('complained');
    // Only the business item stays in the old table; the ledger holds the email items and its mark.
    expect(await everything(table)).toEqual([customer]);
    expect((await everything(ledger)).length).toBe(6);
    expect(await get(ledger, LEDGER_MOVED_KEY)).toMatchObject({ movedAt: expect.any(String) });
    expect(await emailLedgerReady(ledger)).toBe(true);

    // A second run (the next start of the local cloud) finds the mark and does nothing.
    await put(table, suppression(sellerId, 'too-late@customers.test', 'unsubscribed'));
    expect(await backfillEmailLedger(() => {}, { table, ledger })).toEqual({ found: 0, moved: 0 });
  });

  it('sends nothing until the ledger is marked; then an email sent before the ledger is not sent again, an older unsubscribe holds, and the rest go once', async () => {
    const [table, ledger] = [await freshTable('old-table'), await freshTable('ledger')];
    const seller = await emailSeller();
    const [sentBefore, unsubscribedBefore, fresh] = [await customerOf(seller.sellerId), await customerOf(seller.sellerId), await customerOf(seller.sellerId)];
    const messages = [sentBefore, unsubscribedBefore, fresh].map((c) => rewardMessage(seller.sellerId, { customerId: c.customerId, customerEmail: c.email }));
    await put(table, sentClaim(seller.sellerId, sentBefore.customerId, sentBefore.email, 'reward-earned', messages[0]!.period));
    await put(table, suppression(seller.sellerId, unsubscribedBefore.email, 'unsubscribed'));

    // A worker whose ledger is this one (its modules loaded afresh with that environment).
    vi.stubEnv('EMAIL_LEDGER_TABLE_NAME', ledger);
    vi.resetModules();
    const { handler } = await import('../../functions/jobs/reward-email.js');
    vi.unstubAllEnvs();

    for (const m of messages) expect((await handler(deliveryOf(m))).batchItemFailures).toHaveLength(1);
    for (const c of [sentBefore, unsubscribedBefore, fresh]) expect(await emailsTo(c.email)).toEqual([]);
    expect(await everything(ledger)).toEqual([]);

    await backfillEmailLedger(() => {}, { table, ledger });
    for (const m of messages) expect((await handler(deliveryOf(m))).batchItemFailures).toEqual([]);
    for (const m of messages) expect((await handler(deliveryOf(m))).batchItemFailures).toEqual([]);
    expect(await emailsTo(sentBefore.email)).toEqual([]);
    expect(await emailsTo(unsubscribedBefore.email)).toEqual([]);
    expect(await emailsTo(fresh.email)).toHaveLength(1);
  });
});
