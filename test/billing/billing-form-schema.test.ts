import { describe, expect, it } from 'vitest';
import { billingFormSchema } from '../../shared/schemas/billing.js';

const options = { context: 'settings', achDisabled: false, requiresLinkedBank: false } as const;
const newCard = {
  method: 'credit',
  name: 'Demo Seller',
  firstName: 'Demo',
  lastName: 'Seller',
  address1: '1 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  autoRechargeAmount: 25,
} as const;

function fieldErrors(result: ReturnType<ReturnType<typeof billingFormSchema>['safeParse']>) {
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('billingFormSchema: a new card', () => {
  it('typed into our inputs needs number, expiration and CVV', () => {
    expect(fieldErrors(billingFormSchema(options).safeParse(newCard))).toEqual({
      accountNumber: 'All card fields are required.',
      expiration: 'All card fields are required.',
      cvv: 'All card fields are required.',
    });
  });

  it('typed into the processor\'s element (Stripe.js) needs only the name and billing address from the form', () => {
    const schema = billingFormSchema({ ...options, processorCardEntry: true });
    expect(schema.safeParse(newCard).success).toBe(true);
    expect(fieldErrors(schema.safeParse({ ...newCard, name: '', zip: '787' }))).toEqual({
      name: 'Name is required.',
      zip: 'ZIP must be at least 5 characters.',
    });
    expect(fieldErrors(schema.safeParse({ ...newCard, zip: '' }))).toEqual({ zip: 'All card fields are required.' });
  });
});
