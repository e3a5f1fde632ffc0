import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../common/useT.ts';

interface PrinterTextProps {
  /** The kubectl command shown as the prompt and the output's accessible name. */
  command: string;
  /** Fetches the printer's output at the current tick. */
  load(): Promise<string>;
  /** What the output depends on (the tick, the object): a change fetches it again. */
  reloadKey: string;
  /** Shrink the text (down to 10px) until the widest line fits, instead of scrolling sideways. */
  fit?: boolean;
}

/** The text size of the output (Tailwind's text-xs) and the smallest a fitted output goes to. */
const BASE_PX = 12;
const FIT_MIN_PX = 10;

/**
 * fittedPx is the font size at which monospace text `textWidth` pixels wide at `currentPx` fills
 * `available` pixels: a width scales with the size, so 533 px of text at 12px in 511 px fits at
 * 11.5px, and the same text back in 560 px returns to 12px. Never above the base size nor below
 * the minimum (the box then scrolls).
 */
export function fittedPx(textWidth: number, available: number, currentPx: number): number {
  if (textWidth <= 0 || available <= 0) return BASE_PX;
  const px = Math.floor((available / textWidth) * currentPx * 10) / 10;
  return Math.min(BASE_PX, Math.max(FIT_MIN_PX, px));
}

/** PrinterText shows one kubectl printer's output (rollout status/history, describe) at the current tick. */
export function PrinterText({ command, load, reloadKey, fit = false }: PrinterTextProps) {
  const t = useT();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const loader = useRef(load);
  loader.current = load;
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [fontPx, setFontPx] = useState(BASE_PX);

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

  // Fit the widest line to the box, again whenever the box or the text changes size (observed).
  useLayoutEffect(() => {
    const el = box.current;
    const inner = content.current;
    if (!fit || el === null || inner === null) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const available =
        el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      setFontPx((px) => fittedPx(inner.offsetWidth, available, px));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [fit]);

  return (
    <div
      ref={box}
      style={fit ? { fontSize: `${fontPx}px` } : undefined}
      role="log"
      aria-label={command}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the output scrolls, so keyboard users must reach it
      tabIndex={0}
      className="h-full max-h-[26rem] min-h-0 overflow-auto rounded-md bg-slate-950 p-2 lg:max-h-none font-mono text-xs leading-5 text-slate-100 focus-visible:outline-2 focus-visible:outline-accent"
    >
      {/* As wide as its widest line (w-max): what a fitted output measures. */}
      <div ref={content} className="w-max max-w-none">
        <div className="text-slate-400">
          <span className="select-none text-emerald-400">$ </span>
          {command}
        </div>
        <div className="whitespace-pre">{text ?? (failed ? '' : t('common.loading'))}</div>
      </div>
      {failed ? <div className="whitespace-pre-wrap text-red-300">{failed}</div> : null}
    </div>
  );
}
