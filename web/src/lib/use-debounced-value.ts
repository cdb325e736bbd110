import { useEffect, useState } from 'react';

/**
 * The value once it has stayed the same for `delay` ms. Compared by its JSON, so a request
 * object rebuilt on every render does not restart the wait.
 */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value) as string | undefined;
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled((key === undefined ? undefined : JSON.parse(key)) as T),
      delay,
    );
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}
