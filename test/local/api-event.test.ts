import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { toApiEvent } from '../../infra/local/gateway.js';
import { routeById } from '../../shared/api/routes.js';

/** The HTTP API payload 2.0 event the gateway builds, checked against what API Gateway sends. */
async function eventFor(routeId: string, path: string, init: RequestInit): Promise<APIGatewayProxyEventV2> {
  const route = routeById(routeId);
  let event: APIGatewayProxyEventV2 | undefined;
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      event = toApiEvent(req, route, Buffer.concat(chunks));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await (await fetch(`http://127.0.0.1:${port}${path}`, init)).text();
  await new Promise<void>((r) => server.close(() => r()));
  return event!;
}

describe('gateway event (payload format 2.0)', () => {
  it('carries route key, raw path and query, lower-cased headers, cookies and request context', async () => {
    const e = await eventFor('customers.search', '/api/customers/search?q=ann&cursor=a&cursor=b', {
      headers: { 'X-Correlation-Id': 'abc', Cookie: 'a=1; b=2', 'User-Agent': 'test-agent' },
    });
    expect(e.version).toBe('2.0');
    expect(e.routeKey).toBe('GET /api/customers/search');
    expect(e.rawPath).toBe('/api/customers/search');
    expect(e.rawQueryString).toBe('q=ann&cursor=a&cursor=b');
    expect(e.queryStringParameters).toEqual({ q: 'ann', cursor: 'a,b' });
    expect(e.headers['x-correlation-id']).toBe('abc');
    expect(e.headers.cookie).toBeUndefined();
    expect(e.cookies).toEqual(['a=1', 'b=2']);
    expect(e.requestContext.http).toMatchObject({ method: 'GET', path: '/api/customers/search', sourceIp: '127.0.0.1', userAgent: 'test-agent' });
    expect(e.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof e.requestContext.timeEpoch).toBe('number');
    expect(e.body).toBeUndefined();
    expect(e.isBase64Encoded).toBe(false);
  });

  it('passes a JSON body as text and a multipart body base64-encoded', async () => {
    const json = await eventFor('customers.save', '/api/customers/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName":"Ann"}',
    });
    expect(json).toMatchObject({ body: '{"firstName":"Ann"}', isBase64Encoded: false });

    const form = new FormData();
    form.append('file', new Blob(['email\na@b.c\n'], { type: 'text/csv' }), 'c.csv');
    const multipart = await eventFor('upload.csvSync', '/api/upload/csvSync', { method: 'POST', body: form });
    expect(multipart.isBase64Encoded).toBe(true);
    expect(Buffer.from(multipart.body!, 'base64').toString('utf8')).toContain('email\na@b.c\n');
    expect(multipart.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });
});
