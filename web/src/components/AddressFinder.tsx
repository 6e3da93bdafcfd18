import { ADDRESS_SEARCH_MIN, type AddressSuggestion } from '../../../shared/schemas/shipping';
import { api } from '../lib/api';
import { Typeahead } from './Typeahead';

export type { AddressSuggestion };

async function suggest(q: string, signal: AbortSignal): Promise<AddressSuggestion[]> {
  return (await api('orders.addressSuggestions', { query: { q }, signal })).addresses;
}

const line = (a: AddressSuggestion) => [a.address1, a.address2].filter(Boolean).join(', ');

/**
 * Address autocomplete for the ship-to and customer forms (spec section 5: it searches above 5 characters): the
 * seller's own customers' addresses and earlier ship-tos; choosing one fills the form, which stays editable.
 */
export function AddressFinder({ name, onSelect }: { name: string; onSelect: (address: AddressSuggestion) => void }) {
  return (
    <Typeahead
      name={`address-${name}`}
      label="Look up from your customers and orders"
      placeholder="Type 6 or more characters of the street"
      minChars={ADDRESS_SEARCH_MIN}
      search={suggest}
      optionKey={(a) => `${a.address1}|${a.address2 ?? ''}|${a.zip ?? ''}`}
      optionLabel={line}
      optionDetail={(a) => [a.name, [a.city, a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(' · ') || undefined}
      onSelect={onSelect}
    />
  );
}
