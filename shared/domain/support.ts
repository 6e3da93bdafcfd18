/**
 * Help and banners (spec sections 3, 4, 6 and 9): support hours, the phone-support slots, the What's New dot, the
 * version check and its storage clearing, and the polling periods of the status feed and the version.
 */

/** Live chat answers from 14:00 until 22:00 UTC (spec section 4); outside them the seller is offered a ticket. */
export const SUPPORT_HOURS_UTC = { open: 14, close: 22 } as const;

/** Whether live chat is open at `now`: 14:00:00 UTC is open, 22:00:00 UTC is closed. */
export function isSupportOpen(now: Date): boolean {
  const hour = now.getUTCHours();
  return hour >= SUPPORT_HOURS_UTC.open && hour < SUPPORT_HOURS_UTC.close;
}

/** The cookie that keeps the chat panel open across pages and reloads, for 0.125 day (spec section 9). */
export const CHAT_COOKIE = 'chatVisible';
export const CHAT_COOKIE_DAYS = 0.125;

/** Phone support: 30-minute meetings inside support hours, on the next 5 weekdays, from the next full hour on. */
export const PHONE_SLOT_MINUTES = 30;
export const PHONE_SLOT_DAYS = 5;

/** The meeting times a seller may choose at `now`, as ISO instants (UTC), earliest first. */
export function phoneSlots(now: Date, days = PHONE_SLOT_DAYS): string[] {
  const slots: string[] = [];
  const earliest = now.getTime() + 60 * 60 * 1000;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let weekdays = 0;
  while (weekdays < days) {
    const dow = day.getUTCDay();
    if (dow !== 0 && dow !== 6) {
      let any = false;
      for (let m = SUPPORT_HOURS_UTC.open * 60; m < SUPPORT_HOURS_UTC.close * 60; m += PHONE_SLOT_MINUTES) {
        const at = day.getTime() + m * 60 * 1000;
        if (at < earliest) continue;
        slots.push(new Date(at).toISOString());
        any = true;
      }
      if (any) weekdays += 1;
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return slots;
}

/**
 * The What's New dot (spec section 4): shown when the release this browser stored is missing or older than the
 * feed's lastFeatureRelease. A feed without a release, or with one that is not a date, shows no dot.
 */
export function hasNewFeature(storedRelease: string | null | undefined, lastFeatureRelease: string | null | undefined): boolean {
  if (!lastFeatureRelease) return false;
  const latest = Date.parse(lastFeatureRelease);
  if (Number.isNaN(latest)) return false;
  if (!storedRelease) return true;
  const seen = Date.parse(storedRelease);
  return Number.isNaN(seen) || seen < latest;
}

/** Spec section 9: the status feed every 60 s, the outage-resolved notice for 30 s, the version every 300000 ms. */
export const STATUS_FEED_POLL_MS = 60_000;
export const OUTAGE_RESOLVED_MS = 30_000;
export const VERSION_CHECK_MS = 300_000;
/** Spec section 7: the first `GET /api/status` 20 s after the app loads. */
export const VERSION_FIRST_CHECK_MS = 20_000;

export interface VersionStatus {
  version: string;
  forceLocalStorageClear: boolean;
  forceOneTimeStorageClear: boolean;
}

/**
 * Whether the update banner shows: the app compares every answer with the version it started with (its first
 * answer). An empty version (none deployed through the ops command yet) never differs.
 */
export function updateAvailable(startedWith: string | undefined, deployed: string): boolean {
  return Boolean(startedWith) && Boolean(deployed) && startedWith !== deployed;
}

/**
 * What the update's reload clears from localStorage: everything when forceLocalStorageClear is set; everything once
 * per deployed version when forceOneTimeStorageClear is set (the browser remembers the version it cleared for).
 */
export function storageClearFor(status: VersionStatus, clearedForVersion: string | null | undefined): 'all' | 'none' {
  if (status.forceLocalStorageClear) return 'all';
  if (status.forceOneTimeStorageClear && clearedForVersion !== status.version) return 'all';
  return 'none';
}
