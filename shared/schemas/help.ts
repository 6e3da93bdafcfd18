import { z } from 'zod';

/** A delivery claim was filed: what happens next, in the spec's words. */
export const claimAnswer = z.object({ success: z.literal(true), message: z.string() });
