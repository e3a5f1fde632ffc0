import { importText } from '../../state/actions.ts';
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
 * ImportDialog imports manifests (their Deployments and DaemonSets join the working scenario) or a
 * whole scenario file (it replaces the working one). A failure changes nothing.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Import"
      description="Manifests add their Deployments and DaemonSets to the working scenario; a scenario file replaces it."
      initialFocus={focusTextBox}
    >
      <ImportForm onImport={importText} onDone={onClose} />
    </ModalDialog>
  );
}
