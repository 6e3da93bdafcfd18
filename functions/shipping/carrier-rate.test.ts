import { describe, expect, it } from 'vitest';
import { CarrierRate } from './carrier-rate.js';

/** Calls made one after another against a clock that only moves while a call sleeps: when each went. */
async function oneAfterAnother(perSecond: number, n: number): Promise<number[]> {
  let now = 0;
  const rate = new CarrierRate(
    perSecond,
    async (ms) => {
      now += ms;
    },
    () => now,
  );
  const went: number[] = [];
  for (let i = 0; i < n; i++) {
    await rate.take();
    went.push(now);
  }
  return went;
}

/** The most calls in any window of `windowMs` among `times`. */
const busiest = (times: number[], windowMs: number) => Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));

describe('CarrierRate', () => {
  it('lets a second\'s worth of calls go at once and holds the rest to the limit in every second', async () => {
    const went = await oneAfterAnother(10, 25);
    expect(went.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(went.slice(10, 20)).toEqual(Array(10).fill(1000));
    expect(went.slice(20)).toEqual(Array(5).fill(2000));
    expect(busiest(went, 1000)).toBe(10);
  });

  it('reserves slots for calls asked together, in order, never more than the limit in a second', async () => {
    let now = 0;
    const wakes: number[] = [];
    const rate = new CarrierRate(
      4,
      async (ms) => {
        wakes.push(now + ms);
      },
      () => now,
    );
    // Ten purchases ask in one turn: four go now, the others are given the next slots.
    await Promise.all(Array.from({ length: 10 }, () => rate.take()));
    expect(wakes).toEqual([1000, 1000, 1000, 1000, 2000, 2000]);
    now = 2500;
    await rate.take();
    expect(wakes).toHaveLength(6);
  });

  it('below one call a second, spaces the calls by the whole period', async () => {
    expect(await oneAfterAnother(0.5, 3)).toEqual([0, 2000, 4000]);
  });
});
