import { useState } from 'react';
import { copyText, downloadText } from './fileExport.ts';
import { useScenarioT } from './i18n.ts';
import { errorBox, primaryButton, secondaryButton } from './styles.ts';

interface YamlExportProps {
  /** The section's heading (it names the region for screen readers). */
  heading: string;
  /** The YAML to show, save and copy; null while it is being fetched. */
  yaml: string | null;
  /** The file name the download gets. */
  fileName: string;
  /** What to say once the YAML is on the clipboard. */
  copied: string;
  /** Tests replace the browser's download and clipboard. */
  save?: (text: string, fileName: string) => void;
  copy?: typeof copyText;
}

/**
 * YamlExport shows a YAML text read-only, with a download (a Blob URL, `<name>.yaml`) and a copy
 * button. The text is rendered as text inside <pre>, never as HTML.
 */
export function YamlExport({
  heading,
  yaml,
  fileName,
  copied,
  save = downloadText,
  copy = copyText,
}: YamlExportProps) {
  const t = useScenarioT();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const ready = yaml !== null && yaml !== '';
  return (
    <section aria-label={heading} className="flex flex-col gap-2">
      <h3 className="text-base font-semibold">{heading}</h3>
      <pre
        data-testid="export-yaml"
        aria-busy={yaml === null}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="max-h-64 overflow-auto rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-900 focus-visible:outline-2 focus-visible:outline-accent dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      >
        {yaml === null ? t('export.loading') : ready ? yaml : t('export.empty')}
      </pre>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={primaryButton}
          disabled={!ready}
          onClick={() => {
            if (!ready) return;
            save(yaml, fileName);
            setNote({ ok: true, text: t('export.saved', { file: fileName }) });
          }}
        >
          {t('export.download', { file: fileName })}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={!ready}
          onClick={async () => {
            if (!ready) return;
            const r = await copy(yaml);
            setNote(
              r.ok ? { ok: true, text: copied } : { ok: false, text: t('export.copyFailed', { why: r.why }) },
            );
          }}
        >
          {t('export.copy')}
        </button>
        <span aria-live="polite" className="text-sm">
          {note?.ok ? note.text : null}
        </span>
      </div>
      {note && !note.ok ? (
        <p role="alert" className={errorBox}>
          {note.text}
        </p>
      ) : null}
    </section>
  );
}
