import { describe, expect, it } from 'vitest';
import { safeNext } from '../../web/src/features/auth/next.js';
import { api } from '../../web/src/lib/api.js';

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
});
