import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../web/src/config.js';
import { api, ApiError } from '../../web/src/lib/api.js';

/** A loopback API that records each request's headers and answers 404, so api() makes real requests. */
const received: IncomingHttpHeaders[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not here.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const config = { region: 'us-east-1', userPoolId: 'us-east-1_test', userPoolClientId: 'client', apiBase };
  await loadConfig(async () => Response.json(config));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api() and the correlation id', () => {
  it('sends a new x-correlation-id with every request, one the API accepts (a UUID)', async () => {
    for (const call of [() => api('consultant.dashboard'), () => api('customers.get', { query: { id: 'c1' } })]) {
      await expect(call()).rejects.toBeInstanceOf(ApiError);
    }
    const ids = received.map((h) => h['x-correlation-id']);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(2);
  });
});
