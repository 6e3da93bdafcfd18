import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { HomepageAnswer } from '../../../../shared/schemas/reports';

/** `GET /api/consultant/homepage`: what needs the seller now. */
export function useHomepage() {
  return useQuery({ queryKey: ['consultant', 'homepage'], queryFn: ({ signal }) => api('consultant.homepage', { signal }) });
}
