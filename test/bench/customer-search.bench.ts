import { performance } from 'node:perf_hooks';
import { seedManyCustomers } from '../support/many-customers.js';

/**
 * Customer search over 10,000 customers of one seller: the term index (one prefix Query, 20 a page) against
 * what it replaces, reading the seller's whole customer list and filtering it (every item read, every time).
 * Scale: CUSTOMER_SEARCH_BENCH_CUSTOMERS (default 10,000), CUSTOMER_SEARCH_BENCH_RUNS (default 30 a query).
 */
const COUNT = Number(process.env.CUSTOMER_SEARCH_BENCH_CUSTOMERS ?? 10_000);
const RUNS = Number(process.env.CUSTOMER_SEARCH_BENCH_RUNS ?? 30);
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn(); // warm
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) };
}

export default async function bench(): Promise<void> {
  const { searchCustomers, listCustomersByName } = await import('../../functions/data/customers.js');
  const { searchPrefix, searchTerms } = await import('../../shared/domain/customer-search.js');

  const sellerId = `bench-${crypto.randomUUID()}`;
  const seeded = performance.now();
  await seedManyCustomers(sellerId, COUNT);
  console.log(`seeded ${COUNT} customers (+ search terms) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  /** The replaced approach: page through every customer and match in memory. */
  const readAllAndFilter = async (q: string) => {
    const prefix = searchPrefix(q);
    const found = [];
    let cursor: string | undefined;
    do {
      const page = await listCustomersByName(sellerId, { cursor, limit: 1000 });
      found.push(...page.customers.filter((c) => searchTerms(c).some((t) => t.startsWith(prefix))));
      cursor = page.cursor ?? undefined;
    } while (cursor && found.length < 20);
    return found.slice(0, 20);
  };

  console.log(`${RUNS} runs a query`);
  console.log('query            index p50/p95 ms   read-all p50/p95 ms   ratio (p50)');
  for (const q of ['quin', 'ava b', 'customer99', '5121004321']) {
    const index = await time(() => searchCustomers(sellerId, q));
    const naive = await time(() => readAllAndFilter(q));
    console.log(
      `${q.padEnd(16)} ${`${index.p50.toFixed(1)}/${index.p95.toFixed(1)}`.padStart(14)}   ${`${naive.p50.toFixed(1)}/${naive.p95.toFixed(1)}`.padStart(19)}   ${(naive.p50 / index.p50).toFixed(1)}x`,
    );
  }
}
