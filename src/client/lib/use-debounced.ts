import { useEffect, useState } from 'react';

/** The value as it was `ms` milliseconds after it last changed: search boxes query once typing pauses. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
