import type { z } from 'zod';
import type { quoteBody } from '../../shared/schemas/shipping.js';
import { carrier } from '../adapters/carriers/index.js';
import { carrierFailure } from './carrier-failure.js';

/** The carrier's rates for a parcel between two ZIPs. */
export async function quoteRates(input: z.output<typeof quoteBody>) {
  const rates = await (await carrier()).rates(input.fromZip, { zip: input.toZip }, input.parcel).catch((err: unknown) => {
    throw carrierFailure(err);
  });
  return { rates };
}
