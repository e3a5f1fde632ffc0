import { type Dispatch, type SetStateAction, useState } from 'react';
import type { ImageBehaviourView } from '../../worker/protocol.ts';
import { setImageBehaviours } from '../../state/editActions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { scenarioImagesSelector } from '../../state/selectors.ts';
import { ModalDialog } from '../scenario/ModalDialog.tsx';
import { errorBox, primaryButton, secondaryButton } from '../scenario/styles.ts';
import { useEditT } from './i18n.ts';
import { ImageAppRow } from './ImageAppRow.tsx';
import { ImageBehaviourRow } from './ImageBehaviourRow.tsx';
import { draftOf, type ImageDraft, imagesOf } from './imageDraft.ts';

/**
 * ImageBehaviourDialog is the image behaviour editor: for every image the scenario runs (and
 * `default`), its pull, start and ready times and the pull-fails / crashes / never-ready switches,
 * and how its application answers requests (SIGTERM, request time, max rps), with the defaults
 * stated. Apply writes `cluster.images`; the run is recorded again at this tick.
 */
export function ImageBehaviourDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useEditT();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('images.title')}
      description={t('images.description')}
      widthClass="max-w-4xl"
    >
      <ImageBehaviourForm onDone={onClose} />
    </ModalDialog>
  );
}

function ImageBehaviourForm({ onDone }: { onDone(): void }) {
  const t = useEditT();
  const rows = useAppStore(scenarioImagesSelector);
  const [drafts, setDrafts] = useState<ImageDraft[]>(() => rows.map(draftOf));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const r = imagesOf(drafts);
    if ('bad' in r) {
      const { image, value } = r.bad;
      setError(t(r.bad.kind === 'seconds' ? 'images.badSeconds' : 'images.badNumber', { image, value }));
      return;
    }
    setBusy(true);
    const out = await setImageBehaviours(r.images);
    setBusy(false);
    if (out.ok) onDone();
    else setError(out.message ?? '');
  };

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="image-defaults">
        {t('images.defaults')}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" data-testid="image-behaviours">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <th className="py-1 pr-2 font-medium">{t('images.image')}</th>
              <th className="py-1 pr-2 font-medium">{t('images.pull')}</th>
              <th className="py-1 pr-2 font-medium">{t('images.start')}</th>
              <th className="py-1 pr-2 font-medium">{t('images.ready')}</th>
              <th className="py-1 pr-2 text-center font-medium">{t('images.pullFails')}</th>
              <th className="py-1 pr-2 text-center font-medium">{t('images.crashes')}</th>
              <th className="py-1 pr-2 text-center font-medium">{t('images.neverReady')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <ImageBehaviourRow
                key={row.image}
                t={t}
                row={row}
                draft={drafts[i] ?? draftOf(row)}
                onChange={(d) => setDrafts((cur) => cur.map((x, k) => (k === i ? d : x)))}
              />
            ))}
          </tbody>
        </table>
      </div>
      <AppTable rows={rows} drafts={drafts} setDrafts={setDrafts} />
      {error ? (
        <p role="alert" className={errorBox}>
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onDone}>
          {t('images.cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('images.apply')}
        </button>
      </div>
    </form>
  );
}

/**
 * AppTable: the second table, how each image's application answers requests when the scenario
 * has traffic (DESIGN.md §15); it listens from its "Ready after" time in the table above.
 */
function AppTable(props: {
  rows: readonly ImageBehaviourView[];
  drafts: readonly ImageDraft[];
  setDrafts: Dispatch<SetStateAction<ImageDraft[]>>;
}) {
  const t = useEditT();
  const { rows, drafts, setDrafts } = props;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid="image-applications">
        <caption className="pb-1 text-left text-xs text-slate-700 dark:text-slate-300">
          <span className="font-semibold">{t('images.appTitle')}</span> {t('images.appNote')}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <th className="py-1 pr-2 font-medium">{t('images.image')}</th>
            <th className="py-1 pr-2 font-medium">{t('images.onSigterm')}</th>
            <th className="py-1 pr-2 font-medium">{t('images.requestMs')}</th>
            <th className="py-1 pr-2 font-medium">{t('images.maxRps')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <ImageAppRow
              key={row.image}
              t={t}
              row={row}
              draft={drafts[i] ?? draftOf(row)}
              onChange={(d) => setDrafts((cur) => cur.map((x, k) => (k === i ? d : x)))}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
