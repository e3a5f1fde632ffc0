import { useScenarioT } from './i18n.ts';
import { errorBox, noteBox } from './styles.ts';

/** Where an import stands: nothing yet, running, refused (every message), or done. */
export type ImportState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; message: string; ignored: string | null };

/**
 * ImportStatus shows how the import went. A refusal of several bad documents (one message a line,
 * `Document 2: The Deployment "x" is invalid: …`) is a list under a count, so each can be read and
 * fixed; one message is shown as it is. Messages are text, never HTML.
 */
export function ImportStatus({ state }: { state: ImportState }) {
  const t = useScenarioT();
  const lines = state.kind === 'error' ? state.message.split('\n').filter(Boolean) : [];
  return (
    <>
      <div aria-live="polite">
        {state.kind === 'done' ? (
          <div role="status" className={noteBox}>
            <p className="font-medium">{state.message}</p>
            {state.ignored ? <p data-testid="import-ignored">{state.ignored}</p> : null}
          </div>
        ) : null}
        {state.kind === 'busy' ? <p className="text-sm">{t('import.busy')}</p> : null}
      </div>
      {state.kind === 'error' && lines.length > 1 ? (
        <div role="alert" className={errorBox}>
          <p className="font-medium">{t('import.invalid', { count: lines.length })}</p>
          <ul className="mt-1 list-disc pl-5 font-mono text-xs" data-testid="import-errors">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.kind === 'error' && lines.length <= 1 ? (
        <p role="alert" className={errorBox}>
          {state.message}
        </p>
      ) : null}
    </>
  );
}
