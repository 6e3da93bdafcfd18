import type { z } from 'zod';
import type { quoteBody } from '../../shared/schemas/shipping.js';
import { carrier } from '../adapters/carriers/index.js';

/** The carrier's rates for a parcel between two ZIPs. */
export async function quoteRates(input: z.output<typeof quoteBody>) {
  return { rates: await (await carrier()).rates(input.fromZip, { zip: input.toZip }, input.parcel) };
}
