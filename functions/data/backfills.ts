import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus } from '../../shared/domain/orders.js';
import { orderEntity } from './entities.js';
import { isConditionFailure } from './errors.js';
import { client, TABLE_NAME } from './table.js';

/** What an order needs to have its status index keys built again. */
export interface OrderWithoutStatusKeys {
  sellerId: string;
  orderId: string;
  status: OrderStatus;
  orderDate: string;
}

/**
 * Orders written before the orders-by-status index (gsi3, docs/data-model.md "Orders by status") carry no gsi3 keys,
 * so a status page would miss them until their status is next written. This finds them with a Scan, which is why it
 * is an operator's one-off (`npm run backfill`, docs/runbook.md) and the local cloud's step on the start that adds the
 * index, never a request path. Pages are read one after another: a table's whole read capacity is not ours to take.
 */
export async function backfillOrdersByStatus(log: (line: string) => void = () => {}): Promise<{ found: number; updated: number }> {
  let found = 0;
  let updated = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression: '#entity = :order AND attribute_not_exists(gsi3pk)',
        ProjectionExpression: 'sellerId, orderId, #status, orderDate',
        ExpressionAttributeNames: { '#entity': '__edb_e__', '#status': 'status' },
        ExpressionAttributeValues: { ':order': 'order' },
        ExclusiveStartKey: start,
      }),
    );
    const orders = (page.Items ?? []) as OrderWithoutStatusKeys[];
    found += orders.length;
    for (const order of orders) if (await restoreStatusKeys(order)) updated += 1;
    if (orders.length > 0) log(`orders by status: ${updated} of ${found} orders indexed so far`);
    start = page.LastEvaluatedKey;
  } while (start);
  return { found, updated };
}

/**
 * Writes the order's status and date again as they are, which makes ElectroDB write the index keys built from them.
 * Only while the status is still the one read: a status changed since (a label bought meanwhile) wrote its own keys,
 * and writing the old status back would undo that change.
 */
export async function restoreStatusKeys(order: OrderWithoutStatusKeys): Promise<boolean> {
  try {
    await orderEntity
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
