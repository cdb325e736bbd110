import { useEffect, useState } from 'react';

/**
 * Infinite scroll: calls `load` whenever the element (put below the list) scrolls into view
 * while there is more to load. Browsers without IntersectionObserver keep the Load more button.
 */
export function useLoadWhenVisible(canLoad: boolean, load: () => void) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element || !canLoad || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, canLoad, load]);
  return setElement;
}
