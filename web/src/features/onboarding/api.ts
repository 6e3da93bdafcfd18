import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Links the seller's own UPS account (onboarding's UPS step); the profile is read again for the new percent. */
export function useSaveUpsAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upsAccountNumber: string) => api('settings.save', { body: { upsAccountNumber } }),
    onSuccess: async (saved) => {
      client.setQueryData(['settings'], saved);
      await client.invalidateQueries({ queryKey: ['consultant'] });
    },
  });
}
