import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { DEMO, EMAIL_IMAGES, EMAIL_LEDGER, FUNCTION_SETTINGS, QUEUES, type QueueKey, REGION_DEFAULT, SCHEDULES, STATUS, TABLE, UPLOADS } from '../definitions.js';
import { startAwsFront } from './aws-front.js';
import { ensureCredentialsKey } from './credentials-key.js';
import { type CrashReport, startCognito, startDynamoDb, startFauxqsInternal, startSes } from './emulators.js';
import { QueuePoller, s3Notifier, scheduledEvent } from './event-sources.js';
import { startGateway } from './gateway.js';
import { type AnyHandler, lambdaContext, loadHandler } from './lambda.js';
import { resolvePorts } from './ports.js';
import { KeptUploads } from './kept-uploads.js';
import { resumeUnfinishedJobs } from './resume.js';
import { ensureBucket, ensureEmailLedger, ensureQueues, ensureTable, ensureUser, ensureUserPool, type QueueInfo, readEmailImage } from './resources.js';

export { PortInUseError } from './ports.js';

export type PortName = 'web' | 'dynamodb' | 'aws' | 'cognito' | 'ses';

/** Default ports of `npm start` and the environment variable that overrides each. */
export const PORTS: Record<PortName, { env: string; port: number; service: string }> = {
  web: { env: 'PORT', port: 3000, service: 'web app and API gateway' },
  dynamodb: { env: 'DYNAMODB_PORT', port: 8000, service: 'DynamoDB Local' },
  aws: { env: 'FAUXQS_PORT', port: 4566, service: 'SQS and S3 (fauxqs)' },
  cognito: { env: 'COGNITO_PORT', port: 9229, service: 'cognito-local' },
  ses: { env: 'SES_PORT', port: 8005, service: 'SES (aws-ses-v2-local)' },
};

/** Every port chosen by the system: for tests and extra instances. */
export const EPHEMERAL_PORTS: Record<PortName, number> = { web: 0, dynamodb: 0, aws: 0, cognito: 0, ses: 0 };

export type QueueName = (typeof QUEUES)[QueueKey]['name'];
/** A queue worker; `context` is the one the poller made (its remaining time follows the worker's timeout). */
export type Worker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;
export type ScheduleName = keyof typeof SCHEDULES;

export interface LocalCloudOptions {
  /** Port per service; 0 = ephemeral. Unset: the env variable of PORTS, else its default. */
  ports?: Partial<Record<PortName, number>>;
  /** Where state lives (DynamoDB data, the cognito pool, endpoints.json). Unset: in memory / a temp dir. */
  dataDir?: string;
  /** Serve the SPA at `/`. Default true. */
  serveWeb?: boolean;
  /** How: the production build in web/dist ('built', npm start) or Vite's dev server ('dev', the default). */
  webMode?: 'built' | 'dev';
  /** Create the demo seller and call seedDemo. Default true. */
  seedDemo?: boolean;
  /** Write `<dataDir>/endpoints.json` once everything is ready (a stale one is removed at start). Default: when dataDir is set. */
  writeEndpointsFile?: boolean;
  /** Apply the function environment to process.env (handlers run in this process). Default true. */
  setProcessEnv?: boolean;
  /** Queue workers replacing functions/jobs/<worker>.ts, by queue name (tests). */
  workers?: Partial<Record<QueueName, Worker>>;
  /** Start the queue pollers: all (default), none, or those of the named queues. */
  pollers?: boolean | QueueName[];
  /** Seconds until a failed record is received again (AWS: the queue's visibility timeout). Default 1. */
  retryDelaySeconds?: number;
  region?: string;
  /** Echo emulator output. */
  verbose?: boolean;
  /** Told when an emulator's process ends on its own (default: printed on stderr). */
  onEmulatorCrash?: CrashReport;
  log?: (message: string) => void;
}

export interface LocalEndpoints {
  webUrl: string;
  apiUrl: string;
  /**
   * `dir`: where cognito-local keeps its pools. It sends no email: the codes of sign-up and forgot password are
   * printed in its output (the local cloud shows it with --verbose) and stored on the user in
   * `<dir>/.cognito/db/<userPoolId>.json` (ConfirmationCode), where the tests read them.
   */
  cognito: { endpoint: string; proxyEndpoint: string; region: string; userPoolId: string; clientId: string; issuer: string; dir: string };
  demo: { email: string; password: string };
  dynamodb: string;
  sqs: string;
  s3: string;
  ses: string;
  sesOutbox: string;
  region: string;
  dataDir?: string;
}

export interface LocalCloud {
  endpoints: LocalEndpoints;
  /** The function environment (CONTRACTS.md), also applied to process.env unless setProcessEnv is false. */
  env: Record<string, string>;
  resources: { tableName: string; bucket: string; queues: Record<QueueKey, QueueInfo>; userPoolId: string; clientId: string };
  /** The demo seller's id (sub), when seeded. */
  demoSellerId?: string;
  /** Invokes a schedule's job now, as its timer would. */
  runSchedule(name: ScheduleName): Promise<void>;
  /** Stop / restart one queue's poller (to look at what is in the queue). */
  pausePoller(queue: QueueName): void;
  resumePoller(queue: QueueName): void;
  /** Resolves when every S3 event noticed so far has been sent to its queue. */
  s3EventsIdle(): Promise<void>;
  stop(): Promise<void>;
}

function defaultLog(message: string): void {
  console.error(`[local-cloud] ${message}`);
}

function portOf(name: PortName, given: number | undefined): number {
  if (given !== undefined) return given;
  const fromEnv = process.env[PORTS[name].env];
  if (fromEnv !== undefined && fromEnv !== '') {
    const n = Number(fromEnv);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${PORTS[name].env}=${fromEnv} is not a port number`);
    return n;
  }
  return PORTS[name].port;
}

/** What every local client signs with; the front checks presigned POST policies against it. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  const region = options.region ?? REGION_DEFAULT;
  const logLine = options.log ?? defaultLog;
  const log = (message: string, err?: unknown) =>
    logLine(err ? `${message}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}` : message);
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const serveWeb = options.serveWeb ?? true;
  const endpointsFile = dataDir && (options.writeEndpointsFile ?? true) ? join(dataDir, 'endpoints.json') : undefined;
  // Tools and tests take the file for "the cloud is up": the last run's must not say so while this one starts.
  if (endpointsFile) rmSync(endpointsFile, { force: true });
  /** Nothing is served until every event source is connected and unfinished jobs are sent again. */
  let ready = false;
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((err) => log('stop failed', err));
  };

  const ports = await resolvePorts(
    Object.fromEntries(
      (Object.keys(PORTS) as PortName[]).map((k) => [k, { service: PORTS[k].service, envName: PORTS[k].env, port: portOf(k, options.ports?.[k]) }]),
    ) as Record<PortName, { service: string; envName: string; port: number }>,
  );

  try {
    // Emulators
    const cognitoDir = dataDir ? join(dataDir, 'cognito') : mkdtempSync(join(tmpdir(), 'cognito-local-'));
    if (!dataDir) stops.push(async () => rmSync(cognitoDir, { recursive: true, force: true }));
    // Started side by side; both are registered for stop before a failure of either is thrown.
    const [dynamoRes, cognitoRes] = await Promise.allSettled([
      startDynamoDb({
        port: ports.dynamodb,
        dataPath: dataDir ? join(dataDir, 'dynamodb') : undefined,
        verbose: options.verbose,
        onCrash: options.onEmulatorCrash,
      }),
      startCognito({ port: ports.cognito, dir: cognitoDir, verbose: options.verbose, onCrash: options.onEmulatorCrash }),
    ]);
    for (const r of [dynamoRes, cognitoRes]) if (r.status === 'fulfilled') stops.push(r.value.stop);
    if (dynamoRes.status === 'rejected') throw dynamoRes.reason;
    if (cognitoRes.status === 'rejected') throw cognitoRes.reason;
    const dynamo = dynamoRes.value;
    const cognitoLocal = cognitoRes.value;
    const fauxqs = await startFauxqsInternal({ region });
    stops.push(fauxqs.stop);
    let onObjectCreated: Parameters<typeof startAwsFront>[0]['onObjectCreated'] = () => undefined;
    const front = await startAwsFront({
      port: ports.aws,
      region,
      target: { host: '127.0.0.1', port: fauxqs.server.port },
      onObjectCreated: (e) => onObjectCreated(e),
      // The browser POSTs CSVs straight to the upload bucket, as in AWS (the presigned POST of /upload/presign).
      postObject: {
        buckets: [UPLOADS.bucket],
        credentials: LOCAL_CREDENTIALS,
        origins: [`http://127.0.0.1:${ports.web}`, `http://localhost:${ports.web}`],
      },
    });
    stops.push(front.stop);
    const ses = await startSes({ port: ports.ses });
    stops.push(ses.stop);

    // Resources, from infra/definitions.ts
    const credentials = LOCAL_CREDENTIALS;
    const ddb = new DynamoDBClient({ region, endpoint: dynamo.endpoint, credentials });
    const sqs = new SQSClient({ region, endpoint: front.endpoint, credentials });
    const s3 = new S3Client({ region, endpoint: front.endpoint, credentials, forcePathStyle: true });
    const s3Internal = new S3Client({ region, endpoint: fauxqs.endpoint, credentials, forcePathStyle: true });
    const cognito = new CognitoIdentityProviderClient({ region, endpoint: cognitoLocal.endpoint, credentials });
    stops.push(async () => {
      for (const c of [ddb, sqs, s3, s3Internal, cognito]) c.destroy();
    });
    const addedIndexes = await ensureTable(ddb);
    await ensureEmailLedger(ddb);
    const queues = await ensureQueues(sqs);
    await ensureBucket(s3);
    const pool = await ensureUserPool(cognito, dataDir ? join(dataDir, 'cognito-pool.json') : undefined);
    const issuer = `${cognitoLocal.endpoint}/${pool.userPoolId}`;

    // The function environment (docs/CONTRACTS.md)
    const env: Record<string, string> = {
      ...FUNCTION_SETTINGS,
      AWS_REGION: region,
      AWS_DEFAULT_REGION: region,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: TABLE.name,
      EMAIL_LEDGER_TABLE_NAME: EMAIL_LEDGER.name,
      UPLOAD_BUCKET: UPLOADS.bucket,
      EMAIL_IMAGE_BUCKET: EMAIL_IMAGES.bucket,
      // The status feed and version (`npm run status` writes them); the gateway serves them through the status handler.
      STATUS_BUCKET: STATUS.bucket,
      // Served by the gateway at /email-images/*, as CloudFront does in AWS.
      EMAIL_IMAGE_BASE_URL: `http://127.0.0.1:${ports.web}`,
      QUEUE_URL_CSV_JOBS: queues.csvJobs.url,
      QUEUE_URL_PLATFORM_SYNC: queues.platformSync.url,
      QUEUE_URL_REWARD_EMAILS: queues.rewardEmails.url,
      QUEUE_URL_LABEL_BATCHES: queues.labelBatches.url,
      QUEUE_URL_REWARDS_CATCH_UP: queues.rewardsCatchUp.url,
      QUEUE_URL_JOB_WATCHDOG: queues.jobWatchdog.url,
      QUEUE_URL_EMAILS: queues.emails.url,
      QUEUE_URL_EMAIL_EVENTS: queues.emailEvents.url,
      // Unsubscribe links open this cloud's gateway; their HMAC key is kept with the data, so links sent before a
      // restart still work after it.
      EMAIL_LINK_BASE_URL: `http://127.0.0.1:${ports.web}`,
      EMAIL_LINK_KEY: process.env.EMAIL_LINK_KEY ?? ensureCredentialsKey(dataDir ? join(dataDir, 'email-link.key') : undefined),
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      JWT_ISSUER: issuer,
      JWKS_URI: `${issuer}/.well-known/jwks.json`,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: front.endpoint,
      AWS_ENDPOINT_URL_SQS: front.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoLocal.endpoint,
      PLATFORM_CREDENTIALS_LOCAL_KEY:
        process.env.PLATFORM_CREDENTIALS_LOCAL_KEY ?? ensureCredentialsKey(dataDir ? join(dataDir, 'platform-credentials.key') : undefined),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'INFO',
      POWERTOOLS_SERVICE_NAME: process.env.POWERTOOLS_SERVICE_NAME ?? 'consultant-desk',
      // EMF metrics are CloudWatch's format; locally they would only flood the terminal.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    };
    const applyEnv = () => {
      if (options.setProcessEnv ?? true) Object.assign(process.env, env);
    };
    applyEnv();

    // Gateway: /api, /config.json, /cognito, the SPA
    const webUrl = `http://127.0.0.1:${ports.web}`;
    const gateway = await startGateway({
      port: ports.web,
      region,
      cognitoTarget: { host: '127.0.0.1', port: ports.cognito },
      webConfig: () => ({
        region,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.clientId,
        cognitoEndpoint: `${webUrl}/cognito`,
        apiBase: '/api',
        // With PAYMENT_PROCESSOR=stripe locally, the test-mode publishable key (pk_test_…) for Stripe.js.
        ...(process.env.STRIPE_PUBLISHABLE_KEY ? { stripePublishableKey: process.env.STRIPE_PUBLISHABLE_KEY } : {}),
      }),
      serveWeb,
      webMode: options.webMode ?? 'dev',
      verbose: options.verbose ?? false,
      log,
      isReady: () => ready,
      // fauxqs keeps objects in memory: with a data directory, an image kept on disk outlives a restart.
      publicObject: { prefix: EMAIL_IMAGES.prefix, read: (key) => readEmailImage(s3Internal, key, dataDir && join(dataDir, 's3')) },
    });
    stops.push(gateway.stop);

    // A table kept on disk from before the orders-by-status index: its older orders get their keys once.
    if (addedIndexes.includes('gsi3')) {
      const { backfillOrdersByStatus } = await import('../../functions/data/backfills.js');
      const { updated } = await backfillOrdersByStatus();
      if (updated > 0) log(`indexed ${updated} order(s) by status (a table kept from before that index)`);
    }

    // Orders kept on disk from before the search matched any case: their lower-case copies written once.
    {
      const { backfillOrderSearch } = await import('../../functions/data/backfills.js');
      const { updated } = await backfillOrderSearch();
      if (updated > 0) log(`made ${updated} order(s) searchable in any case (a table kept from before)`);
    }

    // A table kept on disk from before the rewards members moved onto their customers: moved once (a Scan of a
    // local table, with nothing to move after the first start).
    {
      const { backfillRewardMembers } = await import('../../functions/data/backfills.js');
      const { moved } = await backfillRewardMembers();
      if (moved > 0) log(`moved ${moved} rewards member(s) onto their customers (a table kept from before)`);
    }

    // Email items kept on disk from before the email ledger: moved once; until then the email workers wait.
    {
      const { backfillEmailLedger } = await import('../../functions/data/backfills.js');
      const { moved } = await backfillEmailLedger();
      if (moved > 0) log(`moved ${moved} email item(s) into the email ledger (a table kept from before)`);
    }

    // Customers kept on disk from before they carried their address's suppression: marked (after the ledger's move,
    // which may bring suppressions; a Scan of a local ledger, with nothing to mark after the first start).
    {
      const { backfillCustomerSuppressions } = await import('../../functions/data/backfills.js');
      const { marked } = await backfillCustomerSuppressions();
      if (marked > 0) log(`marked ${marked} customer(s) with their address's email suppression (a table kept from before)`);
    }

    // The demo seller
    let demoSellerId: string | undefined;
    if (options.seedDemo ?? true) {
      demoSellerId = await ensureUser(cognito, pool.userPoolId, { email: DEMO.email, password: DEMO.password, name: DEMO.name });
      const { seedDemo } = await import('./seed.js');
      await seedDemo({ sellerId: demoSellerId });
    }

    // Event sources: S3 -> csv-jobs, queue pollers, the schedule
    const notifier = s3Notifier({
      s3: s3Internal,
      sqs,
      bucket: UPLOADS.bucket,
      prefix: UPLOADS.prefix,
      queueUrl: queues.csvJobs.url,
      region,
      log,
    });
    const kept = dataDir ? new KeptUploads(join(dataDir, 's3'), s3Internal, log) : undefined;
    onObjectCreated = (e) => {
      notifier.onObjectCreated(e);
      if (e.bucket === UPLOADS.bucket && e.key.startsWith(UPLOADS.prefix)) kept?.keep(e.bucket, e.key);
      if (e.bucket === EMAIL_IMAGES.bucket && e.key.startsWith(EMAIL_IMAGES.prefix)) kept?.keep(e.bucket, e.key);
    };
    stops.push(async () => {
      onObjectCreated = () => undefined;
      await Promise.all([notifier.idle(), kept?.idle()]);
    });

    const pollers = new Map<QueueName, QueuePoller>();
    for (const key of Object.keys(QUEUES) as QueueKey[]) {
      const def = QUEUES[key];
      const override = options.workers?.[def.name];
      let moduleHandler: AnyHandler | undefined;
      const poller = new QueuePoller({
        sqs,
        queue: queues[key],
        def,
        region,
        retryDelaySeconds: options.retryDelaySeconds ?? 1,
        log,
        resolveHandler: async () => {
          if (override) return override as AnyHandler;
          moduleHandler ??= await loadHandler('jobs', def.worker);
          return moduleHandler;
        },
      });
      pollers.set(def.name, poller);
    }
    const polled = options.pollers ?? true;
    for (const [name, p] of pollers) if (polled === true || (Array.isArray(polled) && polled.includes(name))) p.start();
    stops.push(async () => {
      await Promise.all([...pollers.values()].map((p) => p.stop()));
    });

    const runSchedule = async (name: ScheduleName) => {
      const job = SCHEDULES[name].job;
      const handler = await loadHandler('jobs', job);
      if (!handler) {
        log(`schedule ${name}: functions/jobs/${job}.ts not found`);
        return;
      }
      await handler(scheduledEvent(job, region), lambdaContext(job, region, 300));
    };
    const timers = (Object.keys(SCHEDULES) as ScheduleName[]).map((name) => {
      const t = setInterval(() => {
        runSchedule(name).catch((err) => log(`schedule ${name} failed`, err));
      }, SCHEDULES[name].everyMs);
      t.unref();
      return t;
    });
    stops.push(async () => {
      for (const t of timers) clearInterval(t);
    });

    // The queues live in memory: what was in them when the last run stopped is gone. Its jobs are sent again.
    if (kept) {
      const resumed = await resumeUnfinishedJobs({ ddb, sqs, notifier, uploads: kept, bucket: UPLOADS.bucket, platformSyncQueueUrl: queues.platformSync.url });
      if (resumed.csvJobs + resumed.platformSyncs > 0) {
        log(`resumed ${resumed.csvJobs} CSV import(s) and ${resumed.platformSyncs} platform sync(s) left unfinished by the last run`);
      }
    }

    const endpoints: LocalEndpoints = {
      webUrl,
      apiUrl: `${webUrl}/api`,
      cognito: {
        endpoint: cognitoLocal.endpoint,
        proxyEndpoint: `${webUrl}/cognito`,
        region,
        userPoolId: pool.userPoolId,
        clientId: pool.clientId,
        issuer,
        dir: cognitoDir,
      },
      demo: { email: DEMO.email, password: DEMO.password },
      dynamodb: dynamo.endpoint,
      sqs: front.endpoint,
      s3: front.endpoint,
      ses: ses.endpoint,
      sesOutbox: `${ses.endpoint}/`,
      region,
      ...(dataDir ? { dataDir } : {}),
    };
    if (dataDir && endpointsFile) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(endpointsFile, `${JSON.stringify(endpoints, null, 2)}\n`);
    }
    ready = true;

    let stopping: Promise<void> | undefined;
    return {
      endpoints,
      env,
      resources: { tableName: TABLE.name, bucket: UPLOADS.bucket, queues, userPoolId: pool.userPoolId, clientId: pool.clientId },
      demoSellerId,
      runSchedule,
      pausePoller: (q) => pollers.get(q)?.pause(),
      resumePoller: (q) => pollers.get(q)?.resume(),
      s3EventsIdle: () => notifier.idle(),
      stop() {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
