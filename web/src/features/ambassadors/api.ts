import { useMutation, useQuery } from '@tanstack/react-query';
import type { RecruitState } from '../../../../shared/domain/ambassadors';
import { api } from '../../lib/api';
import { useCursorPages } from '../../lib/useCursorPages';

export function useReferralLink() {
  return useQuery({ queryKey: ['ambassadors', 'link'], queryFn: ({ signal }) => api('marketing.referralLink', { signal }) });
}

/** The ambassador's pending or paid recruits, newest first, 20 a page. */
export function useRecruitPages(state: RecruitState) {
  return useCursorPages(['ambassadors', 'recruits', state], (cursor, signal) => api('marketing.recruits', { query: { state, cursor }, signal }), (page) => page.recruits);
}

/** A seller who came through a referral link: recorded once, after the first sign-in. */
export function useJoinReferral() {
  return useMutation({ mutationFn: (code: string) => api('marketing.joinReferral', { body: { code } }) });
}
