import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type { BodyOf } from '../../../../shared/api/route';
import type { RouteOf } from '../../../../shared/api/routes';
import { api } from '../../lib/api';
import { useCursorPages } from '../../lib/useCursorPages';

import type { fulfilledReward, previousRewardsAnswer } from '../../../../shared/schemas/rewards';

export type { RewardCustomerRow, RewardSettings } from '../../../../shared/schemas/rewards';
export type FulfilledReward = z.output<typeof fulfilledReward>;
/** One change of a customer's points (an order, an adjustment, a redeem, an order taken back). */
export type RewardHistoryEntry = NonNullable<z.output<typeof previousRewardsAnswer>['history']>[number];

export const rewardsKey = ['rewards'] as const;

/** The seller's plan: starter sees the plan prompt instead of any rewards call (the server would answer 403). */
export function useSellerPlan() {
  return useQuery({
    queryKey: ['consultant', 'lite'],
    queryFn: ({ signal }) => api('consultant.getConsultantInfoLite', { signal }),
    select: (d) => d.plan,
  });
}

/** The dashboard's pages: the program's settings and 20 customers a page, all of them or those matching `q`. */
export function useRewardPages(q: string, enabled: boolean) {
  return useCursorPages(
    [...rewardsKey, 'info', q],
    (cursor, signal) => api('rewards.getRewardInfo', { query: { q: q === '' ? undefined : q, cursor }, signal }),
    (page) => page.customers,
    { enabled },
  );
}

/** How often the program is read again while its catch-up credits the orders placed before it earned. */
const CATCH_UP_POLL_MS = 2_000;

/**
 * The program's settings. While its catch-up runs (seconds after a save or restart) they are read again every 2 s,
 * and once it is done the dashboard's customers are read again: the points it credited show without a reload.
 */
export function useRewardSettings(enabled: boolean) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...rewardsKey, 'settings'],
    queryFn: ({ signal }) => api('rewards.getSettings', { signal }),
    enabled,
    refetchInterval: (q) => (q.state.data?.catchingUp ? CATCH_UP_POLL_MS : false),
  });
  const catchingUp = query.data?.catchingUp ?? false;
  const was = useRef(catchingUp);
  useEffect(() => {
    if (was.current && !catchingUp) void client.invalidateQueries({ queryKey: [...rewardsKey, 'info'] });
    was.current = catchingUp;
  }, [catchingUp, client]);
  return query;
}

export function useGiftsEarned(enabled: boolean) {
  return useQuery({
    queryKey: [...rewardsKey, 'gifts'],
    queryFn: ({ signal }) => api('rewards.getGiftsEarnedCount', { signal }),
    enabled,
  });
}

/** The seller's last fulfilled rewards (the first page, newest first). */
export function useLastFulfilled(enabled: boolean) {
  return useQuery({
    queryKey: [...rewardsKey, 'fulfilled'],
    queryFn: ({ signal }) => api('rewards.getPreviousRewards', { signal }),
    enabled,
  });
}

/** One customer's row, point history and fulfilled rewards (/rewards/history?customerId=...). */
export function useCustomerHistory(customerId: string, enabled: boolean) {
  return useCursorPages(
    [...rewardsKey, 'history', customerId],
    (cursor, signal) => api('rewards.getPreviousRewards', { query: { customerId, cursor }, signal }),
    // The cursor pages the fulfilled rewards (HistoryPage).
    (page) => page.rewards,
    { enabled: enabled && customerId !== '' },
  );
}

type Body<Id extends Parameters<typeof api>[0]> = BodyOf<RouteOf<Id>>;

/**
 * Every rewards write changes what the dashboard shows: all of it is fetched again. The write does not wait for
 * that: starting a program moves to /rewards with its notice before the setup page sees the program running.
 */
function useRewardsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: rewardsKey });
    },
  });
}

export function useRedeem() {
  return useRewardsMutation((body: Body<'rewards.redeemReward'>) => api('rewards.redeemReward', { body }));
}

export function useSendReminder() {
  return useRewardsMutation((body: Body<'rewards.sendReminderEmail'>) => api('rewards.sendReminderEmail', { body }));
}

export function useSendAlmostCompleted() {
  return useRewardsMutation((customerID: string) => api('rewards.sendAlmostCompletedEmail', { body: { customerID } }));
}

export function useSendAnnouncement() {
  return useRewardsMutation((body: Body<'rewards.sendAnnouncementEmail'>) => api('rewards.sendAnnouncementEmail', { body }));
}

export function useSaveSettings() {
  return useRewardsMutation((body: Body<'rewards.saveSettings'>) => api('rewards.saveSettings', { body }));
}

export function useRestartPrevious() {
  return useRewardsMutation(() => api('rewards.restartPrevious'));
}

export function useDisableProgram() {
  return useRewardsMutation(() => api('rewards.disableAccount'));
}

/** After a points adjustment made elsewhere (the shared modal), the rewards queries are fetched again. */
export function useRefreshRewards() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: rewardsKey });
}
