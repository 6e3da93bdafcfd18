import { describe, expect, it } from 'vitest';
import { emailSendEntity } from './email-entities.js';
import { claimWrite, sentItem } from './email-sends.js';

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

  it('a sent record is the item emailSendEntity.put writes for the claim, sent', () => {
    const at = '2026-11-26T01:00:00.000Z';
    const plain = sentItem({ sellerId: 's1', sendKey: 'k1', sesMessageId: 'ses-1', to: 'new@example.com', created: claim }, at);
    const { Item } = emailSendEntity
      .put({
        sellerId: 's1',
        sendKey: 'k1',
        ...claim,
        to: 'new@example.com',
        status: 'sent',
        leaseUntil: at,
        attempts: 1,
        sesMessageId: 'ses-1',
        sentAt: at,
        expiresAt: plain.expiresAt,
      })
      .params<{ Item: Record<string, unknown> }>();
    expect(plain).toEqual({ ...Item, createdAt: at, updatedAt: at });
  });
});
