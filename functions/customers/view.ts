import type { Customer } from '../../shared/schemas/customer.js';
import type { EmailStatus } from '../../shared/schemas/email.js';
import type { CustomerRecord } from '../data/customers.js';

/** The customer as the screens see it (spec section 3). */
export function customerView(c: CustomerRecord, emailStatus?: EmailStatus): Customer {
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
    ...(emailStatus ? { emailStatus } : {}),
  };
}

/** A page of customers as a list shows it: customers merged into another are gone from every list. */
export function customerPage(page: { customers: CustomerRecord[]; cursor: string | null }, statuses?: ReadonlyMap<string, EmailStatus>) {
  return { customers: liveCustomers(page.customers, statuses), cursor: page.cursor };
}

export function liveCustomers(customers: readonly CustomerRecord[], statuses?: ReadonlyMap<string, EmailStatus>): Customer[] {
  return customers.filter((c) => !c.mergedInto).map((c) => customerView(c, statuses?.get(c.customerId)));
}
