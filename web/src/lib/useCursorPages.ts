import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * Numbered pages over an API that pages by cursor, on TanStack Query's infinite query: the pages seen so far stay
 * loaded, so the table can offer pages 1..n and go back without refetching. A new `key` (a new search) starts again
 * at page 1. Feed `pages` to DataTable.
 *
 * The page after the one on screen is fetched ahead, so Next shows at once. It is also how the last page is known:
 * DynamoDB hands back a cursor after a page that is exactly full, and only reading on finds nothing there. A
 * trailing page with no rows is not offered, so the seller never lands on an empty page that says there is nothing.
 */
export function useCursorPages<T extends { cursor?: string | null }>(
  key: readonly unknown[],
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<T>,
  rowsOf: (page: T) => readonly unknown[],
  options: { enabled?: boolean } = {},
) {
  const id = JSON.stringify(key);
  const [shown, setShown] = useState({ id, index: 0 });
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled: options.enabled ?? true,
  });
  const loaded = query.data?.pages ?? [];
  const last = loaded.at(-1);
  const withRows = loaded.length > 1 && last && rowsOf(last).length === 0 ? loaded.length - 1 : loaded.length;
  const count = withRows + (query.hasNextPage ? 1 : 0);
  const index = Math.max(0, Math.min(shown.id === id ? shown.index : 0, count - 1));
  // While the next page loads, the rows of the page before stay on screen.
  const data = loaded[Math.min(index, withRows - 1)];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (index >= loaded.length - 1 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [index, loaded.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    result: { data, error: query.error, isFetching: query.isFetching, refetch: query.refetch },
    pages: {
      index,
      count,
      // Every page is known once the last one read had no cursor: only then is there a last page to jump to.
      complete: !hasNextPage,
      onChange: (next: number) => setShown({ id, index: next }),
    },
  };
}
