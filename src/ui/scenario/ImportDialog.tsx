import { importText } from '../../state/editActions.ts';
import { useScenarioT } from './i18n.ts';
import { ImportForm } from './ImportForm.tsx';
import { ModalDialog } from './ModalDialog.tsx';

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/** focusTextBox starts the dialog in the text box, ready for a paste. */
function focusTextBox(dialog: HTMLDialogElement): HTMLElement | null {
  return dialog.querySelector('textarea');
}

/**
 * ImportDialog imports manifests (a new scenario of them on the current nodes, or added to the
 * working one) or a whole scenario file (it replaces the working one). A failure changes nothing.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const t = useScenarioT();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('import.title')}
      description={t('import.description')}
      initialFocus={focusTextBox}
    >
      <ImportForm onImport={importText} onDone={onClose} />
    </ModalDialog>
  );
}
