import { MESSAGES } from '../../shared/api/messages.js';
import { mergeCustomers } from '../data/customer-merge.js';
import { findMatchingCustomers } from '../data/customers.js';
import { Conflict, DomainError, NotFound, OperationFailed } from '../domain/errors.js';
import { customerOf } from './customers.js';
import { customerView, liveCustomers } from './view.js';

/** The seller's other customers with the same email, phone or full name. */
export async function mergeCandidates(sellerId: string, customerId: string) {
  const customer = await customerOf(sellerId, customerId);
  return { customers: liveCustomers(await findMatchingCustomers(sellerId, customer)) };
}

/**
 * Merges customers into the kept one (the route's schema refuses a customer merged into itself). Every step of a
 * merge can be repeated, so a failure half way tells the seller to try again, and the retry completes it.
 */
export async function mergeInto(sellerId: string, keptId: string, mergeIds: readonly string[]) {
  try {
    const result = await mergeCustomers(sellerId, keptId, mergeIds);
    if (!result.ok && result.reason === 'notFound') throw new NotFound(MESSAGES.customerNotFound);
    if (!result.ok) throw new Conflict(MESSAGES.mergeFailed);
    return customerView(result.customer);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new OperationFailed(MESSAGES.mergeFailed, err);
  }
}
