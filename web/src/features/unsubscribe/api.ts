import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const unsubscribeKey = (token: string) => ['email', 'unsubscribe', token] as const;

/** `GET /api/email/unsubscribe?token`: whose emails the link is for, and whether it is done already (no sign-in). */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => api('customers.unsubscribeInfo', { query: { token }, signal }),
    enabled: token !== '',
    retry: false,
  });
}

/** `POST /api/email/unsubscribe?token`: the same call as the email's one-click unsubscribe. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('customers.unsubscribe', { query: { token }, body: {} }),
    onSuccess: (answer) => client.setQueryData(unsubscribeKey(token), answer),
  });
}
