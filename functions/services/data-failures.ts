import { MESSAGES } from '../../shared/api/messages.js';
import { InvalidCursor, WriteConflict } from '../data/errors.js';
import { Conflict, InvalidInput } from '../domain/errors.js';

/**
 * Runs data work, telling its two known failures in the seller's words: a write that raced another one (try
 * again, nothing was half written) and a page cursor that is not usable (start again from the first page).
 * Anything else passes through unchanged. Services wrap their reads and writes in it instead of catching these
 * data-layer errors themselves.
 */
export async function withDomainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WriteConflict) throw new Conflict(MESSAGES.generic);
    if (err instanceof InvalidCursor) throw new InvalidInput({ cursor: MESSAGES.cursorExpired });
    throw err;
  }
}
