import { describe, expect, it } from 'vitest';
import { clearKept, currentBuild, keep, keptKey, readKept } from './kept';

/** localStorage's interface over a Map (the unit tests run in Node). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  failWrites = false;
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

const answer = { name: 'Ann Seller', customerCount: 3 };

describe('kept answers', () => {
  it("reads back a seller's answer kept by the same build", () => {
    const storage = new MemoryStorage();
    keep(storage, 'seller-a', 'dashboard', answer, '/assets/index-1.js');
    expect(readKept(storage, 'seller-a', 'dashboard', '/assets/index-1.js')).toEqual(answer);
  });

  it("never gives one seller's answer to another, nor to no one", () => {
    const storage = new MemoryStorage();
    keep(storage, 'seller-a', 'dashboard', answer, 'b1');
    expect(readKept(storage, 'seller-b', 'dashboard', 'b1')).toBeUndefined();
    expect(readKept(storage, undefined, 'dashboard', 'b1')).toBeUndefined();
  });

  it('ignores an answer kept by another build (its shape may have changed)', () => {
    const storage = new MemoryStorage();
    keep(storage, 'seller-a', 'dashboard', answer, 'b1');
    expect(readKept(storage, 'seller-a', 'dashboard', 'b2')).toBeUndefined();
  });

  it('clears every kept answer, whoever kept it, and nothing else', () => {
    const storage = new MemoryStorage();
    storage.setItem('lastActivityAt', '1');
    keep(storage, 'seller-a', 'dashboard', answer, 'b1');
    keep(storage, 'seller-a', 'sellerProfile', { plan: 'growth' }, 'b1');
    keep(storage, 'seller-b', 'dashboard', answer, 'b1');
    clearKept(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('lastActivityAt')).toBe('1');
  });

  it('survives storage that refuses writes or holds something unreadable', () => {
    const storage = new MemoryStorage();
    storage.failWrites = true;
    expect(() => keep(storage, 'seller-a', 'dashboard', answer, 'b1')).not.toThrow();
    storage.failWrites = false;
    storage.setItem(keptKey('seller-a', 'dashboard'), '{not json');
    expect(readKept(storage, 'seller-a', 'dashboard', 'b1')).toBeUndefined();
  });

  it("names the build by the page's entry script", () => {
    const doc = { querySelector: () => ({ getAttribute: () => '/assets/index-abc.js' }) } as unknown as Pick<Document, 'querySelector'>;
    expect(currentBuild(doc)).toBe('/assets/index-abc.js');
  });
});
