import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '../../../../shared/schemas/reports';
import { api } from '../../lib/api';
import { currentBuild, keep, readKept } from '../../lib/kept';
import { storedSeller } from '../../lib/session';

export type { DashboardAnswer as Dashboard } from '../../../../shared/schemas/reports';

export const dashboardKey = ['consultant', 'dashboard'] as const;

/**
 * `GET /api/consultant/dashboard`: the seller, the counters kept on their profile, and this month against last.
 * Each answer is kept for the seller's next visit (lib/kept.ts), which paints it before the live one comes.
 */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKey,
  queryFn: async ({ signal }) => {
    const seller = storedSeller();
    const answer = await api('consultant.dashboard', { signal, checkLater: true });
    // Only while the seller who asked is still the one signed in (a sign-out meanwhile cleared what was kept).
    if (seller && storedSeller() === seller) keep(localStorage, seller, 'dashboard', answer, currentBuild());
    return answer;
  },
});

/** The live answer; until it comes, the one kept from the seller's last visit (shown as data, then replaced). */
export function useDashboard() {
  return useQuery({
    ...dashboardQuery,
    placeholderData: () => readKept(localStorage, storedSeller(), 'dashboard', currentBuild()) as DashboardAnswer | undefined,
  });
}
