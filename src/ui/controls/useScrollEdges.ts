import { type RefObject, useEffect, useState } from 'react';

/** Where a scrolling box's content runs past its edges, and how wide its scroll bar is. */
export interface ScrollEdges {
  /** Rows lie above the top edge (the box is scrolled down). */
  above: boolean;
  /** Rows lie below the bottom edge (the box is not at its end). */
  below: boolean;
  /** The scroll bar's width in px (0 for an overlay scroll bar), which a shade over the box leaves clear. */
  bar: number;
}

const NONE: ScrollEdges = { above: false, below: false, bar: 0 };

/**
 * useScrollEdges tracks whether a scrolling box's content runs past its top and bottom edges: at
 * each scroll, when the box is resized, and when its content grows or shrinks (a field's error, a
 * StatefulSet's fields loading: the box's children are watched as they come and go). Measured
 * once a frame.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const above = el.scrollTop > 1;
      const below = el.scrollHeight - el.scrollTop - el.clientHeight > 1;
      const bar = Math.max(0, el.offsetWidth - el.clientWidth);
      setEdges((cur) =>
        cur.above === above && cur.below === below && cur.bar === bar ? cur : { above, below, bar },
      );
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    const watch = () => {
      sizes?.disconnect();
      sizes?.observe(el);
      for (const child of el.children) sizes?.observe(child);
      later();
    };
    const children = typeof MutationObserver === 'undefined' ? null : new MutationObserver(watch);
    children?.observe(el, { childList: true });
    el.addEventListener('scroll', later, { passive: true });
    measure();
    watch();
    return () => {
      el.removeEventListener('scroll', later);
      children?.disconnect();
      sizes?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
  return edges;
}
