import { useAppStore } from '../../state/hooks.ts';
import type { AppState } from '../../state/store.ts';
import { useT } from '../common/useT.ts';
import { ViewFrame } from './ViewFrame.tsx';
import { CompareChart } from './CompareChart.tsx';
import { CompareToolbar } from './CompareToolbar.tsx';
import { RunSummaryTable } from './RunSummaryTable.tsx';
import { VariantCard } from './VariantCard.tsx';
import { VARIANT_COLOURS } from './variantText.ts';

const variantsOf = (s: AppState) => s.compareVariants;
const messageOf = (s: AppState) => s.compareMessage;
const baseOf = (s: AppState) => s.compareBase;

/**
 * CompareView (DESIGN.md §11): 2–4 variants of the scenario side by side on one virtual clock —
 * a small cluster per variant, one chart of every variant's available and total pods, and the
 * Run summary table.
 */
export function CompareView() {
  const t = useT();
  const variants = useAppStore(variantsOf);
  const message = useAppStore(messageOf);
  const base = useAppStore(baseOf);
  // The cluster boxes are sized afresh when the variants are loaded again.
  const generation = variants.map((v) => JSON.stringify(v.spec)).join('|') + (base ?? '');
  return (
    <ViewFrame
      id="compare-title"
      title={t('compare.view.title')}
      toolbar={<CompareToolbar />}
      message={message}
    >
      {variants.length < 2 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('compare.view.hint')}</p>
      ) : null}
      <div
        className="grid min-h-32 flex-[2] gap-2"
        style={{ gridTemplateColumns: `repeat(${Math.max(1, variants.length)}, minmax(0, 1fr))` }}
      >
        {variants.map((v, i) => (
          <VariantCard key={v.id} index={i} variant={v} generation={generation} />
        ))}
      </div>
      <div className="flex min-h-44 flex-[3] flex-col gap-2 lg:flex-row">
        <div className="flex min-h-40 min-w-0 flex-1 flex-col">
          <CompareChart />
          <p className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
            <Key dash={undefined} text={t('compare.chart.available')} />
            <Key dash="5 3" text={t('compare.chart.pods')} />
          </p>
        </div>
        <div className="min-w-0 overflow-auto lg:w-[46%]">
          <RunSummaryTable />
        </div>
      </div>
    </ViewFrame>
  );
}

function Key({ dash, text }: { dash: string | undefined; text: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <svg width="22" height="6" aria-hidden="true">
        <line
          x1="0"
          x2="22"
          y1="3"
          y2="3"
          stroke={VARIANT_COLOURS[0]}
          strokeWidth={2}
          strokeDasharray={dash}
        />
      </svg>
      {text}
    </span>
  );
}
