import type { QueryClient } from '@tanstack/react-query';
import { dashboardQuery } from '../features/dashboard/api';
import { sellerProfileQuery } from '../lib/onboarding';

/**
 * The data a signed-in visit opens on, asked as soon as the session is known (start.tsx), side by side with the
 * layout's and the screen's chunks, instead of one after another as each renders (the plan after the layout loaded,
 * the dashboard's data after the plan answered): the dashboard's answer is its largest paint (issue 18). A seller
 * without a plan is refused the dashboard's (no dialog: PlanGuard sends them to choose one).
 */
const OPENING_DATA: Record<string, ((client: QueryClient) => Promise<void>)[]> = {
  '/': [(client) => client.prefetchQuery(dashboardQuery)],
  '/dashboard': [(client) => client.prefetchQuery(dashboardQuery)],
};

export function prefetchOpeningData(pathname: string, client: QueryClient): void {
  // Every signed-in screen waits for the plan (PlanGuard).
  void client.prefetchQuery(sellerProfileQuery);
  for (const prefetch of OPENING_DATA[pathname] ?? []) void prefetch(client);
}
