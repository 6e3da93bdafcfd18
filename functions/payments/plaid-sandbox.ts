import { createHash, randomUUID } from 'node:crypto';
import { createSandboxBankToken } from '../../shared/domain/sandbox-card.js';

/**
 * The local stand-in for Plaid's sandbox: a link token for Plaid Link, and the exchange of Link's public token
 * plus the chosen account for a processor token the payment gateway can save. Public tokens look like Plaid's
 * sandbox ones (`public-sandbox-…`); anything else is refused as Plaid would.
 */
export function createLinkToken() {
  // Plaid's link tokens last 4 hours.
  return { link_token: `link-sandbox-${randomUUID()}`, expiration: new Date(Date.now() + 4 * 3600_000).toISOString() };
}

export function exchangePublicToken(publicToken: string, accountId: string): { ok: true; processorToken: string; bankName: string; last4: string } | { ok: false; message: string } {
  if (!/^public-sandbox-[\w-]+$/.test(publicToken)) return { ok: false, message: 'The bank link expired. Please link your bank again.' };
  const digits = createHash('sha256').update(accountId).digest().readUInt32BE(0).toString().padStart(4, '0');
  const last4 = digits.slice(-4);
  const bankName = 'Plaid Sandbox Bank';
  return { ok: true, processorToken: createSandboxBankToken({ bankName, last4 }), bankName, last4 };
}
