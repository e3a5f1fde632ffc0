import { lazy, Suspense, useState } from 'react';
import { useEditT } from './i18n.ts';

// The editor loads when first opened (the first page stays within 160 KB of gzipped JS, issue 14).
const ImageBehaviourDialog = lazy(() =>
  import('./ImageBehaviourDialog.tsx').then((m) => ({ default: m.ImageBehaviourDialog })),
);

/** ImageBehaviourButton opens the image behaviour editor (ImageBehaviourDialog); once opened it stays mounted. */
export function ImageBehaviourButton({ className }: { className: string }) {
  const t = useEditT();
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          setSeen(true);
        }}
      >
        {t('images.open')}
      </button>
      {seen ? (
        <Suspense fallback={null}>
          <ImageBehaviourDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
