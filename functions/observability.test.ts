import type { APIGatewayProxyEventV2, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';

/**
 * `npm start` runs the handlers in its own process with the settings infra/local/start.ts gives them unless VERBOSE
 * is set (LOG_LEVEL=SILENT, metrics disabled): then they write nothing to the terminal, not even Powertools'
 * warning about an invocation without metrics.
 */
const written: string[] = [];
let mods: {
  http: typeof import('./http/http-handler.js');
  worker: typeof import('./jobs/sqs-worker.js');
  observability: typeof import('./observability.js');
};

beforeAll(async () => {
  process.env.LOG_LEVEL = 'SILENT';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array) => boolean;
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return write(chunk);
    });
  }
  // The logger's level and the metrics switch are read when the modules load.
  mods = {
    http: await import('./http/http-handler.js'),
    worker: await import('./jobs/sqs-worker.js'),
    observability: await import('./observability.js'),
  };
});

afterAll(() => vi.restoreAllMocks());

const apiEvent = (path: string) =>
  ({
    version: '2.0',
    routeKey: `GET /api${path}`,
    rawPath: `/api${path}`,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', path: `/api${path}` }, requestId: 'r1' },
  }) as unknown as APIGatewayProxyEventV2;

const sqsEvent = (body: string): SQSEvent =>
  ({ Records: [{ messageId: 'm1', receiptHandle: 'm1', body, attributes: { ApproximateReceiveCount: '1' }, messageAttributes: {} }] }) as unknown as SQSEvent;

describe('the local cloud stays quiet (LOG_LEVEL=SILENT, metrics disabled)', () => {
  it('a request that emits no metric, one that fails and a worker with and without metrics write nothing', async () => {
    const handler = mods.http.httpHandler('customers', [], {});
    expect((await handler(apiEvent('/customers/nope'))).statusCode).toBe(404);
    const worker = mods.worker.sqsWorker(z.object({ n: z.number() }), async ({ n }) => {
      if (n > 0) mods.observability.addMetric('JobsFailed', n);
    });
    expect((await worker(sqsEvent('{"n":0}'))).batchItemFailures).toEqual([]);
    expect((await worker(sqsEvent('{"n":2}'))).batchItemFailures).toEqual([]);
    expect((await worker(sqsEvent('not json'))).batchItemFailures).toHaveLength(1);
    expect(written).toEqual([]);
  });
});
