import { describe, expect, it } from 'vitest';
import { emailReceiptEntity, emailSendEntity } from './email-entities.js';
import { claimWrite, receiptItem } from './email-sends.js';

/**
 * The batch's claims skip ElectroDB's builder: what they write must stay what emailSendEntity writes
 * (keys, ownership attributes, defaults, conditions), or ElectroDB's own reads (the claim read back on a
 * redelivery) would not find them.
 */
describe('plain claim and receipt writes', () => {
  const claim = { kind: 'reward-earned', category: 'marketing' as const, customerId: 'c1', to: 'ada@example.com', correlationId: 'corr-1' };

  it('a claim is the item and condition of emailSendEntity().create', () => {
    const at = '2026-11-26T01:00:00.000Z';
    const plain = claimWrite('s1', 'k1', claim, 60, 'r1', at).Put;
    const { Item, ...rest } = emailSendEntity()
      .create({ sellerId: 's1', sendKey: 'k1', ...claim, receipt: 'r1', leaseUntil: plain.Item.leaseUntil, expiresAt: plain.Item.expiresAt })
      .params();
    expect(plain.Item).toEqual({ ...Item, createdAt: at, updatedAt: at });
    expect({ TableName: plain.TableName, ExpressionAttributeNames: plain.ExpressionAttributeNames }).toEqual({
      TableName: rest.TableName,
      ExpressionAttributeNames: rest.ExpressionAttributeNames,
    });
    expect(plain.ConditionExpression.replace(/\s+/g, '')).toBe(String(rest.ConditionExpression).replace(/\s+/g, ''));
  });

  it('a receipt part is the item emailReceiptEntity().put writes, and names the claim', () => {
    const sent = { k1: { sesMessageId: 'ses-1', to: 'ada@example.com', sentAt: '2026-11-26T01:00:00.000Z' } };
    const plain = receiptItem('s1', 'r1', sent, 'p1');
    const { Item } = emailReceiptEntity()
      .put({ sellerId: 's1', receipt: 'r1', part: 'p1', sent, expiresAt: plain.expiresAt as number })
      .params<{ Item: Record<string, unknown> }>();
    expect({ ...plain, createdAt: 'x', updatedAt: 'x' }).toEqual({ ...Item, createdAt: 'x', updatedAt: 'x' });
    expect(plain).toMatchObject({ pk: 'CONSULTANT#s1', sk: 'EMAILRECEIPT#r1#p1' });
  });
});
