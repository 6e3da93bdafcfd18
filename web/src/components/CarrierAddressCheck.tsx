import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { CheckedAddress } from '../../../shared/schemas/shipping';
import { api } from '../lib/api';
import { useDebounced } from '../lib/useDebounced';

export type { CheckedAddress };

/** What a ship-to or customer form holds of an address (any field may be half typed). */
export interface TypedAddress {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

/** The pause after the last key before the carrier is asked (the typeaheads' 700 ms, spec section 5). */
const PAUSE_MS = 700;

/** A complete US address the carrier can check, or nothing yet. */
function complete(a: TypedAddress): CheckedAddress | undefined {
  const t = (v: string | null | undefined) => (v ?? '').trim();
  const country = t(a.country).toUpperCase() || 'US';
  if (country !== 'US' || !t(a.address1) || !t(a.city) || t(a.state).length < 2 || !/^\d{5}(-\d{4})?$/.test(t(a.zip))) return undefined;
  return { address1: t(a.address1), address2: t(a.address2) || undefined, city: t(a.city), state: t(a.state), zip: t(a.zip) };
}

const oneLine = (a: CheckedAddress) => [a.address1, a.address2, a.city, `${a.state} ${a.zip}`].filter(Boolean).join(', ');

/**
 * The carrier's address check (issue 17): once the form holds a complete address and the seller pauses, the
 * carrier is asked, and its standardised address (street suffixes, ZIP+4), when it differs, is offered in one
 * line that one click applies. Advice only: it never blocks typing or saving.
 */
export function CarrierAddressCheck({ address, onApply }: { address: TypedAddress; onApply: (checked: CheckedAddress) => void }) {
  const settled = useDebounced(complete(address), PAUSE_MS);
  const key = settled && JSON.stringify(settled);
  const [kept, setKept] = useState<string>();
  const check = useQuery({
    queryKey: ['orders', 'verifyAddress', key],
    queryFn: ({ signal }) => api('orders.verifyAddress', { body: { ...settled!, country: 'US' }, signal }),
    enabled: Boolean(settled),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const suggestion = check.data?.suggestion;
  // What the form holds now, not what was asked: a suggestion for an address the seller has since changed is stale.
  const now = complete(address);
  if (!suggestion || !now || JSON.stringify(now) !== key || kept === key) return null;
  return (
    <div className="border rounded px-2 py-1 my-2 small d-flex flex-wrap align-items-center gap-2" role="status" data-testid="carrier-suggestion">
      <span className="text-break">
        Carrier suggests: <strong>{oneLine(suggestion)}</strong>
      </span>
      <Button size="sm" variant="outline-primary" onClick={() => onApply(suggestion)}>
        Use This Address
      </Button>
      <Button size="sm" variant="link" onClick={() => setKept(key)}>
        Keep Mine
      </Button>
    </div>
  );
}
