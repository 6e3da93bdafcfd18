import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralLow as ephemeralStart, freePort, PICK_FROM } from '../../infra/local/ports.js';

/**
 * The local cloud's ports for its emulators are chosen before they start. One the kernel handed out (port 0) may be
 * taken meanwhile as the local port of an outgoing connection (a CI run failed with EADDRINUSE so): they are picked
 * below the kernel's ephemeral range, where it never puts those.
 */
const ephemeralLow = ephemeralStart();

const listen = (port: number) =>
  new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });

describe('freePort', () => {
  it('picks bindable ports below the ephemeral range', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralLow);
    }
    const server = await listen(ports[0]!);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('passes over a port that is taken', async () => {
    const taken = await freePort();
    const server = await listen(taken);
    try {
      // The first pick is the taken port, the second the next one up.
      const pick = (port: number) => (port - PICK_FROM + 0.5) / (ephemeralLow - PICK_FROM);
      const picks = [pick(taken), pick(taken + 1)];
      const port = await freePort(() => picks.shift() ?? Math.random());
      expect(picks).toEqual([]);
      expect(port).not.toBe(taken);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
