import { describe, expect, it } from 'vitest';
import { emailSuppressionEntity } from './email-entities.js';
import { keysOf } from './email-reads.js';
import { consultantEntity, customerEntity } from './entities.js';

/** The email read's keys skip the entities' builders: they must stay the keys the entities read and write. */
describe('email read keys', () => {
  it('are the seller, customer and suppression keys of their entities', () => {
    const keys = keysOf({ sellerId: 's-1', seller: true, customerId: 'c-9', address: ' Ada@Example.COM ' });
    expect(keys).toEqual({
      seller: consultantEntity.get({ sellerId: 's-1' }).params().Key,
      customer: customerEntity.get({ sellerId: 's-1', customerId: 'c-9' }).params().Key,
      suppression: emailSuppressionEntity.get({ sellerId: 's-1', address: 'ada@example.com' }).params().Key,
    });
  });

  it('are only those asked for', () => {
    expect(keysOf({ sellerId: 's-1', customerId: 'c-9' })).toEqual({ customer: customerEntity.get({ sellerId: 's-1', customerId: 'c-9' }).params().Key });
  });
});
