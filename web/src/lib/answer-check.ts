import type { CallGroup } from '../../../shared/api/route';
import { routeSchemas } from './route-schemas';
import { idle } from './idle';

/** A check of an answer the page took unchecked: its route and the answer (structured-cloned to the worker). */
export interface CheckRequest {
  n: number;
  group: CallGroup;
  id: string;
  data: unknown;
}

/** The worker's verdict: the schema's issues when the answer does not match, or why it could not check. */
export interface CheckResult {
  n: number;
  issues?: unknown[];
  failed?: string;
}

/** A check waits for idle time at most this long. */
const IDLE_TIMEOUT_MS = 5000;

let worker: Worker | undefined;
/** Set when the worker could not start (no Worker, or it failed to load): checks run on the page's thread. */
let noWorker = typeof Worker === 'undefined';
let next = 0;
const waiting = new Map<number, { resolve: (issues: unknown[] | undefined) => void; reject: (err: unknown) => void }>();

function theWorker(): Worker | undefined {
  if (noWorker) return undefined;
  if (!worker) {
    try {
      worker = new Worker(new URL('./answer-check.worker.ts', import.meta.url), { type: 'module', name: 'answer-check' });
    } catch {
      noWorker = true;
      return undefined;
    }
    worker.addEventListener('message', ({ data }: MessageEvent<CheckResult>) => {
      const pending = waiting.get(data.n);
      waiting.delete(data.n);
      if (data.failed) pending?.reject(new Error(data.failed));
      else pending?.resolve(data.issues);
    });
    // The worker's script did not load (offline, a deploy replaced it): what it was asked is checked here instead.
    worker.addEventListener('error', () => {
      noWorker = true;
      worker?.terminate();
      worker = undefined;
      const asked = [...waiting.values()];
      waiting.clear();
      for (const { reject } of asked) reject(new Error('the answer checker did not start'));
    });
  }
  return worker;
}

/** On the page's thread (already idle): loading the schemas and checking are each their own task. */
async function checkHere(group: CallGroup, id: string, data: unknown): Promise<unknown[] | undefined> {
  const { response } = await routeSchemas(group, id);
  await idle(IDLE_TIMEOUT_MS);
  const parsed = response?.safeParse(data);
  return parsed && !parsed.success ? parsed.error.issues : undefined;
}

/**
 * Checks an answer the page used before its group's schemas had loaded (api's checkLater) against the route's
 * response schema: the issues when it does not match. In a worker where the browser has one: evaluating zod and a
 * group's schemas is the longest task of a page load on a phone (issue 18), and the page that opens on these answers
 * needs no schema for anything else. Without one, on the page's thread. Either way it starts in idle time: the
 * checker's script and the schemas would share a phone's link with the page's own chunks.
 */
export async function checkAnswer(group: CallGroup, id: string, data: unknown): Promise<unknown[] | undefined> {
  await idle(IDLE_TIMEOUT_MS);
  const checker = theWorker();
  if (!checker) return checkHere(group, id, data);
  const n = ++next;
  return new Promise<unknown[] | undefined>((resolve, reject) => {
    waiting.set(n, { resolve, reject });
    checker.postMessage({ n, group, id, data } satisfies CheckRequest);
  }).catch((err: unknown) => {
    if (noWorker) return checkHere(group, id, data);
    throw err;
  });
}
