import { describe, expect, it } from 'vitest';
import { aggregateEntity } from './aggregate-entities.js';
import { emailSuppressionEntity } from './email-entities.js';
import { consultantEntity, customerEntity, orderEntity, rewardSettingsEntity } from './entities.js';
import { aggregateKey, billingKey, customerKey, orderKey, postageKey, profileKey, rewardSettingsKey, shipmentMonthKey, suppressionKey } from './item-keys.js';
import { billingEntity } from './payments.js';
import { postageEntity, shipmentMonthEntity } from './shipping-entities.js';

/** The keys written out skip the entities' builders: they must stay the keys the entities read and write. */
describe('item keys', () => {
  it('are the profile, postage, billing, rewards program, customer, order, suppression and aggregate keys of their entities', () => {
    expect(profileKey('s-1')).toEqual(consultantEntity().get({ sellerId: 's-1' }).params().Key);
    expect(postageKey('s-1')).toEqual(postageEntity().get({ sellerId: 's-1' }).params().Key);
    expect(shipmentMonthKey('s-1', '2026-11')).toEqual(shipmentMonthEntity().get({ sellerId: 's-1', month: '2026-11' }).params().Key);
    expect(billingKey('s-1')).toEqual(billingEntity().get({ sellerId: 's-1' }).params().Key);
    expect(rewardSettingsKey('s-1')).toEqual(rewardSettingsEntity().get({ sellerId: 's-1' }).params().Key);
    expect(customerKey('s-1', 'c-9')).toEqual(customerEntity().get({ sellerId: 's-1', customerId: 'c-9' }).params().Key);
    expect(orderKey('s-1', 'o-7')).toEqual(orderEntity().get({ sellerId: 's-1', orderId: 'o-7' }).params().Key);
    expect(suppressionKey('s-1', ' Ada@Example.COM ')).toEqual(emailSuppressionEntity().get({ sellerId: 's-1', address: 'ada@example.com' }).params().Key);
    expect(aggregateKey('s-1', 'customer', '2026-01-02', 'Cust-9')).toEqual(
      aggregateEntity().get({ sellerId: 's-1', kind: 'customer', day: '2026-01-02', key: 'Cust-9' }).params().Key,
    );
  });
});
