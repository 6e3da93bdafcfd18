import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The products the seller sells live (GET /products/getSellingProducts), a page per cursor. */
export function useSellingProducts() {
  return useInfiniteQuery({
    queryKey: ['products', 'selling'],
    queryFn: ({ pageParam, signal }) => api('products.getSellingProducts', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}
