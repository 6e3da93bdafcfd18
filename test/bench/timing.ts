import { readdirSync, readFileSync } from 'node:fs';
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

/**
 * CPU seconds used so far by this process (the local cloud: S3, SQS, the worker) and by its child processes
 * (DynamoDB Local), read from /proc: a loaded machine stretches wall time, much less the CPU a row costs.
 */
function cpuNow(): { self: number; children: number } {
  const self = process.cpuUsage();
  let children = 0;
  try {
    const tick = 100;
    const stats = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .flatMap((pid) => {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
          return [{ pid: Number(pid), ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / tick }];
        } catch {
          return [];
        }
      });
    const mine = new Set([process.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of stats) {
        if (mine.has(p.pid) || !mine.has(p.ppid)) continue;
        mine.add(p.pid);
        grew = true;
      }
    }
    for (const p of stats) if (p.pid !== process.pid && mine.has(p.pid)) children += p.cpu;
  } catch {
    // No /proc (not Linux): the children's CPU is not known.
  }
  return { self: (self.user + self.system) / 1e6, children };
}

export async function cpuDuring<T>(fn: () => Promise<T>): Promise<{ value: T; cpu: { self: number; children: number } }> {
  const before = cpuNow();
  const value = await fn();
  const after = cpuNow();
  return { value, cpu: { self: after.self - before.self, children: after.children - before.children } };
}

