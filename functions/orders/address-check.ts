import type { z } from 'zod';
import type { AddressToCheck } from '../adapters/carriers/carrier.js';
import { carrier } from '../adapters/carriers/index.js';
import type { addressCheck, CheckedAddress, verifyAddressBody } from '../../shared/schemas/shipping.js';
import { logger } from '../observability.js';

const same = (a: string | undefined, b: string | undefined) => (a ?? '').trim().replace(/\s+/g, ' ') === (b ?? '').trim().replace(/\s+/g, ' ');

/** Whether the carrier's address says anything the seller typed does not (case and spacing count: they are the correction). */
export function differs(sent: CheckedAddress, checked: CheckedAddress): boolean {
  return !(['address1', 'address2', 'city', 'state', 'zip'] as const).every((k) => same(sent[k], checked[k]));
}

/**
 * The carrier's address check (issue 17): its standardised address as a suggestion when it differs from what the
 * form holds. Advice only: a carrier that fails or cannot verify the address answers "not verified", never an
 * error, so typing and saving go on.
 */
export async function checkAddress(input: z.output<typeof verifyAddressBody>): Promise<z.output<typeof addressCheck>> {
  const sent: AddressToCheck = { ...input, address2: input.address2 || undefined };
  try {
    const answer = await (await carrier()).verifyAddress(sent);
    if (!answer.verified || !answer.address) return { verified: false, suggestion: null };
    return { verified: true, suggestion: differs(sent, answer.address) ? answer.address : null };
  } catch (err) {
    logger.warn('carrier address check failed', { error: err instanceof Error ? err.message : String(err) });
    return { verified: false, suggestion: null };
  }
}
