/**
 * Auto logout after 21600000 ms without activity (spec section 9). The last activity time lives in
 * localStorage so every open tab agrees: activity in one tab keeps the others signed in.
 */
export const IDLE_LIMIT_MS = 21_600_000;
export const LAST_ACTIVITY_KEY = 'lastActivityAt';

/** Writes are throttled: the limit is hours, so a few seconds of precision is plenty. */
const WRITE_EVERY_MS = 5_000;
const CHECK_EVERY_MS = 60_000;
const EVENTS = ['mousedown', 'mousemove', 'keydown', 'touchstart', 'wheel'] as const;

export function lastActivity(): number | undefined {
  const raw = window.localStorage.getItem(LAST_ACTIVITY_KEY);
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

export function markActivity(now = Date.now()): void {
  window.localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
}

/** True when the last recorded activity (in any tab) is older than the limit. No record: not idle. */
export function isIdle(now = Date.now()): boolean {
  const last = lastActivity();
  return last !== undefined && now - last >= IDLE_LIMIT_MS;
}

/** Records activity and calls onIdle once when the limit passes. Returns the cleanup. */
export function watchActivity(onIdle: () => void): () => void {
  let lastWrite = 0;
  let fired = false;
  const onActivity = () => {
    const now = Date.now();
    if (now - lastWrite < WRITE_EVERY_MS) return;
    // Activity after the limit does not revive the session: the check below signs out first.
    if (isIdle(now)) return check();
    lastWrite = now;
    markActivity(now);
  };
  const check = () => {
    if (!fired && isIdle()) {
      fired = true;
      onIdle();
    }
  };
  if (lastActivity() === undefined) markActivity();
  for (const e of EVENTS) window.addEventListener(e, onActivity, { passive: true });
  const timer = window.setInterval(check, CHECK_EVERY_MS);
  // A laptop waking up: timers were paused, check at once.
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    for (const e of EVENTS) window.removeEventListener(e, onActivity);
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
