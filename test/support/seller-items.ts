import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/adapters/dynamo.js';
import { config } from '../../functions/config.js';
import { emailLedgerEntities } from '../../functions/data/email-entities.js';
import { everyEntity } from '../../functions/data/every-entity.js';

type Indexed = { schema: { indexes: unknown } };
/** The base-table partition templates of entities (every one starts with CONSULTANT#<id>, see docs/data-model.md). */
const partitionsOf = (entities: readonly Indexed[]) => [
  ...new Set(
    entities.flatMap((entity) =>
      Object.values(entity.schema.indexes as Record<string, { pk: { field: string; template?: string } }>)
        .filter((index) => index.pk.field === 'pk' && index.pk.template)
        .map((index) => index.pk.template as string),
    ),
  ),
];

/**
 * The partitions of a seller in the single table and in the email ledger, read from the models themselves so a new
 * partition is covered without editing a test.
 */
export const SELLER_PARTITIONS = partitionsOf(Object.values(everyEntity()));
const LEDGER_PARTITIONS = partitionsOf(Object.values(emailLedgerEntities()));

// ElectroDB's placeholder in the templates, written without a template literal on purpose.
export const SELLER_COMPOSITE = ['$', '{sellerId}'].join('');

/**
 * Every item of the seller in both tables, by a Query of each of its partitions (a Scan of the shared test table is
 * too slow).
 */
export async function everythingOf(sellerId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const partitions = [
    ...SELLER_PARTITIONS.map((template) => ({ table: config.TABLE_NAME, template })),
    ...LEDGER_PARTITIONS.map((template) => ({ table: config.EMAIL_LEDGER_TABLE_NAME, template })),
  ];
  for (const { table, template } of partitions) {
    if (!template.startsWith(`CONSULTANT#${SELLER_COMPOSITE}`)) throw new Error(`A partition outside the seller: ${template}`);
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient.send(
        new QueryCommand({
          TableName: table,
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
