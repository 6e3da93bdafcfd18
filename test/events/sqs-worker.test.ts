import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { Refused, Unavailable } from '../../functions/domain/errors.js';
import { type Delivery, sqsWorker } from '../../functions/jobs/sqs-worker.js';
import { MAX_RECEIVE_COUNT } from '../../infra/definitions.js';

const ping = z.object({ n: z.number().int() });

/** SQS records as Lambda hands them over: `body` is the text on the queue. */
function event(...records: { id: string; body: string; receiveCount?: number }[]): SQSEvent {
  return {
    Records: records.map((r) => ({
      messageId: r.id,
      receiptHandle: r.id,
      body: r.body,
      attributes: {
        ApproximateReceiveCount: String(r.receiveCount ?? 1),
        SentTimestamp: '0',
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:test',
      awsRegion: 'us-east-1',
    })),
  };
}

describe('sqsWorker', () => {
  it('hands each parsed message to the handler, in order, and reports only the records that failed', async () => {
    const seen: number[] = [];
    const worker = sqsWorker(ping, async (m) => {
      if (m.n === 2) throw new Error('boom');
      seen.push(m.n);
    });
    const answer = await worker(event({ id: 'a', body: '{"n":1}' }, { id: 'b', body: '{"n":2}' }, { id: 'c', body: '{"n":3}' }));
    expect(seen).toEqual([1, 3]);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'b' }]);
  });

  it('keeps two batches handled at once apart: each answer names only its own failed records', async () => {
    // The local cloud runs several batches of one queue at once in one process.
    const worker = sqsWorker(ping, async (m) => {
      await new Promise((r) => setTimeout(r, m.n % 3 === 0 ? 20 : 5));
      if (m.n % 2 === 0) throw new Error('even');
    });
    const [first, second] = await Promise.all([
      worker(event({ id: 'a1', body: '{"n":1}' }, { id: 'a2', body: '{"n":2}' }, { id: 'a3', body: '{"n":3}' })),
      worker(event({ id: 'b4', body: '{"n":4}' }, { id: 'b5', body: '{"n":5}' }, { id: 'b6', body: '{"n":6}' })),
    ]);
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'a2' }]);
    expect(second.batchItemFailures).toEqual([{ itemIdentifier: 'b4' }, { itemIdentifier: 'b6' }]);
  });

  it('with `parallel`, handles the records of a batch side by side and still reports only those that failed', async () => {
    let running = 0;
    let most = 0;
    const worker = sqsWorker(
      ping,
      async (m) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
        if (m.n === 2) throw new Error('boom');
      },
      { parallel: true },
    );
    const answer = await worker(event({ id: 'a', body: '{"n":1}' }, { id: 'b', body: '{"n":2}' }, { id: 'c', body: '{"n":3}' }));
    expect(most).toBe(3);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'b' }]);
  });

  it('reports a body that is not JSON or fails its schema without running the handler (the DLQ takes it)', async () => {
    let calls = 0;
    const worker = sqsWorker(ping, async () => {
      calls++;
    });
    const answer = await worker(event({ id: 'x', body: '{not json' }, { id: 'y', body: '{"n":"one"}' }));
    expect(calls).toBe(0);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'x' }, { itemIdentifier: 'y' }]);
  });

  it('records a refusal the seller can fix instead of retrying it; retries our own failures', async () => {
    const recorded: [number, string][] = [];
    const worker = sqsWorker(
      ping,
      async (m) => {
        throw m.n === 1 ? new Refused('Fix the address.') : new Unavailable('The carrier is down.');
      },
      { onSellerCanFix: async (m, err) => void recorded.push([m.n, err.message]) },
    );
    const answer = await worker(event({ id: 'fixable', body: '{"n":1}' }, { id: 'ours', body: '{"n":2}' }));
    expect(recorded).toEqual([[1, 'Fix the address.']]);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'ours' }]);
  });

  it('tells the handler when a delivery is the last before the redrive policy moves the message', async () => {
    const deliveries: Delivery[] = [];
    const worker = sqsWorker(ping, async (_m, d) => void deliveries.push(d));
    await worker(event({ id: 'early', body: '{"n":1}', receiveCount: MAX_RECEIVE_COUNT - 1 }, { id: 'last', body: '{"n":1}', receiveCount: MAX_RECEIVE_COUNT }));
    expect(deliveries).toMatchObject([
      { messageId: 'early', lastTry: false },
      { messageId: 'last', lastTry: true },
    ]);
    // Without Lambda's context (a test's call), no time limit.
    expect(deliveries[0]?.deadline.remainingMs()).toBe(Number.POSITIVE_INFINITY);
  });
});
