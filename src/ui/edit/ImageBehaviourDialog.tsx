import { useState } from 'react';
import { setImageBehaviours } from '../../state/editActions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { scenarioImagesSelector } from '../../state/selectors.ts';
import { ModalDialog } from '../scenario/ModalDialog.tsx';
import { errorBox, primaryButton, secondaryButton } from '../scenario/styles.ts';
import { useEditT } from './i18n.ts';
import { ImageAppRow } from './ImageAppRow.tsx';
import { ImageBehaviourRow } from './ImageBehaviourRow.tsx';
import { draftOf, type ImageDraft, imagesOf } from './imageDraft.ts';
import { DraftTable } from './DraftTable.tsx';

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
      <DraftTable
        testId="image-behaviours"
        headers={[
          { label: t('images.image') },
          { label: t('images.pull') },
          { label: t('images.start') },
          { label: t('images.ready') },
          { label: t('images.run') },
          { label: t('images.pullFails'), center: true },
          { label: t('images.crashes'), center: true },
          { label: t('images.neverReady'), center: true },
        ]}
        rows={rows}
        drafts={drafts}
        setDrafts={setDrafts}
        Row={ImageBehaviourRow}
      />
      {/* How each image's application answers requests when the scenario has traffic (DESIGN.md
          §15); it listens from its "Ready after" time in the table above. */}
      <DraftTable
        testId="image-applications"
        caption={
          <>
            <span className="font-semibold">{t('images.appTitle')}</span> {t('images.appNote')}
          </>
        }
        headers={[
          { label: t('images.image') },
          { label: t('images.onSigterm') },
          { label: t('images.requestMs') },
          { label: t('images.maxRps') },
        ]}
        rows={rows}
        drafts={drafts}
        setDrafts={setDrafts}
        Row={ImageAppRow}
      />
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
