import { useCallback, useSyncExternalStore } from 'react';

/** Horizontal navigation from this width up (spec section 9). */
export const HORIZONTAL_NAV_QUERY = '(min-width: 48rem)';

/** Whether a media query matches; true when the environment has no matchMedia. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () => (typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia(query).matches);
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
