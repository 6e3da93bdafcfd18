import { describe, expect, it } from 'vitest';
import { keysOf } from './email-reads.js';
import { customerKey, profileKey, suppressionKey } from './item-keys.js';

describe('email read keys', () => {
  it('are the seller, customer and suppression keys asked for', () => {
    expect(keysOf({ sellerId: 's-1', seller: true, customerId: 'c-9', address: 'Ada@Example.COM' })).toEqual({
      seller: profileKey('s-1'),
      customer: customerKey('s-1', 'c-9'),
      suppression: suppressionKey('s-1', 'ada@example.com'),
    });
  });

  it('are only those asked for', () => {
    expect(keysOf({ sellerId: 's-1', customerId: 'c-9' })).toEqual({ customer: customerKey('s-1', 'c-9') });
  });
});
