import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiInput, type ResponseOf } from '../../lib/api';

/** The prices of spec section 9 and where the seller stands. */
export function useUpgradeInfo() {
  return useQuery({ queryKey: ['upgrade', 'info'], queryFn: ({ signal }) => api('billing.getUpgradeInfo', { signal }) });
}

/** Changes the plan; every screen reads the seller again before `then` decides where to go. */
export function useChangePlan(then: (answer: ResponseOf<'billing.upgrade'>) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiInput<'billing.upgrade'>['body']) => api('billing.upgrade', { body }),
    onSuccess: async (answer) => {
      await client.invalidateQueries();
      await then(answer);
    },
  });
}

/** The saved payment method (GET /payment/billingInfo): the upgrade's confirmation names what will be charged. */
export function useBillingInfo() {
  return useQuery({ queryKey: ['billing', 'info'], queryFn: ({ signal }) => api('billing.info', { signal }) });
}
