import { statusFeed, versionAnswer } from '../../shared/schemas/status.js';
import { readStatusObject } from '../adapters/s3.js';
import { config } from '../config.js';
import { logger } from '../observability.js';

const NO_VERSION = { version: '', forceLocalStorageClear: false, forceOneTimeStorageClear: false };

function parsed<T>(text: string | undefined, parse: (v: unknown) => { success: true; data: T } | { success: false }, what: string): T | undefined {
  if (text === undefined) return undefined;
  try {
    const result = parse(JSON.parse(text));
    if (result.success) return result.data;
  } catch {
    // told below
  }
  // A hand-edited file that does not parse must not take the app down: it reads as no news, and ops see it logged.
  logger.error('status object does not match its schema; answered as empty', { what });
  return undefined;
}

/** The status feed as ops last wrote it (no outage and no release until they do). */
export async function readStatusFeed() {
  return parsed(await readStatusObject(config.STATUS_FEED_KEY), (v) => statusFeed.safeParse(v), 'feed') ?? {};
}

/** The deployed version and its storage flags; an empty version (never written) shows no update banner. */
export async function readVersionStatus() {
  return parsed(await readStatusObject(config.STATUS_VERSION_KEY), (v) => versionAnswer.safeParse(v), 'version') ?? NO_VERSION;
}
