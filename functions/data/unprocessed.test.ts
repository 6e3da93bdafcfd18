import { describe, expect, it } from 'vitest';
import { retryUnprocessed } from './unprocessed.js';

/** A send that leaves unprocessed, at each request, the items `left` names for it (none once it runs out). */
function throttled(left: string[][]) {
  const requests: string[][] = [];
  const send = async (pending: string[]) => {
    requests.push(pending);
    const unprocessed = left[requests.length - 1] ?? [];
    return pending.filter((item) => unprocessed.includes(item));
  };
  return { send, requests };
}

function recordedSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('retryUnprocessed', () => {
  it('sends again only what was left unprocessed, until nothing is', async () => {
    const { send, requests } = throttled([['b', 'c', 'd'], ['d']]);
    const { waits, sleep } = recordedSleep();
    const result = await retryUnprocessed(['a', 'b', 'c', 'd'], send, { tries: 8, sleep, random: () => 1 });
    expect(result).toEqual({ unprocessed: [] });
    expect(requests).toEqual([['a', 'b', 'c', 'd'], ['b', 'c', 'd'], ['d']]);
    expect(waits).toHaveLength(2);
  });

  it('sends nothing, and never waits, when all goes at once or there is nothing to send', async () => {
    const { waits, sleep } = recordedSleep();
    const once = throttled([]);
    expect(await retryUnprocessed(['a'], once.send, { tries: 8, sleep })).toEqual({ unprocessed: [] });
    expect(once.requests).toEqual([['a']]);
    const none = throttled([]);
    expect(await retryUnprocessed([], none.send, { tries: 8, sleep })).toEqual({ unprocessed: [] });
    expect(none.requests).toEqual([]);
    expect(waits).toEqual([]);
  });

  it('makes at most `tries` requests and returns what is still unprocessed, without a wait after the last', async () => {
    const { send, requests } = throttled(Array.from({ length: 10 }, () => ['b', 'c']));
    const { waits, sleep } = recordedSleep();
    expect(await retryUnprocessed(['a', 'b', 'c'], send, { tries: 4, sleep, random: () => 1 })).toEqual({ unprocessed: ['b', 'c'] });
    expect(requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('waits a random part of a ceiling that doubles at each retry up to a second', async () => {
    const { send } = throttled(Array.from({ length: 10 }, () => ['a']));
    const { waits, sleep } = recordedSleep();
    await retryUnprocessed(['a'], send, { tries: 8, sleep, random: () => 1 });
    expect(waits).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);

    const jittered = recordedSleep();
    const dice = [0.5, 0.25, 0, 0.75];
    await retryUnprocessed(['a'], throttled(Array.from({ length: 10 }, () => ['a'])).send, {
      tries: 5,
      sleep: jittered.sleep,
      random: () => dice.shift() ?? 1,
    });
    expect(jittered.waits).toEqual([50, 50, 0, 600]);
  });
});
