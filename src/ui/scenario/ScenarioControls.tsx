import { useState } from 'react';
import { ExportDialog } from './ExportDialog.tsx';
import { useScenarioT } from './i18n.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { ScenariosDialog } from './ScenariosDialog.tsx';
import { headerButton } from './styles.ts';

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
  const close = () => setOpen(null);
  const button = (which: Which) => (
    <button type="button" className={headerButton} aria-haspopup="dialog" onClick={() => setOpen(which)}>
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
      <ScenariosDialog open={open === 'scenarios'} onClose={close} />
      <ImportDialog open={open === 'import'} onClose={close} />
      <ExportDialog open={open === 'export'} onClose={close} />
    </>
  );
}
