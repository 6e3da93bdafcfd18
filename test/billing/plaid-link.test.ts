import { describe, expect, it } from 'vitest';
import { PLAID_SANDBOX_USER, sandboxLink } from '../../web/src/features/billing/plaid-link.js';

/** The page's stand-in for Plaid Link in the sandbox: what its onSuccess and onExit would hand over. */
describe('sandbox Plaid Link', () => {
  it('the sandbox login links a checking account with a sandbox public token SetPlaidDetails accepts', () => {
    const result = sandboxLink(PLAID_SANDBOX_USER, 's1');
    expect(result).toMatchObject({ ok: true, publicToken: 'public-sandbox-s1', accountId: 'sandbox-checking-s1' });
    expect(result.ok && result.publicToken).toMatch(/^public-sandbox-[\w-]+$/);
  });

  it('any other login is Link\'s INVALID_CREDENTIALS error, with no token', () => {
    const result = sandboxLink({ username: 'user_good', password: 'wrong' }, 's2');
    expect(result).toEqual({
      ok: false,
      err: { error_code: 'INVALID_CREDENTIALS', error_type: 'ITEM_ERROR', error_message: 'the provided credentials were not correct' },
      metadata: { link_session_id: 's2', status: 'requires_credentials' },
    });
  });
});
