import { z } from 'zod';

/** `/status`: the version the web app compares with its own (spec section 9). */
export const versionAnswer = z.object({
  version: z.string(),
  forceLocalStorageClear: z.boolean(),
  forceOneTimeStorageClear: z.boolean(),
});
