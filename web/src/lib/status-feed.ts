import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { StatusFeed } from '../../../shared/schemas/status';
import { hasNewFeature, STATUS_FEED_POLL_MS } from '../../../shared/domain/support';
import { api } from './api';

export const statusFeedKey = ['status', 'feed'] as const;

/**
 * The status feed (spec section 7): fetched every 60 s, also in a background tab. A feed that cannot be read (none
 * written yet: S3 answers 403 behind CloudFront) reads as no news rather than an error anyone sees.
 */
export function useStatusFeed() {
  return useQuery({
    queryKey: statusFeedKey,
    queryFn: async ({ signal }): Promise<StatusFeed> => {
      try {
        // Checked in the answer checker's worker: the shell's every page asks for it, and no page needs the status
        // group's schemas (with zod) on its own thread for anything else.
        return await api('status.feed', { signal, checkLater: true });
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        return {};
      }
    },
    refetchInterval: STATUS_FEED_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
}

/** Where this browser keeps the last release it saw in What's New. */
export const WHATS_NEW_KEY = 'whatsNewRelease';

const listeners = new Set<() => void>();
function storedRelease(): string | null {
  try {
    return localStorage.getItem(WHATS_NEW_KEY);
  } catch {
    return null;
  }
}

/** The What's New dot (spec section 4) and what marks it seen: opening What's New stores the feed's release. */
export function useWhatsNew(): { dot: boolean; release?: string; markSeen: () => void } {
  const feed = useStatusFeed();
  const stored = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    storedRelease,
  );
  const release = feed.data?.lastFeatureRelease;
  const markSeen = useCallback(() => {
    if (!release) return;
    try {
      localStorage.setItem(WHATS_NEW_KEY, release);
    } catch {
      // storage unavailable (private mode): the dot stays, nothing else breaks
    }
    for (const l of listeners) l();
  }, [release]);
  return { dot: hasNewFeature(stored, release), ...(release ? { release } : {}), markSeen };
}
