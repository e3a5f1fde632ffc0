import { lazy, Suspense, useState } from 'react';
import { useScenarioT } from './i18n.ts';
import { headerButton } from './styles.ts';

// The dialogs load when first opened (the first page stays within 160 KB of gzipped JS, issue 14).
const ScenariosDialog = lazy(() =>
  import('./ScenariosDialog.tsx').then((m) => ({ default: m.ScenariosDialog })),
);
const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));
const ExportDialog = lazy(() => import('./ExportDialog.tsx').then((m) => ({ default: m.ExportDialog })));

type Which = 'scenarios' | 'import' | 'export';

/** Icon paths (24×24, stroked): a book, an arrow into a tray, an arrow out of it. */
const ICONS: Record<Which, string> = {
  scenarios: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z M4 21V5 M8 7h7',
  import: 'M12 3v12 M7 10l5 5 5-5 M4 17v3h16v-3',
  export: 'M12 15V3 M7 8l5-5 5 5 M4 17v3h16v-3',
};

/** ScenarioControls are the header's Scenarios, Import and Export buttons and their dialogs. */
export function ScenarioControls() {
  const t = useScenarioT();
  const [open, setOpen] = useState<Which | null>(null);
  // A dialog once opened stays mounted (closed), as it keeps its state.
  const [seen, setSeen] = useState<readonly Which[]>([]);
  const close = () => setOpen(null);
  const show = (which: Which) => {
    setOpen(which);
    setSeen((s) => (s.includes(which) ? s : [...s, which]));
  };
  const button = (which: Which) => (
    <button
      type="button"
      className={headerButton}
      aria-haspopup="dialog"
      onClick={() => show(which)}
      // Import and Export show their icons only on a short header (layout.css): the name stays, as a tooltip too.
      data-compact={which === 'scenarios' ? undefined : ''}
      title={which === 'scenarios' ? undefined : t(`header.${which}`)}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d={ICONS[which]} />
      </svg>
      {t(`header.${which}`)}
    </button>
  );
  return (
    <>
      {button('scenarios')}
      {button('import')}
      {button('export')}
      <Suspense fallback={null}>
        {seen.includes('scenarios') ? <ScenariosDialog open={open === 'scenarios'} onClose={close} /> : null}
        {seen.includes('import') ? <ImportDialog open={open === 'import'} onClose={close} /> : null}
        {seen.includes('export') ? <ExportDialog open={open === 'export'} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
