import type { ReactNode } from 'react';

/**
 * ViewFrame is the page of the Compare and Sweep views: one titled section that scrolls, its
 * toolbar, the view's alert when there is one, then its content.
 */
export function ViewFrame(props: {
  id: string;
  title: string;
  toolbar: ReactNode;
  message: string | null;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-0 flex-1 flex-col p-3">
      <section
        aria-labelledby={props.id}
        className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto rounded-lg border border-slate-300 bg-white p-2 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={props.id} className="px-1 text-base font-semibold tracking-wide">
          {props.title}
        </h2>
        {props.toolbar}
        {props.message ? (
          <p
            role="alert"
            className="rounded bg-vermillion/10 px-2 py-1 text-sm text-vermillion-ink dark:text-orange"
          >
            {props.message}
          </p>
        ) : null}
        {props.children}
      </section>
    </main>
  );
}
