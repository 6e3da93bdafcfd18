/**
 * The keys of the items read most often, written out rather than built by each entity's get().params(), which was
 * most of a small read's CPU (item-keys.test.ts holds them equal to the entities' own keys).
 */
export type Key = { pk: string; sk: string };

const sellerPartition = (sellerId: string) => `CONSULTANT#${sellerId}`;

/** The seller's profile (consultantEntity). */
export const profileKey = (sellerId: string): Key => ({ pk: sellerPartition(sellerId), sk: 'PROFILE' });

/** A customer (customerEntity). */
export const customerKey = (sellerId: string, customerId: string): Key => ({ pk: sellerPartition(sellerId), sk: `CUSTOMER#${customerId}` });

/** An address's suppression, in the email ledger (emailSuppressionEntity); any case, as suppressions are keyed lower-cased. */
export const suppressionKey = (sellerId: string, address: string): Key => ({ pk: sellerPartition(sellerId), sk: `SUPPRESSED#${address.trim().toLowerCase()}` });
