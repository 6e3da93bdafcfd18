import type { RouteOf } from '../../shared/api/routes.js';
import { ONLY_CREDIT } from '../../shared/schemas/billing.js';
import { paymentGateway } from '../payments/gateway.js';
import { exchangePublicToken } from '../payments/plaid-sandbox.js';
import { InvalidInput, PaymentFailed } from '../domain/errors.js';
import { type Action, httpHandler } from './http-handler.js';

/** Plaid Link's result becomes the seller's saved bank account (spec section 7). */
const setPlaidDetails: Action<RouteOf<'settings.setPlaidDetails'>> = async ({ seller, body }) => {
  if (seller.achDisabled) throw new InvalidInput({ method: ONLY_CREDIT });
  const exchanged = exchangePublicToken(body.public_token, body.account_id);
  if (!exchanged.ok) throw new PaymentFailed('invalidToken');
  const saved = await paymentGateway().saveMethod({ sellerId: seller.sellerId, token: exchanged.processorToken });
  if (!saved.ok) throw new PaymentFailed(saved.reason);
  return { success: true, bankName: exchanged.bankName, bankLast4: exchanged.last4 };
};

/** Settings routes; the ones not mapped here answer 501 until their feature is built (npm run routes). */
export const handler = httpHandler('settings', {
  'settings.setPlaidDetails': setPlaidDetails,
});
