import { type RefObject, useEffect, useRef } from 'react';
import { seekTime } from '../../state/actions.ts';
import { appStore } from '../../state/store.ts';

/** The part of a chart model the cursor needs: virtual seconds to x and back. */
interface TimeAxis {
  x: (time: number) => number;
  invertX: (x: number) => number;
}

/**
 * useTimeCursor keeps a chart's cursor line at the store's time through a transient subscription
 * (no React render per frame) and returns seekAt, which seeks to the time under a pointer's
 * clientX, at most once a frame. The timeline and traffic charts share it, so they scrub together.
 */
export function useTimeCursor(
  axis: TimeAxis,
  box: RefObject<HTMLDivElement | null>,
  cursor: RefObject<SVGLineElement | null>,
): (clientX: number) => void {
  useEffect(() => {
    const place = (time: number) => {
      const x = String(axis.x(time));
      cursor.current?.setAttribute('x1', x);
      cursor.current?.setAttribute('x2', x);
    };
    place(appStore.getState().time);
    return appStore.subscribe((next, prev) => {
      if (next.time !== prev.time) place(next.time);
    });
  }, [axis, cursor]);

  const frame = useRef(0);
  return (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    const time = axis.invertX(clientX - rect.left);
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => seekTime(time));
  };
}
