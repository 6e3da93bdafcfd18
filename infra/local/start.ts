import { relative, resolve } from 'node:path';
import { type LocalCloud, PortInUseError, startLocalCloud } from './cloud.js';
import { ROOT } from './lambda.js';
import { buildWeb } from './web-build.js';

/**
 * `npm start`: the whole product on this machine, state kept in .local/ across restarts, the web app built and
 * served as CloudFront serves it. `npm run dev` (--dev): the same with Vite's dev server and hot reload.
 */
async function main(): Promise<void> {
  const dataDir = resolve(ROOT, '.local');
  const verbose = Boolean(process.env.VERBOSE);
  // The handlers run in this process: their JSON log lines and metrics would bury the few lines a newcomer needs.
  if (!verbose) {
    process.env.LOG_LEVEL ??= 'SILENT';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  }
  const dev = process.argv.includes('--dev');
  const started = Date.now();
  let stopping = false;
  // Ctrl-C reaches the emulators' processes too, as it reaches this one: their end is no crash once we are stopping.
  // The signals arrive together, so a crash is told after a moment in which no stop began.
  const onEmulatorCrash = (line: string) =>
    setTimeout(() => {
      if (!stopping) console.error(line);
    }, 1000);
  let cloud: LocalCloud;
  try {
    if (!dev) {
      console.log('Building the web app...');
      await buildWeb({ verbose });
    }
    console.log('Starting the local cloud (DynamoDB Local, fauxqs, cognito-local, SES)...');
    cloud = await startLocalCloud({ dataDir, serveWeb: true, webMode: dev ? 'dev' : 'built', seedDemo: true, verbose, onEmulatorCrash });
  } catch (err) {
    if (err instanceof PortInUseError) {
      console.error(err.message);
    } else {
      console.error(`The local cloud did not start: ${err instanceof Error ? err.message : String(err)}`);
    }
    process.exit(1);
  }
  const e = cloud.endpoints;
  const rel = relative(process.cwd(), dataDir) || '.';
  console.log(
    [
      '',
      `  Consultant Desk is running at ${e.webUrl}   (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      `  Demo login:  ${e.demo.email}  /  ${e.demo.password}`,
      '',
      `  API          ${e.apiUrl}`,
      `  Email outbox ${e.sesOutbox}`,
      `  DynamoDB     ${e.dynamodb}   SQS+S3 ${e.sqs}   Cognito ${e.cognito.endpoint}`,
      `  Data kept in ${rel}/ (dynamodb/, cognito/); endpoints in ${rel}/endpoints.json. Delete ${rel}/ to start over.`,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local cloud...`);
    const force = setTimeout(() => {
      console.error('Stopping took too long; exiting.');
      process.exit(1);
    }, 20_000);
    force.unref();
    cloud.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(`Stop failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

await main();
