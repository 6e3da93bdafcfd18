import { useQuery } from '@tanstack/react-query';
import type { BillingInfo } from '../../../../shared/schemas/billing';
import { api } from '../../lib/api';

export type { BillingInfo } from '../../../../shared/schemas/billing';

export function useBillingInfo() {
  return useQuery({ queryKey: ['billing', 'info'], queryFn: ({ signal }) => api('billing.info', { signal }) });
}

/** Every charge, newest first (the first page of the history). */
export function usePaymentHistory() {
  return useQuery({ queryKey: ['payment', 'history'], queryFn: ({ signal }) => api('billing.paymentHistory', { signal }) });
}

/** How a saved method reads: 'Visa ending 4242, expires 12/2030' or 'Chase ending 6789'. */
export function describeMethod(method: NonNullable<BillingInfo['method']>): string {
  if (method.kind === 'bank') return `${method.bankName ?? 'Bank account'} ending ${method.last4 ?? ''}`.trim();
  const expiry = method.expMonth && method.expYear ? `, expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}` : '';
  return `${method.brand ?? 'Card'} ending ${method.last4 ?? ''}${expiry}`;
}
