import { describe, expect, it } from 'vitest';
import { safeNext } from '../../web/src/features/auth/next.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { api, errorOf, GENERIC_ERROR } from '../../web/src/lib/api.js';

describe('safeNext (where sign-in leads)', () => {
  it('follows paths on this site', () => {
    expect(safeNext('/customers')).toBe('/customers');
    expect(safeNext('/rewards/history?customerId=c1#top')).toBe('/rewards/history?customerId=c1#top');
  });
  it('refuses other sites, the login pages and nothing at all', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'customers', '/login', '/login?next=/x', '/logout', '', null, undefined]) {
      expect(safeNext(bad)).toBe('/dashboard');
    }
  });
});

describe('api()', () => {
  it('is typed by the route table (the calls below are compiled by `npm run typecheck`, not made)', () => {
    const calls = () => {
      void api('consultant.dashboard');
      void api('customers.get', { query: { id: 'c1' } });
      void api('customers.search', { query: { q: 'da' } });
      void api('rewards.createRewardsAdjustment', { body: { customerID: 'c1', amount: 5 } });
      void api('customers.upload', { body: new FormData() });
      // @ts-expect-error no such route
      void api('customers.nope');
      // @ts-expect-error the id is required
      void api('customers.get');
      // @ts-expect-error the query has no such field
      void api('customers.get', { query: { customerId: 'c1' } });
      // @ts-expect-error amount is a number
      void api('rewards.createRewardsAdjustment', { body: { customerID: 'c1', amount: '5' } });
    };
    expect(calls).toBeTypeOf('function');
  });
  it("answers the route's response schema's type (compiled, not run)", () => {
    const answers = async () => {
      const dashboard = await api('consultant.dashboard');
      const count: number = dashboard.customerCount;
      const page = await api('customers.search', { query: { q: 'da' } });
      const first: string | undefined = page.customers[0]?.customerID;
      // @ts-expect-error the dashboard has no such field
      void dashboard.nope;
      return [count, first];
    };
    expect(answers).toBeTypeOf('function');
  });
});

describe('errorOf (the message a failed call shows)', () => {
  it('shows a 4xx message and its field errors as the server sent them', () => {
    const err = errorOf(409, { message: MESSAGES.ordersPending, code: 'OrdersPending' });
    expect(err.message).toBe(MESSAGES.ordersPending);
    expect(errorOf(400, { message: MESSAGES.invalid, errors: { amount: MESSAGES.rewardsBelowZero, x: 1 } }).errors).toEqual({ amount: MESSAGES.rewardsBelowZero });
  });
  it('shows a 5xx message when it is one of the catalogue (spec section 8)', () => {
    expect(errorOf(500, { message: MESSAGES.mergeFailed }).message).toBe(MESSAGES.mergeFailed);
    expect(errorOf(503, { message: MESSAGES.claimFailed }).message).toBe(MESSAGES.claimFailed);
    expect(errorOf(503, { message: MESSAGES.platformUnreachable('Shopify') }).message).toBe(MESSAGES.platformUnreachable('Shopify'));
  });
  it('keeps the generic message for any other 5xx, and for answers without a message', () => {
    expect(errorOf(500, { message: 'TypeError: cannot read properties of undefined' }).message).toBe(GENERIC_ERROR);
    expect(errorOf(502, 'Bad Gateway').message).toBe(GENERIC_ERROR);
    expect(errorOf(400, {}).message).toBe(GENERIC_ERROR);
    expect(GENERIC_ERROR).toBe(MESSAGES.generic);
  });
});
