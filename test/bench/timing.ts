import { performance } from 'node:perf_hooks';

export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Runs `fn` once to warm up, then `runs` times; the median and 95th percentile in ms. */
export async function time(fn: () => Promise<unknown>, runs = 30): Promise<{ p50: number; p95: number }> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) };
}
