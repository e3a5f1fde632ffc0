/** The timeline's button style and glyph, shared by its controls. */
export const BUTTON =
  'inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md border border-slate-300 px-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/** Icon is a 24×24 filled glyph (fonts on classroom machines lack the media symbols). */
export function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}
