import { createWriteTransaction } from 'electrodb';
import { earlierTerms, fullNameTerm, phoneDigits, SEARCH_PAGE_SIZE, searchPrefix, searchTerms } from '../../shared/domain/customer-search.js';
import type { CustomerFields } from '../../shared/schemas/customer.js';
import { FILLABLE_FIELDS } from '../domain/customer-merge.js';
import { suppressionReplaces } from '../domain/email.js';
import { OPEN_ORDER_STATUSES } from '../../shared/domain/orders.js';
import { customerTermEntity } from './customer-index.js';
import { customerEntity, orderEntity, consultantEntity } from './entities.js';
import { allProcessed, checkWritten, transactionApplied, withCursor } from './errors.js';
import { adjustBalance } from './rewards.js';
import { customerKey } from './item-keys.js';
import { entityTogether } from './items-together.js';
import { markEmailSuppression, normalAddress, type SuppressionReason, settleEmailSuppressions, suppressionOf } from './suppressions.js';
import { inOrderOf, type PageRequest, pageOf } from './table.js';

/** Where a customer came from, as the customer entity declares it. */
export type CustomerSource = CustomerRecord['source'];
export type CustomerRecord = NonNullable<Awaited<ReturnType<typeof getCustomer>>>;

/** Fields a seller edits; cleared ones are removed from the item. */
export const EDITABLE_FIELDS = [
  'firstName',
  'lastName',
  'country',
  ...FILLABLE_FIELDS,
] as const satisfies readonly (keyof CustomerFields)[];
type Editable = (typeof EDITABLE_FIELDS)[number];
const REQUIRED: readonly Editable[] = ['firstName', 'lastName', 'country'];

type TermItem = { sellerId: string; term: string; customerId: string; e1?: string; e2?: string; e3?: string };

/** The search-index items of a customer (shared/domain/customer-search.ts). */
export function termItems(sellerId: string, customerId: string, fields: Parameters<typeof searchTerms>[0]): TermItem[] {
  const terms = searchTerms(fields);
  return terms.map((term) => {
    const [e1, e2, e3] = earlierTerms(terms, term);
    return { sellerId, customerId, term, e1, e2, e3 };
  });
}

function editable(fields: Partial<CustomerFields>): Partial<Pick<CustomerFields, Editable>> {
  const out: Partial<Record<Editable, string>> = {};
  for (const k of EDITABLE_FIELDS) {
    const v = fields[k];
    if (typeof v === 'string' && v !== '') out[k] = v;
  }
  return out;
}

/**
 * Whether an edit gives the customer another address (normalised as the ledger keys it): only then is its copy of the
 * address's suppression (`emailSuppression`) written again.
 */
const addressChanges = (before: string | undefined, after: string | undefined) => normalAddress(before ?? '') !== normalAddress(after ?? '');

/**
 * Creates a customer, its search terms, and counts it on the seller's profile, in one transaction. The customer
 * carries its address's suppression (docs/data-model.md "Email status on the customer"): read before the write and
 * again after it (settleEmailSuppressions). A caller creating many at once (an import's new buyers) reads them for
 * all in one BatchGet and gives each its reason in `suppressionRead`; it then settles them all itself, after the writes.
 */
export async function createCustomer(
  sellerId: string,
  /** A customer with no address may have no country (an imported buyer known by name and email only). */
  fields: Omit<CustomerFields, 'country'> & { country?: string },
  options: {
    customerId?: string;
    source?: CustomerSource;
    marketingAllowed?: boolean;
    nameDerived?: boolean;
    suppressionRead?: { reason?: SuppressionReason };
  } = {},
) {
  const customerId = options.customerId ?? crypto.randomUUID();
  const fieldsSet = editable(fields);
  const emailSuppression = options.suppressionRead
    ? options.suppressionRead.reason
    : fieldsSet.email
      ? await suppressionOf(sellerId, fieldsSet.email)
      : undefined;
  const item = {
    ...fieldsSet,
    ...(options.nameDerived ? { nameDerived: true } : {}),
    ...(fieldsSet.email && emailSuppression ? { emailSuppression } : {}),
    firstName: fields.firstName,
    lastName: fields.lastName,
    sellerId,
    customerId,
    source: options.source ?? 'manual',
    marketingAllowed: options.marketingAllowed ?? true,
  };
  const result = await createWriteTransaction(
    { customer: customerEntity(), consultant: consultantEntity(), customerTerm: customerTermEntity() },
    ({ customer, consultant, customerTerm }) => [
      customer.create(item).commit(),
      consultant.patch({ sellerId }).add({ customerCount: 1 }).commit(),
      ...termItems(sellerId, customerId, item).map((t) => customerTerm.put(t).commit()),
    ],
  ).go();
  checkWritten(result);
  if (!options.suppressionRead) await settleEmailSuppressions(sellerId, [{ customerId, email: item.email, emailSuppression: item.emailSuppression }]);
  return customerId;
}

/** Writes search terms of customers written in bulk (the demo seed, benchmarks). */
export async function putCustomerTerms(sellerId: string, customers: readonly (Parameters<typeof searchTerms>[0] & { customerId: string })[]) {
  const items = customers.flatMap((c) => termItems(sellerId, c.customerId, c));
  allProcessed(await customerTermEntity().put(items).go(), 'search terms were not written');
}

/**
 * Writes the search terms of every customer of the seller again: for customers stored before search existed (a
 * demo seller seeded by an older version). Idempotent; reads the customers a page at a time.
 */
export async function reindexCustomerTerms(sellerId: string): Promise<number> {
  let cursor: string | null = null;
  let count = 0;
  do {
    const page: { data: CustomerRecord[]; cursor: string | null } = await customerEntity().query.byName({ sellerId }).go({ cursor, limit: 500 });
    await putCustomerTerms(sellerId, page.data);
    count += page.data.length;
    cursor = page.cursor;
  } while (cursor);
  return count;
}

/** The customer, read with the turn's other items (a read beside the plan gate's takes one request with it). */
export async function getCustomer(sellerId: string, customerId: string) {
  return entityTogether(customerEntity(), customerKey(sellerId, customerId));
}

/** Several customers of one seller, in the order asked for; missing ones are left out. */
export async function getCustomers(sellerId: string, customerIds: readonly string[], options: { consistent?: boolean } = {}) {
  if (customerIds.length === 0) return [];
  const { data } = allProcessed(
    await customerEntity().get(customerIds.map((customerId) => ({ sellerId, customerId }))).go({ consistent: options.consistent ?? false }),
    'customers were not read',
  );
  return inOrderOf(customerIds, data, (c) => c.customerId);
}

/**
 * Changes a customer's fields and its search terms in one transaction. The write is conditional on the item
 * being unchanged since it was read, so two edits at once cannot leave terms of the losing one behind. An edit that
 * gives the customer another address writes that address's suppression with it (or removes the old one's), read
 * before the write and again after it, as createCustomer does. Returns undefined when the customer does not exist.
 */
export async function updateCustomer(sellerId: string, customerId: string, fields: CustomerFields) {
  const before = await getCustomer(sellerId, customerId);
  if (!before) return undefined;
  const set = { ...editable(fields), firstName: fields.firstName, lastName: fields.lastName, country: fields.country };
  const cleared = EDITABLE_FIELDS.filter((k) => !REQUIRED.includes(k) && set[k] === undefined && before[k] !== undefined);
  const newAddress = addressChanges(before.email, set.email);
  const emailSuppression = newAddress && set.email ? await suppressionOf(sellerId, set.email) : undefined;
  const removed = [
    ...cleared,
    // A name the seller set (or confirmed) is theirs: no import replaces it any more.
    ...(before.nameDerived ? (['nameDerived'] as const) : []),
    // The old address's suppression is not the new one's.
    ...(newAddress && !emailSuppression ? (['emailSuppression'] as const) : []),
  ];
  const oldTerms = searchTerms(before);
  const newTerms = termItems(sellerId, customerId, set);
  const gone = oldTerms.filter((t) => !newTerms.some((n) => n.term === t));
  const result = await createWriteTransaction(
    { customer: customerEntity(), customerTerm: customerTermEntity() },
    ({ customer, customerTerm }) => [
      customer
        .patch({ sellerId, customerId })
        .set(emailSuppression ? { ...set, emailSuppression } : set)
        .remove(removed)
        .where((a, { eq }) => eq(a.updatedAt, before.updatedAt))
        .commit(),
      ...gone.map((term) => customerTerm.delete({ sellerId, term, customerId }).commit()),
      ...newTerms.map((t) => customerTerm.put(t).commit()),
    ],
  ).go();
  checkWritten(result);
  if (newAddress) await settleEmailSuppressions(sellerId, [{ customerId, email: set.email, emailSuppression }]);
  return getCustomer(sellerId, customerId);
}

/** Orders of the customer that are still to be shipped (spec section 8, OrdersPending). */
export async function pendingOrderCount(sellerId: string, customerId: string): Promise<number> {
  const { data } = await orderEntity().query
    .byCustomer({ sellerId, customerId })
    .where((a, { eq }) => OPEN_ORDER_STATUSES.map((s) => eq(a.status, s)).join(' OR '))
    .go({ pages: 'all', attributes: ['orderId'] });
  return data.length;
}

export type RemoveResult = 'removed' | 'notFound' | 'ordersPending';

/** Removes the customer, its search terms and its count, all or nothing; refused while orders are pending. */
export async function removeCustomer(sellerId: string, customerId: string): Promise<RemoveResult> {
  const customer = await getCustomer(sellerId, customerId);
  if (!customer) return 'notFound';
  if ((await pendingOrderCount(sellerId, customerId)) > 0) return 'ordersPending';
  const result = await createWriteTransaction(
    { customer: customerEntity(), consultant: consultantEntity(), customerTerm: customerTermEntity() },
    ({ customer: customers, consultant, customerTerm }) => [
      customers
        .delete({ sellerId, customerId })
        .where((a, { eq }) => eq(a.updatedAt, customer.updatedAt))
        .commit(),
      consultant.patch({ sellerId }).add({ customerCount: -1 }).commit(),
      ...searchTerms(customer).map((term) => customerTerm.delete({ sellerId, term, customerId }).commit()),
    ],
  ).go();
  checkWritten(result);
  return 'removed';
}

/**
 * Customers whose name, email or phone begins with `q` (at least 2 characters), 20 a page, sorted by the
 * matching term. One Query on the seller's search partition; a customer matching by several terms is listed
 * once, at its first matching term (the filter on `earlier`), so pages never repeat a customer.
 */
export async function searchCustomers(sellerId: string, q: string, options: PageRequest = {}) {
  const prefix = searchPrefix(q);
  const { data, cursor } = await withCursor(() =>
    customerTermEntity().query
      .byTerm({ sellerId })
      .begins({ term: prefix })
      .where((a, { notExists, begins }) =>
        [a.e1, a.e2, a.e3].map((e) => `(${notExists(e)} OR NOT ${begins(e, prefix)})`).join(' AND '),
      )
      .go({ ...pageOf(sellerId, options, SEARCH_PAGE_SIZE), attributes: ['customerId'] }),
  );
  return { customers: await getCustomers(sellerId, data.map((t) => t.customerId)), cursor };
}

/** The seller's other customers with the same email, phone or full name (merge candidates). */
export async function findMatchingCustomers(sellerId: string, customer: CustomerRecord) {
  const keys = [fullNameTerm(customer), customer.email?.trim().toLowerCase(), phoneDigits(customer.phone)].filter(
    (k): k is string => !!k,
  );
  const ids = new Set<string>();
  for (const term of keys) {
    const { data } = await customerTermEntity().query.byTerm({ sellerId, term }).go({ pages: 'all', attributes: ['customerId'] });
    for (const t of data) if (t.customerId !== customer.customerId) ids.add(t.customerId);
  }
  return getCustomers(sellerId, [...ids]);
}

/** Customers sorted by last name, then first name; one page at a time. */
export async function listCustomersByName(sellerId: string, options: PageRequest & { dir?: 'asc' | 'desc' } = {}) {
  const { data, cursor } = await withCursor(() => customerEntity().query.byName({ sellerId }).go({ ...pageOf(sellerId, options), order: options.dir ?? 'asc' }));
  return { customers: data, cursor };
}

export type { AdjustResult } from './rewards.js';

/**
 * Adds `amount` (negative to take away) to the reward balance, never below 0, with the customer's reward index in
 * the same conditional transaction (functions/data/rewards.ts).
 */
export const adjustRewardBalance = adjustBalance;

/**
 * The ids of the seller's customers with a search term exactly `term` (a full name, last name, email or phone digits
 * may share it: callers check the field they mean). A strongly consistent Query of the search partition, whose items
 * are written in the customer's own transaction: a customer written before the call began is found.
 */
async function customerIdsWithTerm(sellerId: string, term: string): Promise<string[]> {
  if (!term) return [];
  const { data } = await customerTermEntity().query
    .byTerm({ sellerId, term })
    .go({ pages: 'all', attributes: ['customerId'], consistent: true });
  return data.map((t) => t.customerId);
}

/**
 * The seller's customers whose address is `address` (normalised) take its suppression `reason` (suppressAddress,
 * after the ledger's write; the backfill). Each is patched only while its email is still the one read, and only
 * where the ledger's rule lets the reason replace what it carries; one that carries it already is not written.
 * Answers how many were marked.
 */
export async function markCustomersWithAddress(sellerId: string, address: string, reason: SuppressionReason): Promise<number> {
  const found = await getCustomers(sellerId, await customerIdsWithTerm(sellerId, address), { consistent: true });
  const due = found.flatMap((c) =>
    c.email && normalAddress(c.email) === address && c.emailSuppression !== reason && suppressionReplaces(reason, c.emailSuppression)
      ? [{ customerId: c.customerId, email: c.email }]
      : [],
  );
  const marked = await Promise.all(due.map((c) => markEmailSuppression(sellerId, c, reason)));
  return marked.filter(Boolean).length;
}

/**
 * The seller's customer an imported person is: the one with the same email, else the one with the same full name
 * whose email does not say it is someone else. Imports use it so that a second import of the same people (an
 * overlapping file, a retried job) finds them instead of adding them again.
 */
export async function findCustomerFor(
  sellerId: string,
  who: { firstName: string; lastName: string; email?: string },
): Promise<CustomerRecord | undefined> {
  const email = who.email?.trim().toLowerCase() ?? '';
  const live = (ids: string[]) => getCustomers(sellerId, ids, { consistent: true }).then((cs) => cs.filter((c) => !c.mergedInto));
  if (email) {
    const [byEmail] = await live(await customerIdsWithTerm(sellerId, email));
    if (byEmail) return byEmail;
  }
  const byName = await live(await customerIdsWithTerm(sellerId, fullNameTerm(who)));
  return byName.find((c) => !email || !c.email || c.email.toLowerCase() === email);
}

/**
 * Gives a customer whose name was only derived from their email (an import with no name) the name a later order
 * gives, with its search terms, so they are found by it. Conditional on the name still being derived: a seller's edit
 * in between wins, and false is answered. Issue 19.
 */
export async function fillDerivedName(sellerId: string, customerId: string, name: { firstName: string; lastName: string }): Promise<boolean> {
  const before = await getCustomer(sellerId, customerId);
  if (!before?.nameDerived) return false;
  const oldTerms = searchTerms(before);
  const newTerms = termItems(sellerId, customerId, { ...before, ...name });
  const gone = oldTerms.filter((t) => !newTerms.some((n) => n.term === t));
  return transactionApplied(
    createWriteTransaction(
      { customer: customerEntity(), customerTerm: customerTermEntity() },
      ({ customer, customerTerm }) => [
        customer
          .patch({ sellerId, customerId })
          .set(name)
          .remove(['nameDerived'])
          .where((a, { eq }) => `${eq(a.updatedAt, before.updatedAt)} AND ${eq(a.nameDerived, true)}`)
          .commit(),
        ...gone.map((term) => customerTerm.delete({ sellerId, term, customerId }).commit()),
        ...newTerms.map((t) => customerTerm.put(t).commit()),
      ],
    ).go(),
  );
}
