import type { Plan } from '../../../../shared/domain/plans';
import { createSandboxBankAccountToken, createSandboxToken } from '../../../../shared/domain/sandbox-card';
import { ApiError } from '../../lib/api';
import { payBilling } from './api';

export interface NewCard {
  number: string;
  expiration: string;
  zip: string;
}

/** A typed-in bank account (ACH); its numbers, like a card's, never leave the browser. */
export interface NewBank {
  routingNumber: string;
  accountNumber: string;
  zip: string;
}

export interface BillingSave {
  plan: Plan;
  annual: boolean;
  autoRechargeAmount?: number;
  /** The processor named by GET /payment/billingInfo. */
  paymentProcessor: string;
  /** A new card or bank; without one the saved method is kept. */
  card?: NewCard;
  bank?: NewBank;
  /** A new card tokenized by the processor's own script (Stripe.js), with the form's ZIP. */
  processorCard?: { createToken: () => Promise<string>; zip: string };
  /** Keep a waiting cancellation (else saving withdraws it). */
  keepCancellation?: boolean;
  /** Pay for the plan now ("Pay and Start"); without it nothing is charged unless the plan goes up. */
  createPaymentRequest?: boolean;
}

function tokenizeCard(card: NewCard): string {
  const [mm, yy] = card.expiration.split('/');
  const year = Number(yy) < 100 ? 2000 + Number(yy) : Number(yy);
  const made = createSandboxToken({ number: card.number, expMonth: Number(mm), expYear: year });
  if ('error' in made) throw new ApiError(400, made.error, { accountNumber: made.error });
  return made.token;
}

function tokenizeBank(bank: NewBank): string {
  const made = createSandboxBankAccountToken(bank);
  if ('error' in made) throw new ApiError(400, made.error, { [made.field]: made.error });
  return made.token;
}

async function newToken(save: BillingSave): Promise<{ token: string; zip: string } | undefined> {
  if (save.processorCard) return { token: await save.processorCard.createToken(), zip: save.processorCard.zip };
  if (save.card) return { token: tokenizeCard(save.card), zip: save.card.zip };
  if (save.bank) return { token: tokenizeBank(save.bank), zip: save.bank.zip };
  return undefined;
}

/**
 * POST /payment. A new card or bank is tokenized in the browser (only the token leaves it); a token the processor
 * reports as already used is replaced and the payment retried once, silently (spec section 8).
 */
export async function saveBilling(save: BillingSave) {
  const send = async () => {
    const made = await newToken(save);
    return payBilling({
      token: made?.token,
      zip: made?.zip,
      plan: save.plan,
      autoRechargeAmount: save.autoRechargeAmount,
      paymentProcessor: save.paymentProcessor,
      annual: save.annual,
      keepCancellation: save.keepCancellation ?? false,
      createPaymentRequest: save.createPaymentRequest ?? false,
    });
  };
  try {
    return await send();
  } catch (err) {
    const reused = err instanceof ApiError && (err.body as { reason?: string } | undefined)?.reason === 'tokenReused';
    if (!reused || !(save.card || save.bank || save.processorCard)) throw err;
    return send();
  }
}
