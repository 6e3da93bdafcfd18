import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';

/** The seller's profile (plan, onboarding steps and percent, walkthrough): the key every screen reading it shares. */
export const sellerInfoKey = ['consultant', 'info'] as const;

export const sellerProfileQuery = queryOptions({
  queryKey: sellerInfoKey,
  queryFn: ({ signal }) => api('consultant.getConsultantInfo', { signal, checkLater: true }),
});

export function useSellerProfile() {
  return useQuery(sellerProfileQuery);
}

/** Spec section 4: the onboarding banner emits this once when setup reaches 100 (listen on window). */
export const ONBOARDING_COMPLETE_EVENT = 'onboarding-complete';

/** Whether this page has seen setup below 100: shared by every screen reading it, so the event is sent once. */
let seenBelow = false;

/**
 * The seller's setup progress as the server counts it. When a percent below 100 seen in this page becomes 100,
 * `onboarding-complete` is dispatched on window, once.
 */
export function useOnboarding() {
  const info = useSellerProfile();
  const percent = info.data?.onboardingPercent;
  useEffect(() => {
    if (percent === undefined) return;
    if (percent < 100) seenBelow = true;
    else if (seenBelow) {
      seenBelow = false;
      window.dispatchEvent(new CustomEvent(ONBOARDING_COMPLETE_EVENT));
    }
  }, [percent]);
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
