import { createHash } from 'node:crypto';
import { readSandboxToken, type SandboxOutcome } from '../../shared/domain/sandbox-card.js';
import type { Processor, Refusal } from './processor.js';

/** Messages a real processor's test mode gives for the same cards. */
const REFUSALS: Record<Exclude<SandboxOutcome, 'succeeded'>, Refusal> = {
  declined: { ok: false, reason: 'declined', message: 'Your card was declined.', declineCode: 'declined' },
  expired: { ok: false, reason: 'declined', message: 'Your card has expired.', declineCode: 'expired' },
  insufficientFunds: { ok: false, reason: 'declined', message: 'Your card has insufficient funds.', declineCode: 'insufficientFunds' },
  failed: { ok: false, reason: 'failed', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

const OUTCOMES: readonly SandboxOutcome[] = ['succeeded', 'declined', 'failed', 'expired', 'insufficientFunds'];

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/**
 * The local sandbox (the default processor): no network, deterministic. The saved method's reference carries
 * how its later charges end, and a charge's id is derived from its idempotency key, so a repeated key gives the
 * same charge, as a real processor's idempotency does.
 */
export const sandboxProcessor: Processor = {
  name: 'sandbox',
  async attach({ sellerId, token, customerRef }) {
    const card = readSandboxToken(token);
    if (!card) return { ok: false, reason: 'invalidToken', message: 'No such token.' };
    if (card.onSave !== 'succeeded') return REFUSALS[card.onSave];
    return {
      ok: true,
      method: {
        customerRef: customerRef ?? `cus_sandbox_${digest(sellerId)}`,
        methodRef: `pm_sandbox_${card.onCharge}_${digest(token)}`,
        ...(card.kind === 'bank'
          ? { methodKind: 'bank', bankName: card.bankName, last4: card.last4 }
          : { methodKind: 'card', brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }),
      },
    };
  },
  async charge({ method, idempotencyKey }) {
    const outcome = OUTCOMES.find((o) => method.methodRef.startsWith(`pm_sandbox_${o}_`));
    if (!outcome) return { ok: false, reason: 'failed', message: 'No such payment method.' };
    if (outcome !== 'succeeded') return REFUSALS[outcome];
    return { ok: true, chargeId: `ch_sandbox_${digest(`${method.customerRef}:${idempotencyKey}`)}` };
  },
};
