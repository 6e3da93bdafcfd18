import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '../../../../shared/schemas/reports';
import { api } from '../../lib/api';
import { askAndKeep, keptAnswer } from '../../lib/kept-answers';

export type { DashboardAnswer as Dashboard } from '../../../../shared/schemas/reports';

export const dashboardKey = ['consultant', 'dashboard'] as const;

/**
 * `GET /api/consultant/dashboard`: the seller, the counters kept on their profile, and this month against last.
 * Each answer is kept for the seller's next visit (lib/kept.ts), which paints it before the live one comes.
 */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKey,
  queryFn: ({ signal }) => askAndKeep('dashboard', () => api('consultant.dashboard', { signal, checkLater: true })),
});

/** The live answer; until it comes, the one kept from the seller's last visit (shown as it was, then replaced). */
export function useDashboard() {
  return useQuery({ ...dashboardQuery, placeholderData: () => keptAnswer<DashboardAnswer>('dashboard') });
}
