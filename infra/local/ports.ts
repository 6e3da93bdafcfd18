import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port the local cloud cannot take: the message names the port, what wanted it and the variable that moves it. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
    readonly envName: string,
  ) {
    super(`Port ${port} (${service}) is already in use. Set ${envName} to another port, e.g. ${envName}=${port + 1} npm start`);
    this.name = 'PortInUseError';
  }
}

/** Resolves true when 127.0.0.1:port can be bound right now. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** Where the kernel's range for the local ports of outgoing connections starts (Linux's; its default elsewhere). */
export function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (low) return low;
  } catch {
    // not Linux: the usual default below
  }
  return 32768;
}

/** The lowest port freePort picks: above the well-known and the local cloud's fixed ports. */
export const PICK_FROM = 10_000;

/** A port the kernel chose (port 0): free now, but from the range outgoing connections take their ports from. */
function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '127.0.0.1' }, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A port that was free a moment ago, for emulators that must know their port before they start. Picked below the
 * kernel's ephemeral range: a port the kernel hands out for a listener is one it may hand to an outgoing connection
 * (the SDK's, a test's fetch) before the emulator binds it, and a CI run failed with EADDRINUSE that way.
 */
export async function freePort(random: () => number = Math.random): Promise<number> {
  const low = ephemeralLow();
  if (low - PICK_FROM >= 1_000) {
    for (let tries = 0; tries < 50; tries++) {
      const port = PICK_FROM + Math.floor(random() * (low - PICK_FROM));
      if (await isPortFree(port)) return port;
    }
  }
  return kernelPort();
}

export interface PortRequest {
  service: string;
  envName: string;
  /** 0 = any free port. */
  port: number;
}

/** Fixed ports are checked up front (one clear error, nothing started); 0 becomes a free ephemeral port. */
export async function resolvePorts<K extends string>(requests: Record<K, PortRequest>): Promise<Record<K, number>> {
  const out = {} as Record<K, number>;
  const taken = new Set<number>();
  for (const key of Object.keys(requests) as K[]) {
    const req = requests[key];
    if (req.port === 0) continue;
    if (taken.has(req.port) || !(await isPortFree(req.port))) throw new PortInUseError(req.port, req.service, req.envName);
    taken.add(req.port);
    out[key] = req.port;
  }
  for (const key of Object.keys(requests) as K[]) {
    if (requests[key].port !== 0) continue;
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    out[key] = port;
  }
  return out;
}

/** Waits until `probe` resolves true, polling; rejects with `what` after `timeoutMs`. */
export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000, isDead?: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = isDead?.();
    if (dead) throw new Error(`${what} exited before it was ready: ${dead}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
