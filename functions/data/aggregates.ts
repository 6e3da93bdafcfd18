import { type AggregateDelta, type AggregateKind, addDays, ALL_DAYS, sumDeltas } from '../../shared/domain/reports.js';
import { TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { aggregateEntity } from './aggregate-entities.js';
import { coalesced } from './coalesce.js';
import { importBatchEntity } from './import-batch-entity.js';
import { aggregateKey, type Key } from './item-keys.js';
import { client, TABLE_NAME } from './table.js';
import { pauseBeforeRetry } from '../domain/backoff.js';

export type AggregateRecord = Awaited<ReturnType<typeof readAggregates>>[number];

/** Writes of one batch side by side (by default): enough to finish a batch quickly, few enough not to throttle one partition. */
const PARALLEL = 8;

/**
 * Adds a batch's deltas to the aggregates: summed per item first (shared/domain/reports.ts sumDeltas), then one
 * UpdateItem with ADD per item changed, so an import's batch of orders costs one write per day, customer and product
 * it touched. ADD creates a missing item; a negative delta takes away.
 */
export async function applyAggregateDeltas(sellerId: string, deltas: readonly AggregateDelta[], sideBySide = PARALLEL): Promise<void> {
  const items = sumDeltas(deltas);
  let next = 0;
  // A pool, not rounds: a slow write holds up one lane, not the other writes of its round.
  await Promise.all(
    Array.from({ length: Math.min(sideBySide, items.length) }, async () => {
      while (next < items.length) await addTo(sellerId, items[next++] as AggregateDelta);
    }),
  );
}

type SellerDeltas = { sellerId: string; deltas: readonly AggregateDelta[] };

const applyTogether = coalesced(async (batches: SellerDeltas[]): Promise<(undefined | Error)[]> => {
  const bySeller = new Map<string, AggregateDelta[]>();
  for (const b of batches) bySeller.set(b.sellerId, [...(bySeller.get(b.sellerId) ?? []), ...b.deltas]);
  const outcome = new Map<string, undefined | Error>();
  await Promise.all(
    [...bySeller].map(async ([sellerId, deltas]) => {
      const failed = await applyAggregateDeltas(sellerId, deltas).then(
        () => undefined,
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      );
      outcome.set(sellerId, failed);
    }),
  );
  return batches.map((b) => outcome.get(b.sellerId));
}, 100);

/**
 * applyAggregateDeltas, joined with the other writers of this turn (coalesce.ts): a batch's labels bought side by
 * side add their shipments, postage and open orders with one write per item for them all, not one per label. A
 * failed write fails every writer of that seller in the turn.
 */
export function applyAggregateDeltasTogether(sellerId: string, deltas: readonly AggregateDelta[]): Promise<undefined> {
  return applyTogether({ sellerId, deltas });
}

/**
 * aggregateEntity's upsert of one delta (SET its identity, keys and label, ADD its counts: a missing item is created),
 * as the UpdateItem ElectroDB builds, written out: ElectroDB's builder took about 60 µs an item, and an import writes
 * about three items an order (aggregates.test.ts holds the two equal).
 */
export function aggregateUpdate(sellerId: string, d: AggregateDelta): UpdateCommandInput & { Key: Key } {
  const set: Record<string, unknown> = { __edb_e__: 'aggregate', __edb_v__: '1', sellerId, kind: d.kind, day: d.day, key: d.key };
  if (d.label !== undefined) set.label = d.label;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const clause = (name: string, value: unknown, op: string) => {
    names[`#${name}`] = name;
    values[`:${name}_u0`] = value;
    return `#${name}${op}:${name}_u0`;
  };
  const sets = Object.entries(set).map(([name, value]) => clause(name, value, ' = '));
  const adds = Object.entries(d.counts)
    .filter(([, n]) => n !== undefined)
    .map(([name, value]) => clause(name, value, ' '));
  return {
    TableName: TABLE_NAME,
    UpdateExpression: `SET ${sets.join(', ')}${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    Key: aggregateKey(sellerId, d.kind, d.day, d.key),
  };
}

function addTo(sellerId: string, d: AggregateDelta) {
  return client.send(new UpdateCommand(aggregateUpdate(sellerId, d)));
}

/** A transaction's most items: one is the checkpoint's mark, the others aggregate items. */
const TRANSACTION_ITEMS = 100;
export const AGGREGATES_PER_TRANSACTION = TRANSACTION_ITEMS - 1;
const MAX_ATTEMPTS = 8;
const pause = (attempt: number) => pauseBeforeRetry(attempt, 20);
const itemOrder = (d: AggregateDelta) => `${d.kind}#${d.day}#${d.key}`;

/**
 * A batch part's deltas as the transactions that will write them: summed per item, in item order, 99 items a
 * transaction. The same deltas always give the same chunks, so chunk n of a redelivery is chunk n of the first
 * delivery (its mark on the checkpoint says whether it was written).
 */
export function aggregateChunks(deltas: readonly AggregateDelta[]): AggregateDelta[][] {
  const items = sumDeltas(deltas).sort((a, b) => (itemOrder(a) < itemOrder(b) ? -1 : itemOrder(a) > itemOrder(b) ? 1 : 0));
  const chunks: AggregateDelta[][] = [];
  for (let i = 0; i < items.length; i += AGGREGATES_PER_TRANSACTION) chunks.push(items.slice(i, i + AGGREGATES_PER_TRANSACTION));
  return chunks;
}

/** Why DynamoDB cancelled a transaction, per item (the SDK's CancellationReasons, or the message DynamoDB Local gives). */
function cancellationCodes(err: unknown): string[] | undefined {
  const e = err as { name?: string; message?: string; CancellationReasons?: { Code?: string }[] };
  if (e?.name !== 'TransactionCanceledException') return undefined;
  if (e.CancellationReasons) return e.CancellationReasons.map((r) => r.Code ?? 'None');
  const listed = /\[([^\]]*)\]/.exec(e.message ?? '');
  return listed ? (listed[1] as string).split(',').map((c) => c.trim()) : [];
}

/**
 * Writes a batch part's aggregate chunks (`aggregateChunks`) once each, across redeliveries and crashes: each chunk is
 * one TransactWriteItems of its ADDs and a mark on the part's checkpoint (`ADD aggregatesDone <n>`, on the condition
 * that the checkpoint exists, counts more than n chunks and has no mark n). A chunk whose mark is there was written before and is skipped; a
 * transaction that raced another write of one of its items is tried again. The checkpoint must exist (written by
 * `applyBatchEffects` with `aggregates` = the number of chunks). Chunks go one after another: two transactions of one
 * batch touching the same day item side by side would cancel each other. Returns the chunks this call wrote.
 */
export async function writeAggregatesOnce(sellerId: string, checkpointId: string, chunks: readonly AggregateDelta[][]): Promise<number> {
  const checkpoint = importBatchEntity().get({ sellerId, batchId: checkpointId }).params() as { Key: Record<string, string>; TableName: string };
  let written = 0;
  for (const [n, chunk] of chunks.entries()) {
    const input: TransactWriteCommandInput = {
      TransactItems: [
        {
          Update: {
            TableName: checkpoint.TableName,
            Key: checkpoint.Key,
            UpdateExpression: 'ADD #done :n',
            // A checkpoint written before it counted its aggregates' transactions has none due: its writer added them.
            ConditionExpression: 'attribute_exists(#pk) AND #count > :i AND NOT contains(#done, :i)',
            ExpressionAttributeNames: { '#done': 'aggregatesDone', '#pk': 'pk', '#count': 'aggregates' },
            ExpressionAttributeValues: { ':n': new Set([n]), ':i': n },
          },
        },
        // Each item's UpdateItem (as `applyAggregateDeltas` writes it), taken into the transaction.
        ...chunk.map((d) => ({ Update: aggregateUpdate(sellerId, d) as NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']> })),
      ],
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await client.send(new TransactWriteCommand(input));
        written++;
        break;
      } catch (err) {
        const codes = cancellationCodes(err);
        // The checkpoint's condition failed: this chunk is written (or its part was never counted: nothing to add).
        if (codes?.[0] === 'ConditionalCheckFailed') break;
        const retryable = codes !== undefined || /Throttl|TransactionConflict|TransactionInProgress/.test(`${(err as Error)?.name}`);
        if (!retryable || attempt >= MAX_ATTEMPTS) throw err;
        await pause(attempt);
      }
    }
  }
  return written;
}

/** One kind's items from `from` to `to` (days, inclusive), every page: a Query of a key range, never a Scan. */
export async function readAggregates(sellerId: string, kind: AggregateKind, from: string, to: string) {
  const { data } = await aggregateEntity().query
    .byDay({ sellerId })
    .between({ kind, day: from }, { kind, day: addDays(to, 1) })
    .go({ pages: 'all' });
  return data.filter((d) => d.day >= from && d.day <= to);
}

/** The seller-wide status item: orders waiting to be shipped. */
export async function openOrderCount(sellerId: string): Promise<number> {
  const { data } = await aggregateEntity().get({ sellerId, kind: 'status', day: ALL_DAYS, key: '-' }).go();
  return Math.max(0, data?.open ?? 0);
}
