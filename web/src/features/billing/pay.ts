import type { Plan } from '../../../../shared/domain/plans';
import { createSandboxToken } from '../../../../shared/domain/sandbox-card';
import { ApiError, api } from '../../lib/api';

export interface NewCard {
  number: string;
  expiration: string;
  zip: string;
}

export interface BillingSave {
  plan: Plan;
  annual: boolean;
  autoRechargeAmount?: number;
  /** A new card; without one the saved method is kept. */
  card?: NewCard;
}

function tokenize(card: NewCard): string {
  const [mm, yy] = card.expiration.split('/');
  const year = Number(yy) < 100 ? 2000 + Number(yy) : Number(yy);
  const made = createSandboxToken({ number: card.number, expMonth: Number(mm), expYear: year });
  if ('error' in made) throw new ApiError(400, made.error, { accountNumber: made.error });
  return made.token;
}

/**
 * POST /payment. A new card is tokenized in the browser (only the token leaves it); a token the processor
 * reports as already used is replaced and the payment retried once, silently (spec section 8).
 */
export async function saveBilling(save: BillingSave) {
  const send = () =>
    api('billing.pay', {
      body: {
        token: save.card ? tokenize(save.card) : undefined,
        zip: save.card?.zip,
        plan: save.plan,
        autoRechargeAmount: save.autoRechargeAmount,
        paymentProcessor: 'sandbox',
        annual: save.annual,
      },
    });
  try {
    return await send();
  } catch (err) {
    const reused = err instanceof ApiError && (err.body as { reason?: string } | undefined)?.reason === 'tokenReused';
    if (!reused || !save.card) throw err;
    return send();
  }
}
