import { type ReactNode, useId } from 'react';

interface PanelProps {
  /** The region's accessible name and visible title (DESIGN.md §7). */
  title: string;
  /** The grid area the panel fills (see src/app/app.css). */
  area: string;
  children: ReactNode;
}

/** Panel is the frame of one landmark region: a titled card whose body scrolls on its own. */
export function Panel({ title, area, children }: PanelProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      style={{ gridArea: area }}
      className="flex min-h-48 min-w-0 flex-col overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900 lg:min-h-0"
    >
      <h2
        id={titleId}
        className="border-b border-slate-200 px-4 py-2 text-base font-semibold tracking-wide text-slate-900 dark:border-slate-800 dark:text-slate-100"
      >
        {title}
      </h2>
      <div className="min-h-0 flex-1 overflow-auto p-4">{children}</div>
    </section>
  );
}
