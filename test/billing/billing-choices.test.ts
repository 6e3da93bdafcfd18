import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../shared/domain/plans.js';
import { AUTO_RECHARGE_OPTIONS, DEFAULT_AUTO_RECHARGE } from '../../shared/schemas/billing.js';
import { chargeTodayCents, initialRecharge, LAYOUT_CONTEXT, methodChoices, pendingChangeNotice, rechargeOptions } from '../../web/src/features/billing/billing-choices.js';

const nothingPending = { cancellationPending: false, pendingPlan: undefined, socialLogin: false };

describe('billing form layouts (spec sections 2 and 9)', () => {
  it('the design layout omits 75, 150, 250, 300, 400 and 2000; settings and shipping offer every amount', () => {
    expect(rechargeOptions('design')).toEqual([0.01, 10, 25, 50, 100, 200, 500, 1000]);
    expect(rechargeOptions('settings')).toEqual(AUTO_RECHARGE_OPTIONS);
    expect(rechargeOptions('shipping')).toEqual(AUTO_RECHARGE_OPTIONS);
  });

  it('only the settings and design (payment) layouts require a recharge amount', () => {
    expect(LAYOUT_CONTEXT).toEqual({ design: 'payment', settings: 'settings', shipping: 'shipping' });
  });

  it('starts at $25, or at the saved amount where the layout offers it', () => {
    expect(initialRecharge('design', undefined)).toBe(DEFAULT_AUTO_RECHARGE);
    expect(initialRecharge('settings', 150)).toBe(150);
    // 150 is not an option of the design layout.
    expect(initialRecharge('design', 150)).toBe(DEFAULT_AUTO_RECHARGE);
    expect(initialRecharge('settings', 0)).toBe(0);
    // The shipping layout is where postage is turned back on.
    expect(initialRecharge('shipping', 0)).toBe(DEFAULT_AUTO_RECHARGE);
  });
});

describe('pending cancellation or downgrade asks confirmation before the billing save (spec sections 4 and 6)', () => {
  it('saves straight on when nothing is pending, or when the pending plan is the one saved', () => {
    expect(pendingChangeNotice(nothingPending, 'growth')).toBeUndefined();
    expect(pendingChangeNotice({ ...nothingPending, pendingPlan: 'starter' }, 'starter')).toBeUndefined();
  });

  it('asks about a pending cancellation and a pending downgrade, naming the plans', () => {
    expect(pendingChangeNotice({ ...nothingPending, cancellationPending: true }, 'growth')).toBe(
      'Your plan is set to be cancelled. Saving this payment method keeps your Growth plan active and withdraws the cancellation.',
    );
    expect(pendingChangeNotice({ ...nothingPending, pendingPlan: 'starter' }, 'growth')).toBe(
      'Your plan is set to change to Starter at your next charge. Saving with Growth replaces that change.',
    );
  });

  it('social-login accounts are not asked', () => {
    expect(pendingChangeNotice({ cancellationPending: true, pendingPlan: 'starter', socialLogin: true }, 'growth')).toBeUndefined();
  });
});

describe('payment method choice (spec sections 5 and 6)', () => {
  it('offers a card or a bank account, and the saved method first when there is one', () => {
    expect(methodChoices({ achDisabled: false })).toEqual([
      { value: 'credit', label: 'Credit card' },
      { value: 'bank', label: 'Bank account' },
    ]);
    expect(methodChoices({ saved: 'Visa ending 4242, expires 12/2030', achDisabled: false })).toEqual([
      { value: 'existing', label: 'Use Visa ending 4242, expires 12/2030' },
      { value: 'credit', label: 'Use a new card' },
      { value: 'bank', label: 'Use a new bank account' },
    ]);
  });

  it('an ACH-disabled account is offered cards only', () => {
    expect(methodChoices({ achDisabled: true }).map((c) => c.value)).toEqual(['credit']);
    expect(methodChoices({ saved: 'Visa ending 4242', achDisabled: true }).map((c) => c.value)).toEqual(['existing', 'credit']);
  });
});

describe('chargeTodayCents: what "Pay and Start" charges, as the server does', () => {
  const prices = DEFAULT_PRICES;
  it('the plan and period already paid for is not offered again; not paid yet, it is one whole period', () => {
    expect(chargeTodayCents({ plan: 'growth', annual: false, planPaid: true }, { plan: 'growth', annual: false }, prices)).toBeNull();
    expect(chargeTodayCents({ plan: 'growth', annual: false, planPaid: false }, { plan: 'growth', annual: false }, prices)).toBe(1900);
  });

  it('a higher plan or annual billing is a whole period at the new price, never prorated', () => {
    expect(chargeTodayCents({ plan: 'starter', annual: false, planPaid: true }, { plan: 'executive', annual: false }, prices)).toBe(2900);
    expect(chargeTodayCents({ plan: 'growth', annual: false, planPaid: true }, { plan: 'growth', annual: true }, prices)).toBe(16_800);
  });

  it('a lower plan than the one paid for waits for the next charge', () => {
    expect(chargeTodayCents({ plan: 'executive', annual: false, planPaid: true }, { plan: 'starter', annual: false }, prices)).toBe(0);
    expect(chargeTodayCents({ plan: 'executive', annual: false, planPaid: false }, { plan: 'starter', annual: false }, prices)).toBe(500);
  });
});
