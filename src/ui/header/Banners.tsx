import { useState } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { scenarioMessageSelector } from '../../state/selectors.ts';
import type { ScenarioMessage } from '../../state/simSlice.ts';
import { useT } from '../common/useT.ts';
import { messageText } from './messageText.ts';

/**
 * Banners shows the scenario message (e.g. a share link that could not be opened, and the default
 * scenario shown instead) until the reader dismisses it or another message comes.
 */
export function Banners() {
  const t = useT();
  const message = useAppStore(scenarioMessageSelector);
  const [dismissed, setDismissed] = useState<ScenarioMessage | null>(null);
  const shown = message !== null && message !== dismissed ? message : null;
  return (
    <div role="status" aria-live="polite" className="basis-full empty:hidden">
      {shown !== null ? (
        <div
          data-testid="scenario-message"
          className="flex items-start gap-2 rounded-md border border-orange bg-orange/15 px-3 py-1.5 text-sm text-slate-900 dark:text-slate-100"
        >
          <p className="min-w-0 flex-1 break-words whitespace-pre-wrap">{messageText(shown, t)}</p>
          <button
            type="button"
            onClick={() => setDismissed(shown)}
            className="shrink-0 rounded px-2 font-medium underline hover:no-underline focus-visible:outline-2 focus-visible:outline-accent"
          >
            {t('common.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
