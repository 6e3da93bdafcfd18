import { createSandboxToken } from '../../../../shared/domain/sandbox-card';
import type { Plan } from '../../../../shared/domain/plans';
import { ApiError, api } from '../../lib/api';

export interface CardInput {
  number: string;
  expiration: string;
  zip: string;
  plan: Plan;
  annual: boolean;
  autoRechargeAmount?: number;
}

function tokenize(card: CardInput): string {
  const [mm, yy] = card.expiration.split('/');
  const year = Number(yy) < 100 ? 2000 + Number(yy) : Number(yy);
  const made = createSandboxToken({ number: card.number, expMonth: Number(mm), expYear: year });
  if ('error' in made) throw new ApiError(400, made.error, { accountNumber: made.error });
  return made.token;
}

/**
 * Tokenizes the card in the browser (only the token leaves it) and posts it; a token the processor reports as
 * already used is replaced and the payment retried once, silently (spec section 8).
 */
export async function payWithCard(card: CardInput) {
  const send = () =>
    api('billing.pay', {
      body: {
        token: tokenize(card),
        plan: card.plan,
        zip: card.zip,
        autoRechargeAmount: card.autoRechargeAmount,
        paymentProcessor: 'sandbox',
        annual: card.annual,
      },
    });
  try {
    return await send();
  } catch (err) {
    const reused = err instanceof ApiError && (err.body as { reason?: string } | undefined)?.reason === 'tokenReused';
    if (!reused) throw err;
    return send();
  }
}
