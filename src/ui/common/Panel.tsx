import { type ReactNode, useId } from 'react';

interface PanelProps {
  /** The region's accessible name and visible title (DESIGN.md §7). */
  title: string;
  /** The grid area the panel fills (see src/app/layout.css). */
  area: string;
  /** Controls shown at the right of the title bar (tabs, filters). */
  actions?: ReactNode;
  /** Classes of the scrolling body (default: padded). */
  bodyClassName?: string;
  children: ReactNode;
}

/** Panel is the frame of one landmark region: a titled card whose body scrolls on its own. */
export function Panel({ title, area, actions, bodyClassName = 'p-3', children }: PanelProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-area={area}
      style={{ gridArea: area }}
      className="relative flex min-h-48 min-w-0 flex-col overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900 lg:min-h-0"
    >
      <div className="flex min-h-10 items-center gap-x-3 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
        <h2
          id={titleId}
          className="shrink-0 text-base font-semibold tracking-wide text-slate-900 dark:text-slate-100"
        >
          {title}
        </h2>
        {actions ? (
          <div className="ml-auto flex min-w-0 items-center justify-end gap-2">{actions}</div>
        ) : null}
      </div>
      <div className={`min-h-0 flex-1 overflow-auto ${bodyClassName}`}>{children}</div>
    </section>
  );
}
