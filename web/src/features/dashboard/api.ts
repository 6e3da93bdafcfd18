import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { DashboardAnswer as Dashboard } from '../../../../shared/schemas/reports';

export const dashboardKey = ['consultant', 'dashboard'] as const;

/** `GET /api/consultant/dashboard`: the seller, the counters kept on their profile, and this month against last. */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKey,
  queryFn: ({ signal }) => api('consultant.dashboard', { signal, checkLater: true }),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
