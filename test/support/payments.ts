import { createSandboxToken, SANDBOX_CARDS } from '../../shared/domain/sandbox-card.js';
import type { TestSeller } from './sellers.js';

/** A new single-use sandbox token for one of the sandbox's test cards (shared/domain/sandbox-card.ts). */
export function sandboxToken(card: keyof typeof SANDBOX_CARDS = 'success'): string {
  const made = createSandboxToken({ number: SANDBOX_CARDS[card], expMonth: 12, expYear: new Date().getFullYear() + 3 });
  if ('error' in made) throw new Error(made.error);
  return made.token;
}

/** Gives the seller a saved payment method the real way: POST /api/payment with a sandbox token, paying for its plan ("Pay and Start"). */
export async function saveSandboxCard(seller: TestSeller, card: keyof typeof SANDBOX_CARDS = 'success') {
  const res = await seller.api('POST', '/payment', {
    body: { token: sandboxToken(card), plan: seller.plan, zip: '78701', paymentProcessor: 'sandbox', autoRechargeAmount: 25, createPaymentRequest: true },
  });
  if (res.status !== 200) throw new Error(`Saving a sandbox card answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json;
}
