import { describe, expect, it } from 'vitest';
import { emailBadge } from './consent.js';

describe('emailBadge', () => {
  const email = 'ada@example.test';

  it('shows bounced and complained before an unsubscribe, and an unsubscribe before no marketing', () => {
    expect(emailBadge({ email, emailStatus: 'bounced', source: 'etsy', marketingAllowed: false })?.label).toBe('Bounced');
    expect(emailBadge({ email, emailStatus: 'complained' })?.label).toBe('Complained');
    expect(emailBadge({ email, emailStatus: 'unsubscribed', marketingAllowed: false })?.label).toBe('Unsubscribed');
  });

  it('a marketplace buyer or a customer not allowed marketing is No marketing', () => {
    expect(emailBadge({ email, emailStatus: 'ok', source: 'ebay', marketingAllowed: true })?.label).toBe('No marketing');
    expect(emailBadge({ email, emailStatus: 'ok', source: 'csv', marketingAllowed: false })?.label).toBe('No marketing');
  });

  it('no badge when marketing reaches the customer, or when there is no address at all', () => {
    expect(emailBadge({ email, emailStatus: 'ok', source: 'manual', marketingAllowed: true })).toBeUndefined();
    expect(emailBadge({ email: '', emailStatus: 'bounced' })).toBeUndefined();
  });
});
