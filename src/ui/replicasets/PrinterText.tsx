import { useEffect, useRef, useState } from 'react';
import { useT } from '../common/useT.ts';

interface PrinterTextProps {
  /** The kubectl command shown as the prompt and the output's accessible name. */
  command: string;
  /** Fetches the printer's output at the current tick. */
  load(): Promise<string>;
  /** What the output depends on (the tick, the object): a change fetches it again. */
  reloadKey: string;
}

/** PrinterText shows one kubectl printer's output (rollout status/history, describe) at the current tick. */
export function PrinterText({ command, load, reloadKey }: PrinterTextProps) {
  const t = useT();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    let live = true;
    void reloadKey;
    loader.current().then(
      (out) => {
        if (!live) return;
        setText(out);
        setFailed(null);
      },
      (error: unknown) => {
        if (live) setFailed(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [reloadKey]);

  return (
    <div
      role="log"
      aria-label={command}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the output scrolls, so keyboard users must reach it
      tabIndex={0}
      className="h-full max-h-[26rem] min-h-0 overflow-auto rounded-md bg-slate-950 p-2 lg:max-h-none font-mono text-xs leading-5 text-slate-100 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className="text-slate-400">
        <span className="select-none text-emerald-400">$ </span>
        {command}
      </div>
      {failed ? <div className="whitespace-pre-wrap text-red-300">{failed}</div> : null}
      <div className="whitespace-pre">{text ?? (failed ? '' : t('common.loading'))}</div>
    </div>
  );
}
