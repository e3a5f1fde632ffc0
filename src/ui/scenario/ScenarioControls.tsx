import { useState } from 'react';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { ScenariosDialog } from './ScenariosDialog.tsx';
import { headerButton } from './styles.ts';

type Open = 'scenarios' | 'import' | 'export' | null;

/** ScenarioControls are the header's Scenarios, Import and Export buttons and their dialogs. */
export function ScenarioControls() {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <button
        type="button"
        className={headerButton}
        aria-haspopup="dialog"
        onClick={() => setOpen('scenarios')}
      >
        <BookIcon />
        Scenarios
      </button>
      <button type="button" className={headerButton} aria-haspopup="dialog" onClick={() => setOpen('import')}>
        Import
      </button>
      <button type="button" className={headerButton} aria-haspopup="dialog" onClick={() => setOpen('export')}>
        Export
      </button>
      <ScenariosDialog open={open === 'scenarios'} onClose={close} />
      <ImportDialog open={open === 'import'} onClose={close} />
      <ExportDialog open={open === 'export'} onClose={close} />
    </>
  );
}

function BookIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z M4 21V5 M8 7h7" />
    </svg>
  );
}
