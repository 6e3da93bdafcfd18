import type { Customer } from '../../shared/schemas/customer.js';
import type { CustomerRecord } from '../data/customers.js';
import { emailStatusOf } from '../domain/email.js';

/**
 * The customer as the screens see it (spec section 3), with its email status (issue 15) from the item alone: the
 * customer carries its address's suppression (`emailSuppression`, kept by every write of the address and by
 * suppressAddress), so no screen's read goes to the email ledger (issue 18).
 */
export function customerView(c: CustomerRecord): Customer {
  return {
    customerID: c.customerId,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    birthday: c.birthday,
    phone: c.phone,
    address1: c.address1,
    address2: c.address2,
    address3: c.address3,
    city: c.city,
    state: c.state,
    zip: c.zip,
    country: c.country,
    company: c.company,
    rewardBalance: c.rewardBalance,
    totalSpend: c.totalSpend,
    isNew: c.isNew,
    source: c.source,
    marketingAllowed: c.marketingAllowed,
    emailStatus: emailStatusOf(c, c.email ? c.emailSuppression : undefined),
  };
}

/** A page of customers as a list shows it: customers merged into another are gone from every list. */
export function customerPage(page: { customers: CustomerRecord[]; cursor: string | null }) {
  return { customers: liveCustomers(page.customers), cursor: page.cursor };
}

export function liveCustomers(customers: readonly CustomerRecord[]): Customer[] {
  return customers.filter((c) => !c.mergedInto).map((c) => customerView(c));
}
