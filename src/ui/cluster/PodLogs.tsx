import { useEffect, useState } from 'react';
import { podLogs } from '../../state/actions.ts';
import { useT } from '../common/useT.ts';

interface PodLogsProps {
  /** The pod's objectRef (`namespace/name`) or, in a packed cluster, its name. */
  podRef: string;
  /** The playhead's tick: the log is read again when it moves. */
  tick: number;
}

/**
 * PodLogs shows what `kubectl logs` prints for the pod at the playhead — the same lines the served
 * API gives the real kubectl — and, folded, `--previous`. A log is read only while it is open.
 */
export function PodLogs({ podRef, tick }: PodLogsProps) {
  const t = useT();
  return (
    <div className="mt-2 flex flex-col gap-1">
      <LogBlock podRef={podRef} tick={tick} previous={false} title={t('cluster.logs')} open />
      <LogBlock podRef={podRef} tick={tick} previous title={t('cluster.previousLogs')} open={false} />
    </div>
  );
}

function LogBlock({
  podRef,
  tick,
  previous,
  title,
  open: initiallyOpen,
}: PodLogsProps & { previous: boolean; title: string; open: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(initiallyOpen);
  const [text, setText] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick means new lines
  useEffect(() => {
    if (!open) return;
    let live = true;
    void podLogs(podRef, previous)
      .then((s) => live && setText(s))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [open, podRef, previous, tick]);

  return (
    <details open={initiallyOpen} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">{title}</summary>
      <pre
        role="log"
        aria-live="off"
        aria-label={title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must reach it
        tabIndex={0}
        className="max-h-48 overflow-auto rounded bg-slate-100 p-1 font-mono text-xs whitespace-pre dark:bg-slate-900"
      >
        {text ?? t('common.loading')}
      </pre>
    </details>
  );
}
