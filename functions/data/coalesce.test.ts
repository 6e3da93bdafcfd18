import { describe, expect, it } from 'vitest';
import { coalesced, readTogether } from './coalesce.js';

describe('coalesced', () => {
  it('joins the calls of one turn into one run, answers each in order, and starts a new run for the next turn', async () => {
    const runs: number[][] = [];
    const double = coalesced(async (items: number[]) => {
      runs.push(items);
      return items.map((i) => i * 2);
    }, 100);
    expect(await Promise.all([1, 2, 2, 3].map(double))).toEqual([2, 4, 4, 6]);
    expect(await double(5)).toBe(10);
    expect(runs).toEqual([[1, 2, 2, 3], [5]]);
  });

  it('runs at most `max` items at once', async () => {
    const runs: number[][] = [];
    const same = coalesced(async (items: number[]) => {
      runs.push(items);
      return items;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map(same));
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('oneAtATime: a run begins only when the one before has ended, with every call that came meanwhile', async () => {
    const runs: number[][] = [];
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const write = coalesced(
      async (items: number[]) => {
        runs.push(items);
        most = Math.max(most, ++inFlight);
        if (runs.length === 1) await gate;
        inFlight--;
        return items;
      },
      3,
      { oneAtATime: true },
    );
    const first = write(1);
    await new Promise((r) => setImmediate(r));
    // Asked in three later turns while the first run is held: they wait for it, then go as runs of at most 3.
    const later: Promise<number>[] = [];
    for (const n of [2, 3, 4, 5]) {
      later.push(write(n));
      await new Promise((r) => setImmediate(r));
    }
    expect(runs).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1], [2, 3, 4], [5]]);
    expect(most).toBe(1);
  });

  it('an Error answer fails its own call only; a run that throws fails every call of it', async () => {
    const check = coalesced(async (items: number[]) => items.map((i) => (i < 0 ? new Error(`negative ${i}`) : i)), 10);
    const settled = await Promise.allSettled([1, -1, 2].map(check));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const broken = coalesced(async (): Promise<number[]> => {
      throw new Error('down');
    }, 10);
    await expect(Promise.all([broken(1), broken(2)])).rejects.toThrow('down');
  });
});

describe('readTogether', () => {
  it('reads the distinct keys of one turn once and answers every caller with its own item, undefined when missing', async () => {
    const reads: string[][] = [];
    const stored = new Map([['a', { id: 'a', n: 1 }], ['b', { id: 'b', n: 2 }]]);
    const read = readTogether(
      (key: string) => key,
      async (keys) => {
        reads.push(keys);
        return keys.flatMap((k) => stored.get(k) ?? []);
      },
      (item) => item.id,
    );
    expect(await Promise.all(['a', 'b', 'a', 'z'].map(read))).toEqual([{ id: 'a', n: 1 }, { id: 'b', n: 2 }, { id: 'a', n: 1 }, undefined]);
    // A later turn reads again: what it answers is never older than the call.
    stored.set('a', { id: 'a', n: 3 });
    expect(await read('a')).toEqual({ id: 'a', n: 3 });
    expect(reads).toEqual([['a', 'b', 'z'], ['a']]);
  });
});
