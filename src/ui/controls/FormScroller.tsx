import { type ReactNode, useRef } from 'react';
import { useScrollEdges } from './useScrollEdges.ts';

// A shade of the panel's own colour over an edge of the form's rows (the bottom one ends in a line
// there), clear of the scroll bar.
const SHADE =
  'pointer-events-none absolute left-1 h-6 border-slate-300 from-white to-transparent dark:border-slate-600 dark:from-slate-900';

/**
 * FormScroller is the Controls panel's form, the part of the panel that scrolls: the kubectl
 * console stays under it, outside, so no row ever scrolls under the console. The rows are cut at
 * the form's own edges, and where rows lie past an edge a shade over it says so (at the bottom it
 * ends in a line, above the console). At the end of the form there is none: the last control sits
 * clear above the console. A control reached with Tab is scrolled clear of the shades, and the
 * form keeps room for the focus rings of the controls at its edges. The shades are drawn only,
 * never read or focused.
 */
export function FormScroller({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const { above, below, bar } = useScrollEdges(box);
  return (
    <div className="relative -mx-1 flex min-h-0 flex-1 flex-col">
      <div
        ref={box}
        data-testid="controls-form"
        className="flex min-h-0 flex-1 scroll-py-7 flex-col gap-2 overflow-auto px-1 pb-1"
      >
        {children}
      </div>
      <div
        aria-hidden="true"
        data-testid="controls-more-above"
        hidden={!above}
        style={{ right: `calc(${bar}px + 0.25rem)` }}
        className={`${SHADE} top-0 bg-linear-to-b`}
      />
      <div
        aria-hidden="true"
        data-testid="controls-more-below"
        hidden={!below}
        style={{ right: `calc(${bar}px + 0.25rem)` }}
        className={`${SHADE} bottom-0 border-b bg-linear-to-t`}
      />
    </div>
  );
}
