import { createLinkToken } from '../payments/plaid-sandbox.js';
import { logger } from '../observability.js';

export function plaidLinkToken() {
  const { link_token, expiration } = createLinkToken();
  return { success: true as const, linkToken: link_token, expiration };
}

/** Plaid Link's errors in the browser, kept for support; only their names and codes, nothing of the account. */
export function recordPlaidLinkError(input: { err?: unknown; metadata?: unknown }) {
  const err = (input.err ?? {}) as Record<string, unknown>;
  const meta = (input.metadata ?? {}) as Record<string, unknown>;
  logger.warn('Plaid Link error', {
    errorCode: String(err.error_code ?? err.code ?? 'unknown').slice(0, 100),
    errorType: String(err.error_type ?? '').slice(0, 100),
    linkSessionId: String(meta.link_session_id ?? '').slice(0, 100),
    status: String(meta.status ?? '').slice(0, 100),
  });
  return { success: true as const };
}
