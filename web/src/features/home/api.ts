import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { HomepageAnswer } from '../../../../shared/schemas/reports';

/** `GET /api/consultant/homepage`: what needs the seller now. */
export function useHomepage() {
  return useQuery({ queryKey: ['consultant', 'homepage'], queryFn: ({ signal }) => api('consultant.homepage', { signal }) });
}

/** Dismisses the failed import or sync the homepage shows (by its time: a newer failure stays). */
export function useDismissFailedJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (failedAt: string) => api('consultant.dismissFailedJob', { body: { failedAt } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['consultant', 'homepage'] }),
  });
}
