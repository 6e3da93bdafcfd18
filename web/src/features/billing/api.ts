import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ApiInput, api } from '../../lib/api';

export type { BillingInfo } from '../../../../shared/schemas/billing';

export function useBillingInfo() {
  return useQuery({ queryKey: ['billing', 'info'], queryFn: ({ signal }) => api('billing.info', { signal }) });
}

/** The plan prices as the server sets them (spec section 9), for what /payment will charge. */
export function useUpgradeInfo() {
  return useQuery({ queryKey: ['upgrade', 'info'], queryFn: ({ signal }) => api('billing.getUpgradeInfo', { signal }) });
}

/** Every charge, newest first (the first page of the history). */
export function usePaymentHistory() {
  return useInfiniteQuery({
    queryKey: ['payment', 'history'],
    queryFn: ({ pageParam, signal }) => api('billing.paymentHistory', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
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

/** How a saved method reads (shared with /upgrade's confirmation). */
export { describeMethod } from '../../lib/payment-method';
