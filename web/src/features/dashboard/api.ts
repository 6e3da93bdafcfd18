import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PLAN_LABELS, PLANS } from '../../../../shared/domain/plans';
import { api } from '../../lib/api';

/** `GET /api/consultant/dashboard`: the seller and the counters kept on their profile. */
export const dashboardSchema = z
  .object({
    name: z.string(),
    businessName: z.string().nullish(),
    plan: z.enum(PLANS),
    planLabel: z.string().optional(),
    customerCount: z.number().int().nonnegative(),
    orderCount: z.number().int().nonnegative(),
  })
  .transform((d) => ({ ...d, planLabel: d.planLabel ?? PLAN_LABELS[d.plan] }));

export type Dashboard = z.output<typeof dashboardSchema>;

export const dashboardKey = ['consultant', 'dashboard'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => api('consultant.dashboard', { signal }, dashboardSchema),
  });
}
