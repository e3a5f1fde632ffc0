import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** What is missing, in a few words. */
  title: string;
  /** What will show here, in one sentence. */
  children: ReactNode;
}

/** EmptyState tells what a panel shows once a scenario runs. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-1 text-center">
      <p className="text-base font-medium text-slate-700 dark:text-slate-300">{title}</p>
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{children}</p>
    </div>
  );
}
