import { useLayoutEffect, useRef, useState } from 'react';
import { completions, runKubectl } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { consoleLogSelector } from '../../state/selectors.ts';
import { namespaceFlag } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';

/** commonPrefix is the longest prefix shared by all the strings. */
export function commonPrefix(list: readonly string[]): string {
  if (list.length === 0) return '';
  let prefix = list[0] ?? '';
  for (const s of list) while (!s.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/** The workload the console's hint names: the one the Controls panel shows. */
export interface ConsoleWorkload {
  kind: 'Deployment' | 'DaemonSet' | 'StatefulSet';
  name: string;
  namespace: string;
}

/** What an empty line suggests for each kind: the list its `-w` tab watches. */
const PLACEHOLDER: Record<ConsoleWorkload['kind'], string> = {
  Deployment: 'get rs',
  DaemonSet: 'get ds',
  StatefulSet: 'get sts',
};

/**
 * KubectlConsole is the `kubectl` text box: ↑/↓ walk the history, Tab completes, Enter runs the
 * line (read-only verbs answer at the current tick; changes fork the run there). Output comes from
 * the engine's printers, in a monospace log. Its hint and placeholder name `workload` (a
 * StatefulSet's console suggests `get sts` and `rollout status statefulset/web`, not ReplicaSets).
 */
export function KubectlConsole({ workload }: { workload?: ConsoleWorkload | undefined }) {
  const t = useT();
  const log = useAppStore(consoleLogSelector);
  const [line, setLine] = useState('');
  const [hint, setHint] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const cursor = useRef<number | null>(null);
  const box = useRef<HTMLDivElement>(null);

  // Each new entry scrolls the log to the end; the hint of an empty log is read from its start (a
  // short console at 1280×720 showed it scrolled by a few px, the top of a fourth line cut off
  // under the input's border).
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = log.length === 0 ? 0 : box.current.scrollHeight;
  }, [log]);

  const history = log.map((e) => e.input);
  const onKeyDown = async (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      if (history.length === 0) return;
      e.preventDefault();
      const at = cursor.current ?? history.length;
      const next = Math.min(history.length, Math.max(0, at + (e.key === 'ArrowUp' ? -1 : 1)));
      cursor.current = next;
      setLine(history[next] ?? '');
    } else if (e.key === 'Tab' && line.trim() !== '') {
      e.preventDefault();
      const options = await completions(line);
      if (options.length === 1) {
        setLine(`${options[0] ?? line} `);
        setHint([]);
      } else {
        const prefix = commonPrefix(options);
        if (prefix.length > line.length) setLine(prefix);
        setHint(options.slice(0, 12));
      }
    } else if (e.key === 'Enter' && line.trim() !== '' && !busy) {
      e.preventDefault();
      setBusy(true);
      const input = line.trim().replace(/^kubectl\s+/, '');
      setLine('');
      setHint([]);
      cursor.current = null;
      const r = await runKubectl(input);
      // Cancelled at the fork warning: the line comes back to be run later or changed.
      if (r.cancelled) setLine(input);
      setBusy(false);
    }
  };

  return (
    <div className="kubectl-console flex h-28 shrink-0 flex-col overflow-hidden rounded-md bg-slate-950 font-mono text-xs text-slate-100">
      <div
        ref={box}
        role="log"
        aria-label={t('controls.consoleLog')}
        // Busy from Enter until the answer is in the log: a screen reader (and a test) waits for it.
        aria-busy={busy}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must reach it
        tabIndex={0}
        // The focus ring is drawn inside the log: the console's rounded box cut off one drawn outside.
        className="min-h-12 flex-1 overflow-auto px-2 py-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
      >
        {log.length === 0 ? (
          <p className="text-slate-400">
            {workload
              ? t(`controls.consoleHint${workload.kind}`, {
                  name: workload.name,
                  namespaceFlag: namespaceFlag(workload.namespace),
                })
              : t('controls.consoleHint')}
          </p>
        ) : null}
        {log.map((entry, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the console log is append-only
          <div key={i} data-testid="console-entry" data-ok={entry.ok}>
            <div className="text-slate-400">
              <span className="text-emerald-400">$ </span>kubectl {entry.input}
            </div>
            <div className={`whitespace-pre ${entry.ok ? '' : 'text-red-300'}`}>{entry.output}</div>
          </div>
        ))}
      </div>
      {hint.length > 0 ? (
        <div
          data-testid="completions"
          className="border-t border-slate-800 px-2 py-0.5 whitespace-pre text-slate-300"
          aria-live="polite"
        >
          {hint.map((h) => h.split(/\s+/).at(-1)).join('   ')}
        </div>
      ) : null}
      <label className="flex items-center gap-1 border-t border-slate-800 px-2 py-1">
        <span className="text-emerald-400" aria-hidden="true">
          $ kubectl
        </span>
        <input
          type="text"
          aria-label="kubectl"
          value={line}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          placeholder={workload ? PLACEHOLDER[workload.kind] : t('controls.consolePlaceholder')}
          onChange={(e) => {
            setLine(e.target.value);
            cursor.current = null;
          }}
          onKeyDown={(e) => void onKeyDown(e)}
          className="min-w-0 flex-1 bg-transparent text-slate-100 outline-none placeholder:text-slate-500"
        />
      </label>
    </div>
  );
}
