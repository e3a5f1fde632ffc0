import { removeVariant } from '../../state/compareActions.ts';
import type { CompareVariantState } from '../../state/compareSlice.ts';
import { useT } from '../common/useT.ts';
import { VariantCluster } from './VariantCluster.tsx';
import { VariantEditor } from './VariantEditor.tsx';
import { VARIANT_COLOURS, variantLetter, variantText } from './variantText.ts';

interface VariantCardProps {
  index: number;
  variant: CompareVariantState;
  /** The variant list (a new one re-sizes the cluster boxes). */
  generation: unknown;
}

/** VariantCard: one variant's name, its editor and its small cluster view (or why it cannot run). */
export function VariantCard({ index, variant, generation }: VariantCardProps) {
  const t = useT();
  const letter = variantLetter(index);
  const name = variantText(t, variant);
  return (
    <section
      aria-label={t('compare.view.variant', { letter, name })}
      className="flex min-h-0 min-w-0 flex-col gap-1 rounded-md border border-slate-300 p-2 dark:border-slate-700"
      style={{ borderTopColor: VARIANT_COLOURS[index], borderTopWidth: 4 }}
    >
      <div className="flex items-center gap-2 text-sm">
        <span className="font-bold">{letter}</span>
        <span className="min-w-0 flex-1 truncate font-mono text-xs" title={name}>
          {name}
        </span>
        <button
          type="button"
          className="rounded px-1 text-xs text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          aria-label={t('compare.view.remove', { letter })}
          title={t('compare.view.remove', { letter })}
          onClick={() => void removeVariant(index)}
        >
          ✕
        </button>
      </div>
      <details className="text-xs">
        <summary className="cursor-pointer select-none text-slate-600 dark:text-slate-400">
          {t('compare.edit.change')}
        </summary>
        <VariantEditor index={index} overrides={variant.spec.overrides} />
      </details>
      {variant.error !== null ? (
        <p className="text-xs text-vermillion-ink dark:text-orange" data-testid="variant-error">
          {variant.error}
        </p>
      ) : (
        <VariantCluster index={index} generation={generation} />
      )}
    </section>
  );
}
