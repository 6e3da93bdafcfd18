import type { EmailStatus } from '../../shared/schemas/email.js';
import type { CustomerRecord } from '../data/customers.js';
import { normalAddress, suppressionsOf } from '../data/suppressions.js';
import { emailStatusOf } from '../domain/email.js';
import { withDomainErrors } from '../services/data-failures.js';

/** Each customer's email status (issue 15), by customer id: one batch read of the page's suppressed addresses. */
export async function emailStatuses(sellerId: string, customers: readonly CustomerRecord[]): Promise<Map<string, EmailStatus>> {
  const addresses = customers.flatMap((c) => (c.email ? [c.email] : []));
  const suppressed = await withDomainErrors(() => suppressionsOf(sellerId, addresses));
  return new Map(customers.map((c) => [c.customerId, emailStatusOf(c, c.email ? suppressed.get(normalAddress(c.email)) : undefined)]));
}
