import { answerFork } from '../../state/forkGuard.ts';
import { useAppStore } from '../../state/hooks.ts';
import { pendingForkSelector } from '../../state/selectors.ts';
import type { ActionView } from '../../worker/protocol.ts';
import { ModalDialog } from '../scenario/ModalDialog.tsx';
import { primaryButton, secondaryButton } from '../scenario/styles.ts';
import { type EditT, useEditT } from './i18n.ts';

/** actionText words a scripted action: the kubectl line, the applied object, the recorded API write, or the node change. */
export function actionText(t: EditT, a: ActionView): string {
  if (a.kubectl !== null) return `kubectl ${a.kubectl}`;
  if (a.apply !== null) return t('fork.apply', { object: a.apply });
  if (a.request !== null) return a.request;
  if (a.node !== null) return t(`fork.node.${a.node.op}`, { name: a.node.name });
  return '';
}

/**
 * ForkConfirm is the warning before a change that forks the run: it lists the scripted actions
 * due after the current tick that the fork drops, and asks. Escape and Keep the script cancel;
 * focus starts on Keep the script, so Enter never drops a script by accident.
 */
export function ForkConfirm() {
  const t = useEditT();
  const pending = useAppStore(pendingForkSelector);
  return (
    <ModalDialog
      open={pending !== null}
      onClose={() => answerFork(false)}
      title={t('fork.title', { tick: pending?.tick ?? 0 })}
      description={t('fork.description', { tick: pending?.tick ?? 0 })}
      widthClass="max-w-xl"
      initialFocus={(d) => d.querySelector<HTMLElement>('[data-keep]')}
    >
      <ul
        aria-label={t('fork.listLabel')}
        className="mb-3 flex flex-col gap-1 text-sm"
        data-testid="dropped-actions"
      >
        {(pending?.actions ?? []).map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while the dialog is open
          <li key={i} className="flex gap-2">
            <span className="w-20 shrink-0 text-slate-600 tabular-nums dark:text-slate-400">
              {t('fork.at', { at: a.at })}
            </span>
            <span className="font-mono break-all">{actionText(t, a)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" data-keep className={secondaryButton} onClick={() => answerFork(false)}>
          {t('fork.cancel')}
        </button>
        <button type="button" className={primaryButton} onClick={() => answerFork(true)}>
          {t('fork.confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
