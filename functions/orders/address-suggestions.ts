import type { PostalAddress } from '../../shared/domain/orders.js';
import type { AddressSuggestion } from '../../shared/schemas/shipping.js';
import { recentAddresses } from '../data/orders.js';
import { withDomainErrors } from '../services/data-failures.js';

/** Most suggestions a form lists. */
const MAX_SUGGESTIONS = 8;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The addresses whose street line (or street and city) begins with what was typed, words compared without case or
 * punctuation: customers' addresses first, then earlier ship-tos, each address once. Pure, for the service below.
 */
export function matchAddresses(
  typed: string,
  customers: readonly (PostalAddress & { firstName?: string; lastName?: string })[],
  shipTos: readonly PostalAddress[],
): AddressSuggestion[] {
  const want = squash(typed);
  if (!want) return [];
  const seen = new Set<string>();
  const out: AddressSuggestion[] = [];
  const consider = (a: PostalAddress, source: AddressSuggestion['source'], name?: string) => {
    if (!a.address1 || out.length >= MAX_SUGGESTIONS) return;
    const line = squash(a.address1);
    if (!line.startsWith(want) && !squash(`${a.address1} ${a.city ?? ''}`).startsWith(want) && !line.includes(` ${want}`)) return;
    const key = squash(`${a.address1}|${a.address2 ?? ''}|${a.zip ?? ''}`);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name: name ?? a.name, address1: a.address1, address2: a.address2, city: a.city, state: a.state, zip: a.zip, country: a.country, source });
  };
  for (const c of customers) consider(c, 'customer', [c.firstName, c.lastName].filter(Boolean).join(' ') || undefined);
  for (const a of shipTos) consider(a, 'order');
  return out;
}

/** Address autocomplete (spec section 5, above 5 characters; issue 17): the seller's own customers and ship-tos. */
export async function addressSuggestionsFor(sellerId: string, typed: string) {
  const { customers, shipTos } = await withDomainErrors(() => recentAddresses(sellerId));
  return { addresses: matchAddresses(typed, customers as (PostalAddress & { firstName?: string; lastName?: string })[], shipTos as PostalAddress[]) };
}
