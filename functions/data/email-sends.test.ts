import { describe, expect, it } from 'vitest';
import { emailSendEntity } from './email-entities.js';
import { claimWrite, sentWrite } from './email-sends.js';

/**
 * The batch's claims and marks skip ElectroDB's builder: what they write must stay what emailSendEntity writes
 * (keys, ownership attributes, defaults, conditions), or ElectroDB's own reads (the claim read back on a
 * redelivery) would not find them.
 */
describe('plain claim and sent writes', () => {
  const claim = { kind: 'reward-earned', category: 'marketing' as const, customerId: 'c1', to: 'ada@example.com', correlationId: 'corr-1' };

  it('a claim is the item and condition of emailSendEntity.create', () => {
    const at = '2026-11-26T01:00:00.000Z';
    const plain = claimWrite('s1', 'k1', claim, 60, at).Put;
    const { Item, ...rest } = emailSendEntity
      .create({ sellerId: 's1', sendKey: 'k1', ...claim, leaseUntil: plain.Item.leaseUntil, expiresAt: plain.Item.expiresAt })
      .params();
    expect(plain.Item).toEqual({ ...Item, createdAt: at, updatedAt: at });
    expect({ TableName: plain.TableName, ExpressionAttributeNames: plain.ExpressionAttributeNames }).toEqual({
      TableName: rest.TableName,
      ExpressionAttributeNames: rest.ExpressionAttributeNames,
    });
    expect(plain.ConditionExpression.replace(/\s+/g, '')).toBe(String(rest.ConditionExpression).replace(/\s+/g, ''));
  });

  it('a sent mark updates the same key and fields as emailSendEntity.patch, on an existing item only', () => {
    const plain = sentWrite({ sellerId: 's1', sendKey: 'k1', sesMessageId: 'ses-1', to: 'ada@example.com' }, 'T').Update;
    const electro = emailSendEntity
      .patch({ sellerId: 's1', sendKey: 'k1' })
      .set({ status: 'sent', sesMessageId: 'ses-1', sentAt: 'T', to: 'ada@example.com' })
      .params();
    expect(plain.Key).toEqual(electro.Key);
    expect(plain.TableName).toBe(electro.TableName);
    expect(plain.ConditionExpression.replace(/\s+/g, '')).toBe(String(electro.ConditionExpression).replace(/\s+/g, ''));
    const values = electro.ExpressionAttributeValues as Record<string, unknown>;
    expect(Object.values(plain.ExpressionAttributeValues).slice(0, 4)).toEqual([
      values[':status_u0'],
      values[':sesMessageId_u0'],
      values[':sentAt_u0'],
      values[':to_u0'],
    ]);
  });
});
