import { useEffect, useState } from 'react';
import { stepDecision } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { tickSelector, totalTicksSelector } from '../../state/selectors.ts';
import { useT } from '../common/useT.ts';
import { BUTTON, Icon } from './buttons.tsx';

/** How long "No later decision" stays shown. */
const EDGE_MS = 2500;

/**
 * goDecision steps to the previous or next decision and says so when there is none that way;
 * the keys (PageUp / PageDown) and the buttons share it.
 */
export async function goDecision(direction: 1 | -1, onEdge?: (direction: 1 | -1) => void): Promise<void> {
  const tick = await stepDecision(direction);
  if (tick === null) onEdge?.(direction);
}

/** DecisionButtons: Previous decision / Next decision (DESIGN.md §12), following the Explain filter. */
export function DecisionButtons() {
  const t = useT();
  const tick = useAppStore(tickSelector);
  const total = useAppStore(totalTicksSelector);
  const [edge, setEdge] = useState<1 | -1 | null>(null);
  useEffect(() => {
    if (edge === null) return;
    const h = setTimeout(() => setEdge(null), EDGE_MS);
    return () => clearTimeout(h);
  }, [edge]);
  const disabled = total === 0;
  return (
    <>
      <button
        type="button"
        className={BUTTON}
        onClick={() => void goDecision(-1, setEdge)}
        disabled={disabled || tick <= 1}
        aria-label={t('teach.prevDecision')}
        title={`${t('teach.prevDecision')} — ${t('teach.decisionTitle')}`}
        aria-keyshortcuts="PageUp"
      >
        <Icon d="M5 5h2v14H5zM19 5v14l-6-7zM13 5v14l-6-7z" />
      </button>
      <button
        type="button"
        className={BUTTON}
        onClick={() => void goDecision(1, setEdge)}
        disabled={disabled}
        aria-label={t('teach.nextDecision')}
        title={`${t('teach.nextDecision')} — ${t('teach.decisionTitle')}`}
        aria-keyshortcuts="PageDown"
      >
        <Icon d="M17 5h2v14h-2zM5 5v14l6-7zM11 5v14l6-7z" />
      </button>
      <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {edge === 1 ? t('teach.noLaterDecision') : edge === -1 ? t('teach.noEarlierDecision') : ''}
      </span>
    </>
  );
}
