import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { api, ApiError } from './api';
import { groupRoutes } from './route-schemas';

/** A loopback API answering every call with a dashboard that lacks its required fields (a malformed answer). */
const MALFORMED = { name: 'Ann' };
let server: Server;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(MALFORMED));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  await loadConfig(async () => Response.json({ region: 'us-east-1', userPoolId: 'us-east-1_test', userPoolClientId: 'client', apiBase }));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('checkLater: the reads a page opens on do not wait for the schemas', () => {
  it('returns the answer before its group has loaded, then checks it and logs a mismatch', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(api('consultant.dashboard', { checkLater: true })).resolves.toEqual(MALFORMED);
      // The group's chunk loads after the answer came back (in a test, the first transform of its modules).
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringMatching(/consultant\/dashboard: unexpected answer$/), expect.anything()), {
        timeout: 15_000,
      });
    } finally {
      logged.mockRestore();
    }
  });

  it('checks at once once the schemas are there, as every other call does', async () => {
    await groupRoutes('consultant');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(api('consultant.dashboard', { checkLater: true })).rejects.toBeInstanceOf(ApiError);
      await expect(api('consultant.dashboard')).rejects.toBeInstanceOf(ApiError);
    } finally {
      logged.mockRestore();
    }
  });
});
