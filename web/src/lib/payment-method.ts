import type { BillingInfo } from '../../../shared/schemas/billing';

/** How a saved method reads: 'Visa ending 4242, expires 12/2030' or 'Chase ending 6789'. */
export function describeMethod(method: NonNullable<BillingInfo['method']>): string {
  if (method.kind === 'bank') return `${method.bankName ?? 'Bank account'} ending ${method.last4 ?? ''}`.trim();
  const expiry = method.expMonth && method.expYear ? `, expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}` : '';
  return `${method.brand ?? 'Card'} ending ${method.last4 ?? ''}${expiry}`;
}
