import { describe, expect, it } from 'vitest';
import {
  AUTO_RECHARGE_OPTIONS,
  autoRechargeAmount,
  type BillingFormOptions,
  billingFormSchema,
  DEFAULT_AUTO_RECHARGE,
  DESIGN_AUTO_RECHARGE_OPTIONS,
  packageFromUrl,
  storedZip,
} from './billing.js';

const settings: BillingFormOptions = { context: 'settings', achDisabled: false, requiresLinkedBank: false };
const card = { method: 'credit', name: 'Ada Lovelace', accountNumber: '4242424242424242', expiration: '12/29', cvv: '123', zip: '78701', autoRechargeAmount: 25 } as const;
const bank = { method: 'bank', name: 'Ada Lovelace', routingNumber: '110000000', accountNumber: '000123456789', accountType: 'checking', holderType: 'individual', zip: '78701', autoRechargeAmount: 25 } as const;

function errors(form: object, options = settings): Record<string, string> {
  const r = billingFormSchema(options).safeParse(form);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('billing form rules (spec section 5)', () => {
  it('accepts a complete card and a complete bank', () => {
    expect(errors(card)).toEqual({});
    expect(errors(bank)).toEqual({});
  });

  it.each(['12/29', '01/2031', '09/30'])('expiration %s is MM/YY or MM/YYYY', (expiration) => {
    expect(errors({ ...card, expiration })).toEqual({});
  });

  it.each(['13/29', '1/29', '12/2', '12-29', '12/299'])('expiration %s is refused', (expiration) => {
    expect(errors({ ...card, expiration }).expiration).toBe('Expiration must be MM/YY or MM/YYYY.');
  });

  it('ZIP of a new card needs at least 5 characters and is stored as its first 5', () => {
    expect(errors({ ...card, zip: '7870' }).zip).toBe('ZIP must be at least 5 characters.');
    expect(storedZip('78701-1234')).toBe('78701');
  });

  it('name is required', () => {
    expect(errors({ ...card, name: '  ' }).name).toBe('Name is required.');
  });

  it('recharge amount is required except in signup, activate and shipping', () => {
    const { autoRechargeAmount: _, ...noRecharge } = card;
    expect(errors(noRecharge).autoRechargeAmount).toBe('Choose a recharge amount.');
    expect(errors(noRecharge, { ...settings, context: 'payment' }).autoRechargeAmount).toBe('Choose a recharge amount.');
    for (const context of ['signup', 'activate', 'shipping'] as const) expect(errors(noRecharge, { ...settings, context })).toEqual({});
  });

  it('every card field is required', () => {
    for (const f of ['accountNumber', 'expiration', 'cvv', 'zip']) {
      expect(errors({ ...card, [f]: '' })[f]).toBe('All card fields are required.');
    }
  });

  it('every bank field is required', () => {
    for (const f of ['routingNumber', 'accountNumber', 'accountType', 'holderType', 'zip']) {
      expect(errors({ ...bank, [f]: '' })[f]).toBe('All bank fields are required.');
    }
    expect(errors({ ...bank, name: '' }).name).toBe('Name is required.');
  });

  it('a bank\'s routing number is 9 digits and its ZIP at least 5 characters', () => {
    expect(errors({ ...bank, routingNumber: '11000000' }).routingNumber).toBe('Routing number must be 9 digits.');
    expect(errors({ ...bank, zip: '787' }).zip).toBe('ZIP must be at least 5 characters.');
  });

  it('a payment method must be selected', () => {
    expect(errors({ name: 'Ada', autoRechargeAmount: 25 }).method).toBe('A payment method must be selected.');
  });

  it('the saved method (existing card) needs nothing typed again, not even the name', () => {
    expect(errors({ method: 'existing', autoRechargeAmount: 25 })).toEqual({});
    expect(errors({ method: 'existing' }).autoRechargeAmount).toBe('Choose a recharge amount.');
  });

  it('only credit when ACH is disabled', () => {
    expect(errors(bank, { ...settings, achDisabled: true }).method).toBe('Only credit cards can be used on this account.');
    expect(errors(card, { ...settings, achDisabled: true })).toEqual({});
  });

  it('Stripe or Shopify with bank needs a linked bank', () => {
    const linkedOnly = { ...settings, requiresLinkedBank: true };
    expect(errors({ method: 'bank', name: 'Ada', autoRechargeAmount: 25 }, linkedOnly).bankLast4).toBe('Link your bank account to continue.');
    expect(errors({ method: 'bank', name: 'Ada', autoRechargeAmount: 25, bankLast4: '6789' }, linkedOnly)).toEqual({});
  });

  it('URL package accepted only growth, starter or executive', () => {
    expect(packageFromUrl('growth')).toBe('growth');
    expect(packageFromUrl('Executive')).toBe('executive');
    for (const v of ['plus', 'base', 'gold', '', null, undefined]) expect(packageFromUrl(v)).toBeUndefined();
  });
});

describe('auto-recharge options (spec section 9)', () => {
  it('lists the amounts; the design layout omits 75, 150, 250, 300, 400, 2000; default 25', () => {
    expect(AUTO_RECHARGE_OPTIONS).toEqual([0.01, 10, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 1000, 2000]);
    expect(DESIGN_AUTO_RECHARGE_OPTIONS).toEqual([0.01, 10, 25, 50, 100, 200, 500, 1000]);
    expect(DEFAULT_AUTO_RECHARGE).toBe(25);
  });

  it('accepts 0 (postage off) and the listed amounts only', () => {
    expect(autoRechargeAmount.safeParse(0).success).toBe(true);
    expect(autoRechargeAmount.safeParse(2000).success).toBe(true);
    expect(autoRechargeAmount.safeParse(33).success).toBe(false);
  });
});
