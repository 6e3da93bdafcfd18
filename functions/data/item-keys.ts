/**
 * The keys of the items read or written most often, written out rather than built by each entity's builder, which was
 * most of a small read's CPU and much of an import's (item-keys.test.ts holds them equal to the entities' own keys).
 */
export type Key = { pk: string; sk: string };

const sellerPartition = (sellerId: string) => `CONSULTANT#${sellerId}`;

/** The seller's profile (consultantEntity). */
export const profileKey = (sellerId: string): Key => ({ pk: sellerPartition(sellerId), sk: 'PROFILE' });

/** The seller's postage balance (postageEntity), billing choices (billingEntity) and rewards program (rewardSettingsEntity). */
export const postageKey = (sellerId: string): Key => ({ pk: sellerPartition(sellerId), sk: 'POSTAGE' });
export const billingKey = (sellerId: string): Key => ({ pk: sellerPartition(sellerId), sk: 'BILLING' });
export const rewardSettingsKey = (sellerId: string): Key => ({ pk: sellerPartition(sellerId), sk: 'REWARDS#SETTINGS' });

/** The shipments counted against the plan's allowance in a month, YYYY-MM (shipmentMonthEntity). */
export const shipmentMonthKey = (sellerId: string, month: string): Key => ({ pk: sellerPartition(sellerId), sk: `SHIPMENTS#${month}` });

/** A customer (customerEntity). */
export const customerKey = (sellerId: string, customerId: string): Key => ({ pk: sellerPartition(sellerId), sk: `CUSTOMER#${customerId}` });

/** An order (orderEntity). */
export const orderKey = (sellerId: string, orderId: string): Key => ({ pk: sellerPartition(sellerId), sk: `ORDER#${orderId}` });

/** An address's suppression, in the email ledger (emailSuppressionEntity); any case, as suppressions are keyed lower-cased. */
export const suppressionKey = (sellerId: string, address: string): Key => ({ pk: sellerPartition(sellerId), sk: `SUPPRESSED#${address.trim().toLowerCase()}` });

/** A report aggregate item (aggregateEntity): the seller's aggregates partition, sorted by kind, day and key. */
export const aggregateKey = (sellerId: string, kind: string, day: string, key: string): Key => ({ pk: `${sellerPartition(sellerId)}#AGG`, sk: `${kind}#${day}#${key}` });
