import * as z from 'zod';

/** `/status`: the version the web app compares with its own (spec section 9). */
export const versionAnswer = z.object({
  version: z.string().max(100),
  forceLocalStorageClear: z.boolean(),
  forceOneTimeStorageClear: z.boolean(),
});

/**
 * The status feed file (spec section 3): an outage message while there is one, and the date of the last feature
 * release (the What's New dot). Written by ops (scripts/status.ts, which trims what is typed), read by every open app
 * every 60 s. Nothing here changes a valid answer (no trim, no default): the app uses the answer before checking it.
 */
export const statusFeed = z.object({
  outageMessage: z.string().max(500).optional(),
  lastFeatureRelease: z.string().max(40).optional(),
});
export type StatusFeed = z.infer<typeof statusFeed>;
