import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Platform } from '../../../../shared/domain/platforms';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { getLastSync, integrationsKey, requestSync } from './api';
import { NO_ORDERS_MS, SYNC_FINISHED_MS, SYNC_POLL_MS, type SyncOutcome, syncOutcome } from './sync-outcome';

/** Where the screen is in a sync (spec section 4): idle, the waiting dialog, then what happened for a while. */
export type SyncPhase =
  | { name: 'idle'; error?: string }
  | { name: 'waiting'; platform: Platform; lastClick: string }
  | { name: 'shown'; outcome: Exclude<SyncOutcome, { kind: 'waiting' }> };

/**
 * Sync now: asks for a sync, shows the waiting dialog while /upload/getLastSync is polled every 3 s, then
 * 'Sync Has Finished' for 5 s and then one order resync per platform that succeeded, or the 30-day message for 15 s when
 * nothing came. A 503 while polling reloads the page (spec section 8).
 */
export function useSyncNow() {
  const client = useQueryClient();
  const [phase, setPhase] = useState<SyncPhase>({ name: 'idle' });

  const start = useMutation({
    mutationFn: requestSync,
    onSuccess: (answer, platform) => {
      setPhase({ name: 'waiting', platform, lastClick: answer.requestedAt });
      void client.invalidateQueries({ queryKey: integrationsKey });
    },
    onError: (err) => setPhase({ name: 'idle', error: err instanceof ApiError ? err.message : GENERIC_ERROR }),
  });

  const lastClick = phase.name === 'waiting' ? phase.lastClick : undefined;
  const status = useQuery({
    queryKey: ['lastSync', lastClick],
    queryFn: ({ signal }) => getLastSync(lastClick as string, signal),
    enabled: lastClick !== undefined,
    refetchInterval: (q) => (syncOutcome(q.state.data).kind === 'waiting' ? SYNC_POLL_MS : false),
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    if (phase.name !== 'waiting') return;
    if (status.error) {
      // The sync's state cannot be read: start over from a fresh page rather than wait on nothing.
      if (status.error instanceof ApiError && status.error.status === 503) window.location.reload();
      else setPhase({ name: 'idle', error: status.error instanceof ApiError ? status.error.message : GENERIC_ERROR });
      return;
    }
    const outcome = syncOutcome(status.data);
    if (outcome.kind === 'waiting') return;
    setPhase({ name: 'shown', outcome });
    void client.invalidateQueries({ queryKey: integrationsKey });
  }, [phase, status.data, status.error, client]);

  useEffect(() => {
    if (phase.name !== 'shown') return;
    const { outcome } = phase;
    const ms = outcome.kind === 'no-orders' ? NO_ORDERS_MS : outcome.kind === 'finished' ? SYNC_FINISHED_MS : undefined;
    if (ms === undefined) return;
    const timer = setTimeout(() => {
      // Spec section 4: one order resync per platform that succeeded (not one refetch), then the orders read again.
      if (outcome.kind === 'finished') {
        void Promise.allSettled(outcome.succeeded.map((platform) => requestSync(platform))).then(() =>
          Promise.all([client.invalidateQueries({ queryKey: ['orders'] }), client.invalidateQueries({ queryKey: integrationsKey })]),
        );
      }
      setPhase({ name: 'idle' });
    }, ms);
    return () => clearTimeout(timer);
  }, [phase, client]);

  return {
    phase,
    syncing: phase.name === 'waiting' || start.isPending,
    syncNow: (platform: Platform) => start.mutate(platform),
    dismiss: () => setPhase({ name: 'idle' }),
  };
}
