import { MESSAGES } from '../../shared/api/messages.js';
import { CarrierError, CarrierUnavailable } from '../adapters/carriers/easypost.js';
import { Refused, Unavailable } from '../domain/errors.js';

/**
 * A carrier call's failure in the seller's words. Its refusal (an address it cannot verify, a service it does not
 * offer) is the seller's, in its words. The carrier failing the call itself (our key, its outage) is not: "try again
 * later", never its own text, and not refused for good (a batch's worker retries it). Anything else passes through.
 */
export function carrierFailure(err: unknown): unknown {
  if (err instanceof CarrierUnavailable) return new Unavailable(MESSAGES.generic, err);
  return err instanceof CarrierError ? new Refused(err.message) : err;
}
