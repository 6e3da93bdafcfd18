import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports.js';
import { type Gateway, startGateway } from '../../infra/local/gateway.js';

/** How the gateway writes what a handler returns (or throws), with stand-in handlers for two call groups. */
let gateway: Gateway;
const logged: string[] = [];

beforeAll(async () => {
  gateway = await startGateway({
    port: await freePort(),
    region: 'us-east-1',
    cognitoTarget: { host: '127.0.0.1', port: 9 },
    webConfig: () => ({}),
    serveWeb: false,
    log: (m, err) => logged.push(`${m}: ${String(err)}`),
    handlers: {
      status: async (event: APIGatewayProxyEventV2) => {
        if (event.rawPath === '/api/status') throw new Error('boom');
        return {
          statusCode: 200,
          headers: { 'content-type': 'application/pdf' },
          cookies: ['a=1; Path=/', 'b=2; Path=/'],
          body: Buffer.from('%PDF-1.7').toString('base64'),
          isBase64Encoded: true,
        };
      },
      orders: async () => ({ hello: 'world' }),
    },
  });
});

afterAll(async () => {
  await gateway?.stop();
});

describe('gateway responses', () => {
  it('answers 500 with the generic message when a handler throws, and logs it', async () => {
    const res = await fetch(`${gateway.url}/api/status`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'An error occurred. Please try again later.' });
    expect(logged.some((l) => l.includes('GET /api/status') && l.includes('boom'))).toBe(true);
  });

  it('decodes a base64 body and writes every cookie', async () => {
    const res = await fetch(`${gateway.url}/api/status/feed`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe('%PDF-1.7');
  });

  it('treats a result without statusCode as a 200 JSON body, as API Gateway does', async () => {
    const res = await fetch(`${gateway.url}/api/orders/parseAddress?address=x`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hello: 'world' });
  });
});
