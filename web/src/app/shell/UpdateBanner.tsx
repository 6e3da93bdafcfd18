import { useEffect, useRef, useState } from 'react';
import { storageClearFor, updateAvailable, VERSION_CHECK_MS, VERSION_FIRST_CHECK_MS, type VersionStatus } from '../../../../shared/domain/support';
import { api } from '../../lib/api';

/** The version this browser last cleared its storage for (forceOneTimeStorageClear clears once per version). */
const CLEARED_KEY = 'storageClearedFor';

/** Applies the deployed version's storage flags (spec section 3), then loads the new version. */
export function reloadForUpdate(status: VersionStatus): void {
  try {
    if (storageClearFor(status, localStorage.getItem(CLEARED_KEY)) === 'all') {
      localStorage.clear();
      localStorage.setItem(CLEARED_KEY, status.version);
    }
  } catch {
    // storage unavailable: the reload alone still loads the new version
  }
  window.location.reload();
}

/**
 * The update banner at the bottom (spec section 2): `GET /api/status` 20 s after load, then every 300000 ms; the
 * first answer is the version this app started with, and a later one that differs shows the banner. Clicking it
 * reloads (clearing storage as the deployed version asks).
 */
export function UpdateBanner() {
  const startedWith = useRef<string | undefined>(undefined);
  const [update, setUpdate] = useState<VersionStatus>();

  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const check = async () => {
      try {
        const status = await api('status.version');
        if (startedWith.current === undefined) startedWith.current = status.version || undefined;
        if (updateAvailable(startedWith.current, status.version)) setUpdate(status);
      } catch {
        // the next check tries again; a failed check is not worth a notice
      }
    };
    const first = setTimeout(() => {
      void check();
      interval = setInterval(() => void check(), VERSION_CHECK_MS);
    }, VERSION_FIRST_CHECK_MS);
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, []);

  if (!update) return null;
  return (
    <button type="button" className="update-banner" data-testid="update-banner" onClick={() => reloadForUpdate(update)}>
      A new version of Consultant Desk is available. <span className="fw-semibold text-decoration-underline">Click here to update.</span>
    </button>
  );
}
