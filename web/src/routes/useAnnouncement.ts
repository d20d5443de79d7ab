import { useCallback, useEffect, useRef, useState } from 'react';

/** How long an announcement stays in its live region: long enough to be read, short of outliving what it reports. */
export const ANNOUNCEMENT_MS = 5000;

/**
 * A live region's message: announce(text) says it (the same words twice in a row are still read: the region is
 * cleared first), and it goes again after ANNOUNCEMENT_MS, so that "Coupon SPRING10 removed." is not left standing
 * beside what the buyer did next. announce('') clears it at once.
 */
export function useAnnouncement(): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const frame = useRef<number | null>(null);
  const announce = useCallback((next: string) => {
    if (timer.current !== null) clearTimeout(timer.current);
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    timer.current = null;
    setMessage('');
    if (next === '') return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setMessage(next);
      timer.current = setTimeout(() => setMessage(''), ANNOUNCEMENT_MS);
    });
  }, []);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );
  return [message, announce];
}
