import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the app uses its phone layout; styles.css uses the same value. */
export const MOBILE_BREAKPOINT_PX = 768;
export const PHONE_MEDIA_QUERY = `(width < ${MOBILE_BREAKPOINT_PX}px)`;

function mediaQueryList(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}

/** True below the 768 px breakpoint. */
export const useIsPhone = (): boolean => useMediaQuery(PHONE_MEDIA_QUERY);
