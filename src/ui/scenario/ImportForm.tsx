import { type DragEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { ImportMode } from '../../worker/protocol.ts';
import { useScenarioT } from './i18n.ts';
import { ImportModeChoice } from './ImportModeChoice.tsx';
import { type ImportState, ImportStatus } from './ImportStatus.tsx';
import { type ReadFailure, readFilesAsText } from './readFiles.ts';
import { primaryButton, secondaryButton } from './styles.ts';

/** What importing a text gave: as `importText` answers (cancelled: the reader kept the script). */
export interface ImportOutcome {
  ok: boolean;
  message?: string;
  ignored?: string;
  cancelled?: boolean;
}

/** How to import: Replace or Add, and the file the text came from (it names a new scenario). */
export interface ImportOptions {
  mode: ImportMode;
  fileName: string | null;
}

interface ImportFormProps {
  onImport: (text: string, opts: ImportOptions) => Promise<ImportOutcome>;
  /** Called after a successful import when the reader presses Done. */
  onDone: () => void;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * ImportForm takes manifests or a scenario file pasted into the text box, dropped on the zone or
 * chosen with the file input, and imports them through `onImport`, replacing the scenario (the
 * default) or adding to it. A failure shows every message (field path / API server wording) and
 * keeps the text for fixing; nothing in the app changes.
 * The text is only ever data: it is shown as text and sent to the worker, never rendered as HTML.
 */
export function ImportForm({ onImport, onDone, textareaRef }: ImportFormProps) {
  const t = useScenarioT();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<ImportState>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [mode, setMode] = useState<ImportMode>('replace');
  // The file the text came from names a replacing scenario; typing in the box forgets it.
  const [fileName, setFileName] = useState<string | null>(null);
  const hintId = useId();
  const busy = status.kind === 'busy';
  // The answer and Done sit under the text box: at 720 px they are below the dialog's fold, so
  // bring them into view when the import answers (jsdom has no scrollIntoView).
  const footerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status.kind === 'done' || status.kind === 'error')
      footerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [status]);

  async function run(source: string, file: string | null = fileName) {
    if (source.trim() === '') {
      setStatus({ kind: 'error', message: t('import.nothing') });
      return;
    }
    setStatus({ kind: 'busy' });
    let outcome: ImportOutcome;
    try {
      outcome = await onImport(source, { mode, fileName: file });
    } catch (e) {
      outcome = { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    if (outcome.cancelled) {
      setStatus({ kind: 'idle' });
      return;
    }
    if (outcome.ok) {
      setText('');
      setFileName(null);
      setStatus({
        kind: 'done',
        message: outcome.message ?? t('import.imported'),
        ignored: outcome.ignored ?? null,
      });
    } else {
      setStatus({ kind: 'error', message: outcome.message ?? t('import.failed') });
    }
  }

  async function takeFiles(files: FileList | null) {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return;
    setStatus({ kind: 'busy' });
    const read = await readFilesAsText(list);
    if (!read.ok) {
      setStatus({ kind: 'error', message: failureText(read, t) });
      return;
    }
    setText(read.text);
    const name = read.names.length === 1 ? (read.names[0] ?? null) : null;
    setFileName(name);
    await run(read.text, name);
  }

  function onDragOver(e: DragEvent<HTMLFieldSetElement>) {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDrop(e: DragEvent<HTMLFieldSetElement>) {
    setDragging(false);
    if (e.dataTransfer.files.length === 0) return;
    e.preventDefault();
    void takeFiles(e.dataTransfer.files);
  }

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void run(text);
      }}
    >
      {/* First: choosing a file imports it at once, so the choice comes before the text. */}
      <ImportModeChoice mode={mode} onChange={setMode} />
      <fieldset
        data-testid="import-drop-zone"
        data-dragging={dragging || undefined}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className="flex flex-col gap-2 rounded-md border-2 border-dashed border-slate-300 p-3 data-[dragging]:border-blue data-[dragging]:bg-blue/5 dark:border-slate-600 dark:data-[dragging]:border-sky-blue"
      >
        <legend className="sr-only">{t('import.legend')}</legend>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('import.label')}
          <textarea
            ref={textareaRef}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setFileName(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void run(text);
              }
            }}
            aria-describedby={hintId}
            spellCheck={false}
            rows={8}
            placeholder={'apiVersion: apps/v1\nkind: Deployment\n...'}
            className="min-h-40 w-full resize-y rounded-md border border-slate-300 bg-white p-2 font-mono text-sm font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-accent dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        </label>
        <p id={hintId} className="text-xs text-slate-700 dark:text-slate-300">
          {t('import.hint')}
        </p>
        <input
          type="file"
          multiple
          accept=".yaml,.yml,.json,application/yaml,text/yaml,application/json,text/plain"
          aria-label={t('import.chooseFiles')}
          disabled={busy}
          onChange={(e) => {
            void takeFiles(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
          className="text-sm file:mr-2 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1 file:text-sm file:font-medium file:text-slate-800 dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
      </fieldset>
      <ImportStatus state={status} />
      <div ref={footerRef} className="flex flex-wrap justify-end gap-2">
        {status.kind === 'done' ? (
          <button type="button" className={secondaryButton} onClick={onDone}>
            {t('import.done')}
          </button>
        ) : null}
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('import.submit')}
        </button>
      </div>
    </form>
  );
}

/** failureText words why files could not be taken. */
function failureText(f: ReadFailure, t: ReturnType<typeof useScenarioT>): string {
  switch (f.reason) {
    case 'noFile':
      return t('import.noFile');
    case 'tooLarge':
      return f.count === 1 ? t('import.tooLargeOne', f) : t('import.tooLargeMany', f);
    case 'unreadable':
      return t('import.unreadable', f);
  }
}
