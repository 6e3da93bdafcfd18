import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following the window as it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/**
 * Tables from 992 px (Bootstrap's lg, as ResponsiveTable), cards below. For rows that hold an input: ONE layout is
 * rendered, so each input exists once (ResponsiveTable renders both and hides one, fine for read-only rows).
 */
export const useWideLayout = () => useMediaQuery('(min-width: 992px)');
