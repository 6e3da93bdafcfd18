import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/adapters/dynamo.js';
import { config } from '../../functions/config.js';
import { desk } from '../../functions/data/service.js';

/**
 * The base-table partitions of a seller: every entity's pk template (they all start with CONSULTANT#<id>, see
 * docs/data-model.md), read from the models themselves so a new partition is covered without editing a test.
 */
export const SELLER_PARTITIONS = [
  ...new Set(
    Object.values(desk.entities).flatMap((entity) =>
      Object.values(entity.schema.indexes as Record<string, { pk: { field: string; template?: string } }>)
        .filter((index) => index.pk.field === 'pk' && index.pk.template)
        .map((index) => index.pk.template as string),
    ),
  ),
];

// ElectroDB's placeholder in the templates, written without a template literal on purpose.
export const SELLER_COMPOSITE = ['$', '{sellerId}'].join('');

/** Every item of the seller, by a Query of each of its partitions (a Scan of the shared test table is too slow). */
export async function everythingOf(sellerId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (const template of SELLER_PARTITIONS) {
    if (!template.startsWith(`CONSULTANT#${SELLER_COMPOSITE}`)) throw new Error(`A partition outside the seller: ${template}`);
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient.send(
        new QueryCommand({
          TableName: config.TABLE_NAME,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': template.replace(SELLER_COMPOSITE, sellerId) },
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return items.sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
}
