import { useQuery } from '@tanstack/react-query';
import type { BillingInfo } from '../../../../shared/schemas/billing';
import { type ApiInput, api } from '../../lib/api';

export type { BillingInfo } from '../../../../shared/schemas/billing';

export function useBillingInfo() {
  return useQuery({ queryKey: ['billing', 'info'], queryFn: ({ signal }) => api('billing.info', { signal }) });
}

/** Every charge, newest first (the first page of the history). */
export function usePaymentHistory() {
  return useQuery({ queryKey: ['payment', 'history'], queryFn: ({ signal }) => api('billing.paymentHistory', { signal }) });
}

/** POST /payment: the plan, recharge amount and (tokenized) method. */
export const payBilling = (body: NonNullable<ApiInput<'billing.pay'>['body']>) => api('billing.pay', { body });

/** POST /payment/GetPlaidLinkToken: the token Link opens with. */
export const plaidLinkToken = async () => (await api('billing.getPlaidLinkToken', { body: { uri: window.location.href } })).linkToken;

/** Plaid Link's error, kept for support (POST /payment/PlaidJSException). */
export const reportPlaidError = (report: NonNullable<ApiInput<'billing.plaidJsException'>['body']>) => api('billing.plaidJsException', { body: report });

/** The linked account becomes the saved bank (POST /settings/SetPlaidDetails). */
export const savePlaidBank = (publicToken: string, accountId: string) =>
  api('settings.setPlaidDetails', { body: { public_token: publicToken, account_id: accountId } });

/** How a saved method reads: 'Visa ending 4242, expires 12/2030' or 'Chase ending 6789'. */
export function describeMethod(method: NonNullable<BillingInfo['method']>): string {
  if (method.kind === 'bank') return `${method.bankName ?? 'Bank account'} ending ${method.last4 ?? ''}`.trim();
  const expiry = method.expMonth && method.expYear ? `, expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}` : '';
  return `${method.brand ?? 'Card'} ending ${method.last4 ?? ''}${expiry}`;
}
