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

const settings: BillingFormOptions = { context: 'settings', achDisabled: false, requiresLinkedBank: false, today: new Date(2026, 10, 25) };
const card = {
  method: 'credit',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Congress Ave',
  city: 'Austin',
  state: 'TX',
  accountNumber: '4242424242424242',
  expiration: '12/29',
  cvv: '123',
  zip: '78701',
  autoRechargeAmount: 25,
} as const;
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
    for (const f of ['firstName', 'lastName', 'address1', 'city', 'state', 'accountNumber', 'expiration', 'cvv', 'zip']) {
      expect(errors({ ...card, [f]: '' })[f]).toBe('All card fields are required.');
    }
  });

  it.each(['12a', 'abc', '12', '12345', '1 3'])('CVV %s is refused: 3 or 4 digits only', (cvv) => {
    expect(errors({ ...card, cvv }).cvv).toBe('CVV must be 3 or 4 digits.');
  });

  it.each(['123', '1234'])('CVV %s is accepted', (cvv) => {
    expect(errors({ ...card, cvv })).toEqual({});
  });

  it.each(['7870A', 'ABCDE', '78701-12a4', '787011'])('ZIP %s is refused: 5 digits or ZIP+4', (zip) => {
    expect(errors({ ...card, zip }).zip).toBe('ZIP must be 5 digits (or ZIP+4).');
  });

  it.each(['78701', '78701-1234', '787011234'])('ZIP %s is accepted', (zip) => {
    expect(errors({ ...card, zip })).toEqual({});
  });

  it('a card number passes the Luhn check and has only digits, spaces or dashes', () => {
    expect(errors({ ...card, accountNumber: '4242 4242 4242 4242' })).toEqual({});
    for (const accountNumber of ['4242424242424241', '4242a24242424242', '4242']) {
      expect(errors({ ...card, accountNumber }).accountNumber).toBe('Card number is not valid.');
    }
  });

  it('a card past its expiry month is refused; the current month is still good', () => {
    expect(errors({ ...card, expiration: '10/26' }).expiration).toBe('This card has expired.');
    expect(errors({ ...card, expiration: '11/26' })).toEqual({});
    expect(errors({ ...card, expiration: '11/2026' })).toEqual({});
  });

  it('the state is a US state code', () => {
    expect(errors({ ...card, state: 'Texas' }).state).toBe('Choose a state.');
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
