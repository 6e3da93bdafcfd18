import { describe, expect, it } from 'vitest';
import { SendPacer } from './rate.js';

describe('send rate', () => {
  it('spaces sends 1/rate apart, whatever asks at once', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const pacer = new SendPacer(
      4,
      async (ms) => {
        waits.push(ms);
      },
      () => now,
    );
    await Promise.all([pacer.take(), pacer.take(), pacer.take()]);
    expect(waits).toEqual([250, 500]);
    now += 2_000;
    await pacer.take();
    expect(waits).toEqual([250, 500]);
  });

  it('a call of several emails takes a slot for each: the next send waits for all of them', async () => {
    const now = 1_000;
    const waits: number[] = [];
    const pacer = new SendPacer(
      10,
      async (ms) => {
        waits.push(ms);
      },
      () => now,
    );
    await pacer.take(5);
    await pacer.take();
    await pacer.take(3);
    expect(waits).toEqual([500, 600]);
  });
});
