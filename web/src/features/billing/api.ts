import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PLANS } from '../../../../shared/domain/plans';
import { api } from '../../lib/api';

/** GET /payment/billingInfo: what the billing form shows (the saved method, never a number) and what it asks. */
const billingInfoSchema = z.object({
  plan: z.enum(PLANS),
  annual: z.boolean(),
  pendingPlan: z.enum(PLANS).nullish(),
  cancellationPending: z.boolean(),
  method: z
    .object({
      kind: z.enum(['card', 'bank']),
      brand: z.string().nullish(),
      last4: z.string().nullish(),
      expMonth: z.number().nullish(),
      expYear: z.number().nullish(),
      bankName: z.string().nullish(),
    })
    .nullish(),
  autoRechargeAmount: z.number().nullish(),
  achDisabled: z.boolean(),
  socialLogin: z.boolean(),
  requiresLinkedBank: z.boolean(),
  /** `stripe`: the card is tokenized by Stripe.js; otherwise by the sandbox tokenizer. */
  paymentProcessor: z.string().default('sandbox'),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

export function useBillingInfo() {
  return useQuery({ queryKey: ['billing', 'info'], queryFn: ({ signal }) => api('billing.info', { signal }, billingInfoSchema) });
}

/** How a saved method reads: 'Visa ending 4242, expires 12/2030' or 'Chase ending 6789'. */
export function describeMethod(method: NonNullable<BillingInfo['method']>): string {
  if (method.kind === 'bank') return `${method.bankName ?? 'Bank account'} ending ${method.last4 ?? ''}`.trim();
  const expiry = method.expMonth && method.expYear ? `, expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}` : '';
  return `${method.brand ?? 'Card'} ending ${method.last4 ?? ''}${expiry}`;
}
