import { useAppStore } from '../../state/hooks.ts';
import {
  kubernetesVersionSelector,
  workerErrorSelector,
  workerStatusSelector,
} from '../../state/selectors.ts';
import { useT } from '../common/useT.ts';

/** VersionBadge shows the Kubernetes release the worker's engine reproduces, once it has answered. */
export function VersionBadge() {
  const t = useT();
  const status = useAppStore(workerStatusSelector);
  const version = useAppStore(kubernetesVersionSelector);
  const error = useAppStore(workerErrorSelector);
  const text =
    status === 'ready'
      ? t('header.versionReady', { version })
      : status === 'error'
        ? t('header.versionError')
        : t('header.versionStarting');
  return (
    <span
      data-testid="k8s-version"
      data-status={status}
      title={error ?? undefined}
      aria-live="polite"
      className="whitespace-nowrap rounded-full border border-slate-300 px-2 py-0.5 font-mono text-xs sm:px-3 sm:text-sm text-slate-800 data-[status=error]:border-vermillion data-[status=error]:text-vermillion-ink dark:border-slate-600 dark:text-slate-200 dark:data-[status=error]:text-vermillion"
    >
      {text}
    </span>
  );
}
