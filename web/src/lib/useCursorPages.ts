import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * Numbered pages over an API that pages by cursor: the cursor of each page seen so far is kept, so the table can
 * offer pages 1..n (n = pages known) and go back without refetching from the start. A new `key` (a new search)
 * starts again at page 1. Feed `pages` to DataTable.
 */
export function useCursorPages<T extends { cursor?: string | null }>(
  key: readonly unknown[],
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<T>,
  options: { enabled?: boolean } = {},
) {
  const id = JSON.stringify(key);
  const fresh = { id, cursors: [undefined] as (string | undefined)[], index: 0 };
  const [state, setState] = useState(fresh);
  const paging = state.id === id ? state : fresh;
  const cursor = paging.cursors[paging.index];
  const result = useQuery({
    queryKey: [...key, cursor ?? ''],
    queryFn: ({ signal }) => fetchPage(cursor, signal),
    // Keep the rows while the next page of the same list loads; a new list shows its own loading state.
    placeholderData: (previous, previousQuery) => (JSON.stringify(previousQuery?.queryKey.slice(0, key.length)) === id ? keepPreviousData(previous) : undefined),
    enabled: options.enabled ?? true,
  });
  const next = result.data?.cursor ?? undefined;
  const learnt = next && !result.isPlaceholderData && paging.cursors.length === paging.index + 1;
  useEffect(() => {
    if (learnt) setState({ ...paging, cursors: [...paging.cursors, next] });
  });
  return {
    result,
    pages: { index: paging.index, count: paging.cursors.length, onChange: (index: number) => setState({ ...paging, index }) },
  };
}
