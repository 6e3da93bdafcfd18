import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { Dashboard } from '../../../../shared/schemas/consultant';

export const dashboardKey = ['consultant', 'dashboard'] as const;

/** `GET /api/consultant/dashboard`: the seller and the counters kept on their profile. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => api('consultant.dashboard', { signal }),
  });
}
