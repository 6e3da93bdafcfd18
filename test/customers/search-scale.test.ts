import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/dynamo.js';
import { searchCustomers } from '../../functions/data/customers.js';
import { seedManyCustomers } from '../support/many-customers.js';

/** Spec: search over 10,000 customers of one seller answers from a Query, never a Scan. */

const COUNT = 10_000;
const sellerId = `scale-${crypto.randomUUID()}`;

interface Seen {
  command: string;
  scanned?: number;
}
const seen: Seen[] = [];

beforeAll(async () => {
  await seedManyCustomers(sellerId, COUNT);

  documentClient.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const output = result.output as { ScannedCount?: number };
      seen.push({ command: context.commandName ?? '?', scanned: output.ScannedCount });
      return result;
    },
    { step: 'initialize', name: 'recordAccessPath' },
  );
}, 300_000);

afterAll(() => {
  documentClient.middlewareStack.remove('recordAccessPath');
});

describe('search over 10,000 customers', () => {
  it('finds the 25 Quincys with Queries that read only matching index items', async () => {
    seen.length = 0;
    const first = await searchCustomers(sellerId, 'quin');
    expect(first.customers).toHaveLength(20);
    expect(first.customers.every((c) => c.firstName === 'Quincy')).toBe(true);
    const second = await searchCustomers(sellerId, 'quin', { cursor: first.cursor! });
    expect(second.customers).toHaveLength(5);

    // the SDK's own command names (the document client's commands are marshalled into these)
    expect(seen.some((s) => s.command.startsWith('Scan'))).toBe(false);
    const queries = seen.filter((s) => s.command === 'QueryCommand');
    expect(queries.length).toBeGreaterThan(0);
    // The Queries read the 25 matching terms (plus at most a page boundary), not the seller's 40,000 items.
    const scanned = queries.reduce((n, q) => n + (q.scanned ?? 0), 0);
    expect(scanned).toBeLessThanOrEqual(30);
    expect(seen.filter((s) => s.command !== 'QueryCommand').map((s) => s.command)).toEqual(['BatchGetItemCommand', 'BatchGetItemCommand']);
  });

  it('finds one customer by phone digits among 10,000', async () => {
    seen.length = 0;
    const { customers } = await searchCustomers(sellerId, '(512) 100-4321');
    expect(customers.map((c) => c.customerId)).toEqual(['c04321']);
    expect(seen.some((s) => s.command.startsWith('Scan'))).toBe(false);
    expect(seen.filter((s) => s.command === 'QueryCommand').reduce((n, q) => n + (q.scanned ?? 0), 0)).toBe(1);
  });
});
