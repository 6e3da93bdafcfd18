import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * Numbered pages over an API that pages by cursor, on TanStack Query's infinite query: the pages seen so far stay
 * loaded, so the table can offer pages 1..n (n = pages loaded, plus the next one when there is a cursor) and go back
 * without refetching. A new `key` (a new search) starts again at page 1. Feed `pages` to DataTable.
 */
export function useCursorPages<T extends { cursor?: string | null }>(
  key: readonly unknown[],
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<T>,
  options: { enabled?: boolean } = {},
) {
  const id = JSON.stringify(key);
  const [shown, setShown] = useState({ id, index: 0 });
  const index = shown.id === id ? shown.index : 0;
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled: options.enabled ?? true,
  });
  const loaded = query.data?.pages ?? [];
  // While the next page loads, the rows of the page before stay on screen.
  const data = loaded[Math.min(index, loaded.length - 1)];
  return {
    result: { data, error: query.error, isFetching: query.isFetching, refetch: query.refetch },
    pages: {
      index,
      count: loaded.length + (query.hasNextPage ? 1 : 0),
      onChange: (next: number) => {
        if (next >= loaded.length && query.hasNextPage) void query.fetchNextPage();
        setShown({ id, index: next });
      },
    },
  };
}
