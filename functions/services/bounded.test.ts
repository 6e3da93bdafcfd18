import { describe, expect, it } from 'vitest';
import { forgetOldest } from './bounded.js';

describe('forgetOldest', () => {
  it('keeps the newest entries of a Map, in insertion order', () => {
    const memory = new Map<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) {
      memory.set(key, i);
      forgetOldest(memory, 2);
    }
    expect([...memory]).toEqual([
      ['c', 2],
      ['d', 3],
    ]);
  });

  it('counts an entry deleted and set again as new', () => {
    const memory = new Set(['a', 'b']);
    memory.delete('a');
    memory.add('a');
    memory.add('c');
    forgetOldest(memory, 2);
    expect([...memory]).toEqual(['a', 'c']);
  });

  it('leaves a memory within its bound alone', () => {
    const memory = new Set(['a', 'b']);
    forgetOldest(memory, 2);
    expect([...memory]).toEqual(['a', 'b']);
  });
});
