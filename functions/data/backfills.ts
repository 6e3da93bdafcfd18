import { rewardMemberEntity } from './reward-entities.js';
import { createWriteTransaction } from 'electrodb';
import { DeleteCommand, PutCommand, type PutCommandInput, ScanCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus } from '../../shared/domain/orders.js';
import { markCustomersWithAddress } from './customers.js';
import type { SuppressionReason } from './email-entities.js';
import { customerEntity, orderEntity } from './entities.js';
import { isConditionFailure, transactionCommitted } from './errors.js';
import { memberIndexKeys } from './rewards.js';
import { emailLedgerReady, markEmailLedgerMoved } from './email-sends.js';
import { client, EMAIL_LEDGER_TABLE_NAME, TABLE_NAME } from './table.js';

/** What an order needs to have its status index keys built again. */
export interface OrderWithoutStatusKeys {
  sellerId: string;
  orderId: string;
  status: OrderStatus;
  orderDate: string;
}

/**
 * The items a Scan finds, a page at a time. Pages are read one after another: a table's whole read capacity is not
 * a backfill's to take.
 */
async function* scanPages(input: Omit<ScanCommandInput, 'ExclusiveStartKey'>): AsyncGenerator<Record<string, unknown>[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ ...input, ExclusiveStartKey: start }));
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

/**
 * Hands every item a Scan finds to `apply`, one at a time, and counts them: found, and what `apply` answered (true
 * for one, or a number). `progress` is logged after each page that found any.
 */
async function applyToScanned<T>(
  input: Omit<ScanCommandInput, 'ExclusiveStartKey'>,
  apply: (item: T) => Promise<boolean | number>,
  log: (line: string) => void,
  progress: (found: number, applied: number) => string,
): Promise<{ found: number; applied: number }> {
  let found = 0;
  let applied = 0;
  for await (const page of scanPages(input)) {
    found += page.length;
    for (const item of page) applied += Number(await apply(item as T));
    if (page.length > 0) log(progress(found, applied));
  }
  return { found, applied };
}

/**
 * Orders written before the orders-by-status index (gsi3, docs/data-model.md "Orders by status") carry no gsi3 keys,
 * so a status page would miss them until their status is next written. This finds them with a Scan, which is why it
 * is an operator's one-off (`npm run backfill`, docs/runbook.md) and the local cloud's step on the start that adds the
 * index, never a request path.
 */
export async function backfillOrdersByStatus(log: (line: string) => void = () => {}): Promise<{ found: number; updated: number }> {
  const { found, applied } = await applyToScanned<OrderWithoutStatusKeys>(
    {
      TableName: TABLE_NAME,
      FilterExpression: '#entity = :order AND attribute_not_exists(gsi3pk)',
      ProjectionExpression: 'sellerId, orderId, #status, orderDate',
      ExpressionAttributeNames: { '#entity': '__edb_e__', '#status': 'status' },
      ExpressionAttributeValues: { ':order': 'order' },
    },
    restoreStatusKeys,
    log,
    (n, indexed) => `orders by status: ${indexed} of ${n} orders indexed so far`,
  );
  return { found, updated: applied };
}

/**
 * Writes the order's status and date again as they are, which makes ElectroDB write the index keys built from them.
 * Only while the status is still the one read: a status changed since (a label bought meanwhile) wrote its own keys,
 * and writing the old status back would undo that change.
 */
export async function restoreStatusKeys(order: OrderWithoutStatusKeys): Promise<boolean> {
  try {
    await orderEntity()
      .patch({ sellerId: order.sellerId, orderId: order.orderId })
      .set({ status: order.status, orderDate: order.orderDate })
      .where((o, { eq }) => eq(o.status, order.status))
      .go({ response: 'none' });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** What an order needs to have its lower-case search copies written. */
interface OrderWithoutSearch {
  sellerId: string;
  orderId: string;
  customerName: string;
  orderNumber: string;
}

/**
 * Orders written before the orders search matched any case carry no lower-case copies of their name and number, so
 * a search would miss them until they are next written. This writes each such order's name and number again as they
 * are (ElectroDB then writes the copies it watches them for), only while both are still the ones read: one changed
 * since wrote its own copies. A Scan: an operator's one-off (`npm run backfill -- order-search`) and the local
 * cloud's on start.
 */
export async function backfillOrderSearch(log: (line: string) => void = () => {}): Promise<{ found: number; updated: number }> {
  const { found, applied } = await applyToScanned<OrderWithoutSearch>(
    {
      TableName: TABLE_NAME,
      FilterExpression: '#entity = :order AND attribute_not_exists(customerNameLower)',
      ProjectionExpression: 'sellerId, orderId, customerName, orderNumber',
      ExpressionAttributeNames: { '#entity': '__edb_e__' },
      ExpressionAttributeValues: { ':order': 'order' },
    },
    async (order) => {
      try {
        await orderEntity()
          .patch({ sellerId: order.sellerId, orderId: order.orderId })
          .set({ customerName: order.customerName, orderNumber: order.orderNumber })
          .where((o, { eq }) => `${eq(o.customerName, order.customerName)} AND ${eq(o.orderNumber, order.orderNumber)}`)
          .go({ response: 'none' });
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    },
    log,
    (n, written) => `order search: ${written} of ${n} orders made searchable in any case so far`,
  );
  return { found, updated: applied };
}

/** A rewards member item as written before the members moved onto their customers. */
interface LegacyMember {
  sellerId: string;
  customerId: string;
  redeemed?: number;
  earnedAt?: string;
  almostSince?: string;
  lastEarnAt?: string;
  lastRedeemAt?: string;
}

/**
 * Rewards members written before the import benchmark's round (2026-11-26) are items of their own
 * (`REWARDMEMBER#<customerId>`); the dashboard and the daily job now read the member fields and index keys on the
 * customer item (docs/data-model.md "Rewards points on the customer"). This moves each one onto its customer, in one
 * transaction with the old item's delete: a customer's index keys from its balance, and each mark the customer does
 * not carry yet (a write of the new code since the release set its own, which are newer). Found with a Scan: an
 * operator's one-off right after the release (`npm run backfill -- reward-members`), and the local cloud's on start.
 */
export async function backfillRewardMembers(log: (line: string) => void = () => {}): Promise<{ found: number; moved: number }> {
  let found = 0;
  let moved = 0;
  const pages = scanPages({
    TableName: TABLE_NAME,
    FilterExpression: '#entity = :member',
    ProjectionExpression: 'sellerId, customerId, redeemed, earnedAt, almostSince, lastEarnAt, lastRedeemAt',
    ExpressionAttributeNames: { '#entity': '__edb_e__' },
    ExpressionAttributeValues: { ':member': 'rewardMember' },
  });
  for await (const page of pages) {
    const members = page as unknown as LegacyMember[];
    found += members.length;
    for (const m of members) {
      const key = { sellerId: m.sellerId, customerId: m.customerId };
      for (let attempt = 1; ; attempt++) {
        const { data: customer } = await customerEntity().get(key).go({ consistent: true });
        const fields = customer && !customer.mergedInto
          ? {
              ...(customer.rewardMembers ? {} : memberIndexKeys(m.sellerId, m.customerId, customer.rewardBalance)),
              ...(customer.rewardSearch ? {} : { rewardSearch: `${`${customer.firstName} ${customer.lastName}`.trim()} ${customer.email?.trim() ?? ''}`.toLowerCase() }),
              ...(customer.rewardRedeemed === undefined && m.redeemed ? { rewardRedeemed: m.redeemed } : {}),
              ...(!customer.rewardEarnedAt && m.earnedAt ? { rewardEarnedAt: m.earnedAt } : {}),
              ...(!customer.rewardAlmostSince && m.almostSince ? { rewardAlmostSince: m.almostSince } : {}),
              ...(!customer.rewardLastEarnAt && m.lastEarnAt ? { rewardLastEarnAt: m.lastEarnAt } : {}),
              ...(!customer.rewardLastRedeemAt && m.lastRedeemAt ? { rewardLastRedeemAt: m.lastRedeemAt } : {}),
            }
          : undefined;
        const ok = await transactionCommitted(() =>
          createWriteTransaction(
            { customer: customerEntity(), rewardMember: rewardMemberEntity() },
            (tx) => [
              ...(customer && fields && Object.keys(fields).length > 0
                ? [
                    tx.customer
                      .patch(key)
                      .set(fields)
                      // The balance the index key is built from, as read.
                      .where((a, { eq, notExists }) => (customer.rewardRev === undefined ? notExists(a.rewardRev) : eq(a.rewardRev, customer.rewardRev)))
                      .commit(),
                  ]
                : []),
              tx.rewardMember.delete(key).commit(),
            ],
          ).go(),
        );
        if (ok) break;
        if (attempt >= 8) throw new Error(`The rewards member of customer ${m.customerId} could not be moved`);
      }
      moved += 1;
    }
    if (members.length > 0) log(`reward members: ${moved} of ${found} moved onto their customers so far`);
  }
  return { found, moved };
}

/** The email kinds written in the single table before the email ledger, by their ElectroDB entity name. */
const LEDGER_KINDS = ['emailSend', 'emailReceipt', 'emailSuppression'] as const;

/**
 * The condition under which an item of the old table is copied into the ledger: never over what the new code wrote
 * there since the release (it is newer), except that a bounce or complaint replaces an unsubscribe, as
 * suppressAddress does (email-sends.ts).
 */
function copyCondition(item: Record<string, unknown>): Pick<PutCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  if (item.__edb_e__ === 'emailSuppression' && item.reason !== 'unsubscribed') {
    return {
      ConditionExpression: 'attribute_not_exists(pk) OR #reason = :unsubscribed',
      ExpressionAttributeNames: { '#reason': 'reason' },
      ExpressionAttributeValues: { ':unsubscribed': 'unsubscribed' },
    };
  }
  return { ConditionExpression: 'attribute_not_exists(pk)' };
}

/**
 * Email claims, receipts and suppressions written in the single table before the email ledger (infra/definitions.ts
 * EMAIL_LEDGER) are moved into it, item by item as stored (a copy under copyCondition, then the old item's delete,
 * so a second run finds nothing), and the ledger is then marked moved: until that mark, the email workers send
 * nothing (email-sends.ts emailLedgerReady), so no older suppression or claim is missed. Found with a Scan: the
 * operator's step right after the release (`npm run backfill -- email-ledger`, docs/runbook.md), and the local
 * cloud's on start (at once when the mark is there).
 */
export async function backfillEmailLedger(
  log: (line: string) => void = () => {},
  tables = { table: TABLE_NAME, ledger: EMAIL_LEDGER_TABLE_NAME },
): Promise<{ found: number; moved: number }> {
  if (await emailLedgerReady(tables.ledger)) return { found: 0, moved: 0 };
  let found = 0;
  let moved = 0;
  const pages = scanPages({
    TableName: tables.table,
    FilterExpression: `#entity IN (${LEDGER_KINDS.map((_, i) => `:k${i}`).join(', ')})`,
    ExpressionAttributeNames: { '#entity': '__edb_e__' },
    ExpressionAttributeValues: Object.fromEntries(LEDGER_KINDS.map((kind, i) => [`:k${i}`, kind])),
  });
  for await (const items of pages) {
    found += items.length;
    for (const item of items) {
      try {
        await client.send(new PutCommand({ TableName: tables.ledger, Item: item, ...copyCondition(item) }));
        moved += 1;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
      await client.send(new DeleteCommand({ TableName: tables.table, Key: { pk: item.pk, sk: item.sk } }));
    }
    if (items.length > 0) log(`email ledger: ${found} email item(s) found so far, ${moved} copied (the rest were newer in the ledger)`);
  }
  await markEmailLedgerMoved(tables.ledger);
  return { found, moved };
}

/** A suppression of the email ledger as the customers' backfill reads it. */
interface LedgerSuppression {
  sellerId: string;
  address: string;
  reason: SuppressionReason;
}

/**
 * Customers written before they carried their address's suppression (`emailSuppression`, docs/data-model.md "Email
 * status on the customer", issue 18) show `ok` on the customer screens, whose reads no longer go to the ledger. This
 * copies every suppression of the ledger onto the seller's customers with that address (markCustomersWithAddress:
 * only while a customer's email is still the one read, never an unsubscribe over a bounce or complaint, and nothing
 * written where the reason is there already, so a second run writes nothing). Found with a Scan of the ledger: the
 * operator's step after the release (`npm run backfill -- customer-suppressions`, docs/runbook.md), and the local
 * cloud's on start. Sending does not wait for it: it reads the ledger itself.
 */
export async function backfillCustomerSuppressions(
  log: (line: string) => void = () => {},
  ledger = EMAIL_LEDGER_TABLE_NAME,
): Promise<{ found: number; marked: number }> {
  const { found, applied } = await applyToScanned<LedgerSuppression>(
    {
      TableName: ledger,
      FilterExpression: '#entity = :suppression',
      ProjectionExpression: '#seller, #address, #reason',
      ExpressionAttributeNames: { '#entity': '__edb_e__', '#seller': 'sellerId', '#address': 'address', '#reason': 'reason' },
      ExpressionAttributeValues: { ':suppression': 'emailSuppression' },
    },
    (s) => markCustomersWithAddress(s.sellerId, s.address, s.reason),
    log,
    (n, marked) => `customer email status: ${n} suppression(s) read so far, ${marked} customer(s) marked`,
  );
  return { found, marked: applied };
}
