import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `ms` (search boxes: 500 ms, typeaheads: 700 ms, spec section 9/5). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
