import { ONLY_CREDIT } from '../../shared/schemas/billing.js';
import { InvalidInput, PaymentFailed } from '../domain/errors.js';
import { paymentGateway } from '../payments/gateway.js';
import { exchangePublicToken } from '../payments/plaid-sandbox.js';

/** Plaid Link's result becomes the seller's saved bank account (spec section 7); refused where ACH is off. */
export async function saveBankAccount(seller: { sellerId: string; achDisabled?: boolean }, link: { publicToken: string; accountId: string }) {
  if (seller.achDisabled) throw new InvalidInput({ method: ONLY_CREDIT });
  const exchanged = exchangePublicToken(link.publicToken, link.accountId);
  if (!exchanged.ok) throw new PaymentFailed('invalidToken');
  const saved = await paymentGateway().saveMethod({ sellerId: seller.sellerId, token: exchanged.processorToken });
  if (!saved.ok) throw new PaymentFailed(saved.reason);
  return { success: true as const, bankName: exchanged.bankName, bankLast4: exchanged.last4 };
}
