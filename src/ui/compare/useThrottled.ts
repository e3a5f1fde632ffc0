import { useEffect, useRef, useState } from 'react';

/**
 * useThrottled follows `value` at most every `ms` while `throttle` is on (the newest value comes
 * in at the end of the wait), and at once while it is off.
 */
export function useThrottled<T>(value: T, ms: number, throttle: boolean): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (!throttle) {
      last.current = performance.now();
      setShown(value);
      return;
    }
    const wait = last.current + ms - performance.now();
    if (wait <= 0) {
      last.current = performance.now();
      setShown(value);
      return;
    }
    const h = setTimeout(() => {
      last.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(h);
  }, [value, ms, throttle]);
  return shown;
}
