import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: a handler module's event and result types vary by kind
export type AnyHandler = (event: any, context: Context) => Promise<any>;

/** functions/<kind>/<name>.ts, imported once (after the cloud has set the function environment). */
export async function loadHandler(kind: 'http' | 'jobs', name: string): Promise<AnyHandler | undefined> {
  const file = `${ROOT}functions/${kind}/${name}.ts`;
  if (!existsSync(file)) return undefined;
  const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { handler?: AnyHandler };
  if (typeof mod.handler !== 'function') throw new Error(`functions/${kind}/${name}.ts exports no handler`);
  return mod.handler;
}

/** A Lambda context good enough for Powertools and middy. */
export function lambdaContext(functionName: string, region: string, timeoutSeconds = 30): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
