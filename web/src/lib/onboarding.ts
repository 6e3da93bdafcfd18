import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, type ResponseOf } from './api';
import { askAndKeep, keptAnswer } from './kept-answers';

/** The seller's profile (plan, onboarding steps and percent, walkthrough): the key every screen reading it shares. */
export const sellerInfoKey = ['consultant', 'info'] as const;

/** Each answer is kept for the seller's next visit (lib/kept.ts), where the plan guard and the banner open on it. */
export const sellerProfileQuery = queryOptions({
  queryKey: sellerInfoKey,
  queryFn: ({ signal }) => askAndKeep('sellerProfile', () => api('consultant.getConsultantInfo', { signal, checkLater: true })),
});

/**
 * The seller's profile. `kept`: until the live answer comes, the one kept at the seller's last visit (placeholder
 * data: `isPlaceholderData` tells them apart), for what the opening page shows before it (issue 18).
 */
export function useSellerProfile({ kept = false }: { kept?: boolean } = {}) {
  return useQuery({ ...sellerProfileQuery, placeholderData: kept ? () => keptAnswer<ResponseOf<'consultant.getConsultantInfo'>>('sellerProfile') : undefined });
}

/** Spec section 4: the onboarding banner emits this once when setup reaches 100 (listen on window). */
export const ONBOARDING_COMPLETE_EVENT = 'onboarding-complete';

/** Whether this page has seen setup below 100: shared by every screen reading it, so the event is sent once. */
let seenBelow = false;

/**
 * The seller's setup progress as the server counts it. When a percent below 100 seen in this page becomes 100,
 * `onboarding-complete` is dispatched on window, once.
 */
export function useOnboarding({ kept = false }: { kept?: boolean } = {}) {
  const info = useSellerProfile({ kept });
  const percent = info.data?.onboardingPercent;
  // Only the live answer counts: a percent kept from the last visit was seen then, not in this page.
  const livePercent = info.isPlaceholderData ? undefined : percent;
  useEffect(() => {
    if (livePercent === undefined) return;
    if (livePercent < 100) seenBelow = true;
    else if (seenBelow) {
      seenBelow = false;
      window.dispatchEvent(new CustomEvent(ONBOARDING_COMPLETE_EVENT));
    }
  }, [livePercent]);
  return { info, percent, steps: info.data?.onboarding ?? {}, hasPlan: info.data ? info.data.plan !== null : undefined };
}

/** Closing the walkthrough is kept on the profile (POST /orders/closeWalktrhough), so it stays closed everywhere. */
export function useCloseWalkthrough() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('orders.closeWalkthrough'),
    onSuccess: () => client.invalidateQueries({ queryKey: sellerInfoKey }),
  });
}
