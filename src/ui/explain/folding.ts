import type { TFunction } from 'i18next';
import type { TickKind, TickView } from '../../worker/protocol.ts';

/** Kinds of tick Explain folds: they decide nothing new (src/timeline/decisions.ts). */
export const FOLDED_KINDS: ReadonlySet<TickKind> = new Set<TickKind>([
  'delivery',
  'requeue',
  'noop',
  'retry',
]);

/** isFolded tells whether Explain folds a tick unless asked to show it. */
export function isFolded(v: TickView): boolean {
  return FOLDED_KINDS.has(v.kind);
}

/** foldNote says what a folded tick is: "Retried after a Conflict: same decision as tick 185". */
export function foldNote(t: TFunction, v: TickView): string | null {
  switch (v.kind) {
    case 'retry':
      return v.retryOf === null ? t('teach.retry') : t('teach.retryOf', { tick: v.retryOf });
    case 'noop':
      return t('teach.noop');
    case 'requeue':
      return t('teach.requeue');
    case 'delivery':
      return t('teach.delivery');
    default:
      return null;
  }
}

/** A run of ticks as Explain lists it: one tick, or consecutive folded ticks in one line. */
export type ExplainItem = { type: 'tick'; view: TickView } | { type: 'folded'; views: TickView[] };

/** groupFolded puts consecutive folded ticks into one item (all ticks stay as they are with `show`). */
export function groupFolded(views: readonly TickView[], show: boolean): ExplainItem[] {
  const out: ExplainItem[] = [];
  for (const view of views) {
    if (show || !isFolded(view)) {
      out.push({ type: 'tick', view });
      continue;
    }
    const last = out[out.length - 1];
    if (last?.type === 'folded') last.views.push(view);
    else out.push({ type: 'folded', views: [view] });
  }
  return out;
}

/** foldedSummary: "3 folded ticks: 2 informer deliveries, 1 retry after a Conflict". */
export function foldedSummary(t: TFunction, views: readonly TickView[]): string {
  const counts = new Map<TickKind, number>();
  for (const v of views) counts.set(v.kind, (counts.get(v.kind) ?? 0) + 1);
  const kinds = [...counts]
    .map(([kind, count]) => t(`teach.kind.${kind}`, { count }))
    .join(t('teach.kindJoin'));
  return t('teach.folded', { count: views.length, kinds });
}
