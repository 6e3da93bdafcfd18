import { describe, expect, it } from 'vitest';
import { hasNewFeature, isSupportOpen, phoneSlots, storageClearFor, updateAvailable } from './support.js';

const at = (iso: string) => new Date(iso);

describe('support hours (14:00-22:00 UTC)', () => {
  it('opens at 14:00:00 UTC and not a second before', () => {
    expect(isSupportOpen(at('2026-11-25T13:59:59.999Z'))).toBe(false);
    expect(isSupportOpen(at('2026-11-25T14:00:00.000Z'))).toBe(true);
  });

  it('closes at 22:00:00 UTC', () => {
    expect(isSupportOpen(at('2026-11-25T21:59:59.999Z'))).toBe(true);
    expect(isSupportOpen(at('2026-11-25T22:00:00.000Z'))).toBe(false);
    expect(isSupportOpen(at('2026-11-25T23:00:00.000Z'))).toBe(false);
  });

  it('reads the hour in UTC, whatever the offset the instant was written in', () => {
    // 09:30 in New York (UTC-5) is 14:30 UTC.
    expect(isSupportOpen(new Date('2026-11-25T09:30:00-05:00'))).toBe(true);
    // 23:30 in Berlin (UTC+1) is 22:30 UTC.
    expect(isSupportOpen(new Date('2026-11-25T23:30:00+01:00'))).toBe(false);
  });
});

describe('phone slots', () => {
  it('offers half hours inside support hours on weekdays only, from an hour after now', () => {
    // Friday 20:10 UTC: the first slot is 21:30 Friday, then Monday.
    const slots = phoneSlots(at('2026-11-27T20:10:00Z'), 2);
    expect(slots[0]).toBe('2026-11-27T21:30:00.000Z');
    expect(slots[1]).toBe('2026-11-30T14:00:00.000Z');
    expect(slots.at(-1)).toBe('2026-11-30T21:30:00.000Z');
    expect(slots).toHaveLength(1 + 16);
  });
});

describe("What's New dot", () => {
  it('shows when nothing is stored and the feed names a release', () => {
    expect(hasNewFeature(null, '2026-11-20')).toBe(true);
    expect(hasNewFeature(undefined, '2026-11-20')).toBe(true);
  });

  it('shows when the stored release is older, not when it is the same or newer', () => {
    expect(hasNewFeature('2026-11-19', '2026-11-20')).toBe(true);
    expect(hasNewFeature('2026-11-20', '2026-11-20')).toBe(false);
    expect(hasNewFeature('2026-11-21', '2026-11-20')).toBe(false);
  });

  it('shows nothing without a release in the feed, and treats a stored value that is not a date as missing', () => {
    expect(hasNewFeature(null, undefined)).toBe(false);
    expect(hasNewFeature(null, 'soon')).toBe(false);
    expect(hasNewFeature('garbage', '2026-11-20')).toBe(true);
  });
});

describe('version check', () => {
  it('shows the update when the deployed version differs from the one the app started with', () => {
    expect(updateAvailable('1.4.0', '1.4.1')).toBe(true);
    expect(updateAvailable('1.4.0', '1.4.0')).toBe(false);
  });

  it('shows nothing before the first answer or when no version was deployed', () => {
    expect(updateAvailable(undefined, '1.4.0')).toBe(false);
    expect(updateAvailable('', '1.4.0')).toBe(false);
    expect(updateAvailable('1.4.0', '')).toBe(false);
  });

  it('clears storage always with forceLocalStorageClear, once per version with forceOneTimeStorageClear', () => {
    const base = { version: '2.0.0', forceLocalStorageClear: false, forceOneTimeStorageClear: false };
    expect(storageClearFor(base, null)).toBe('none');
    expect(storageClearFor({ ...base, forceLocalStorageClear: true }, '2.0.0')).toBe('all');
    expect(storageClearFor({ ...base, forceOneTimeStorageClear: true }, null)).toBe('all');
    expect(storageClearFor({ ...base, forceOneTimeStorageClear: true }, '1.9.0')).toBe('all');
    expect(storageClearFor({ ...base, forceOneTimeStorageClear: true }, '2.0.0')).toBe('none');
  });
});
