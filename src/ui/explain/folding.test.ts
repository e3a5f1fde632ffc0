import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/index.ts';
import type { TickKind, TickView } from '../../worker/protocol.ts';
import { foldedSummary, foldNote, groupFolded } from './folding.ts';

const view = (tick: number, kind: TickKind, retryOf: number | null = null): TickView => ({
  tick,
  kind,
  retryOf,
  time: tick,
  actor: 'deployment-controller',
  key: null,
  summary: '',
  notes: [],
  decisions: [],
  writes: [],
});
const t = i18next.getFixedT('en');
const zh = i18next.getFixedT('zh-CN');

describe('groupFolded', () => {
  const views = [
    view(1, 'decision'),
    view(2, 'delivery'),
    view(3, 'retry', 1),
    view(4, 'requeue'),
    view(5, 'decision'),
    view(6, 'noop'),
  ];

  it('puts consecutive folded ticks into one item', () => {
    expect(
      groupFolded(views, false).map((i) => (i.type === 'tick' ? i.view.tick : i.views.map((v) => v.tick))),
    ).toEqual([1, [2, 3, 4], 5, [6]]);
  });

  it('keeps every tick when asked to show them', () => {
    expect(groupFolded(views, true)).toHaveLength(6);
  });
});

describe('foldedSummary and foldNote', () => {
  it('counts the kinds in words, in English and Chinese', () => {
    const folded = [view(2, 'delivery'), view(3, 'delivery'), view(4, 'retry', 1)];
    expect(foldedSummary(t, folded)).toBe('3 folded ticks: 2 informer deliveries, 1 retry after a Conflict');
    expect(foldedSummary(zh, folded)).toBe('折叠了 3 个 tick：2 次 informer 投递，1 次冲突后重试');
  });

  it('names the tick a retry repeats', () => {
    expect(foldNote(t, view(187, 'retry', 185))).toBe('Retried after a Conflict: same decision as tick 185');
    expect(foldNote(t, view(187, 'retry'))).toBe('Retried after a Conflict: the same decision again');
    expect(foldNote(t, view(5, 'decision'))).toBeNull();
  });
});
