/** Spec section 9: tables show 20 rows a page and at most 5 page links at a time. */
export const PAGE_SIZE = 20;
export const PAGE_WINDOW = 5;

/**
 * The page indexes (0-based) whose links are shown: a window of `size` around the current page,
 * moved inward at either end so it stays full when there are enough pages.
 */
export function pageWindow(current: number, pageCount: number, size = PAGE_WINDOW): number[] {
  if (pageCount <= 0) return [];
  const count = Math.min(size, pageCount);
  const clamped = Math.min(Math.max(current, 0), pageCount - 1);
  const start = Math.min(Math.max(clamped - Math.floor(count / 2), 0), pageCount - count);
  return Array.from({ length: count }, (_, i) => start + i);
}
