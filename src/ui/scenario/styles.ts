/** Class names shared by the scenario dialogs, so their buttons look like the header's. */

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** primaryButton: the one main action of a dialog. */
export const primaryButton = `inline-flex items-center justify-center gap-1.5 rounded-md bg-blue px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue/90 disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

/** secondaryButton: every other action. */
export const secondaryButton = `inline-flex items-center justify-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`;

/** headerButton: a text button in the app header, the height of the theme toggle. */
export const headerButton = `inline-flex h-9 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-slate-300 px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`;

/** errorBox: the one clear message of a failed import or load (role="alert"). */
export const errorBox =
  'whitespace-pre-wrap break-words rounded-md border border-vermillion bg-vermillion/10 px-3 py-2 text-sm text-vermillion-ink dark:text-orange';

/** noteBox: a success or an informational note (role="status"). */
export const noteBox =
  'whitespace-pre-wrap break-words rounded-md border border-bluish-green bg-bluish-green/10 px-3 py-2 text-sm text-slate-900 dark:text-slate-100';
