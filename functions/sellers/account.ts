import { MESSAGES } from '../../shared/api/messages.js';
import { accountEnabled } from '../adapters/cognito.js';
import { required } from '../config.js';
import { Unavailable } from '../domain/errors.js';
import { forgetOldest } from '../services/bounded.js';

/**
 * How long a container trusts what it last learned of an account: a seller disabled in Cognito is refused at most
 * this long after, and a busy seller costs one AdminGetUser per container per minute.
 */
export const ACCOUNT_CHECK_TTL_MS = 60_000;
/** Entries a container keeps; past it the oldest are forgotten (and looked up again when they call). */
const MAX_CACHED = 5_000;

/** Lookups by user name, kept while in flight too, so parallel calls of one seller make one lookup. */
const checked = new Map<string, { at: number; enabled: Promise<boolean> }>();

/** Whether the signed-in seller's account is still enabled in the user pool, looked up at most once a minute. */
export async function accountIsEnabled(username: string, now = Date.now()): Promise<boolean> {
  let entry = checked.get(username);
  if (!entry || now - entry.at >= ACCOUNT_CHECK_TTL_MS) {
    entry = { at: now, enabled: accountEnabled(required('USER_POOL_ID'), username) };
    checked.delete(username);
    checked.set(username, entry);
    forgetOldest(checked, MAX_CACHED);
  }
  try {
    return await entry.enabled;
  } catch (err) {
    // A failed lookup is not remembered: the next call asks again.
    if (checked.get(username) === entry) checked.delete(username);
    throw new Unavailable(MESSAGES.generic, err);
  }
}
