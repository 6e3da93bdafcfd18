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

/** An ephemeral port that was free a moment ago (for emulators that must know their port before they start). */
export function freePort(): Promise<number> {
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
