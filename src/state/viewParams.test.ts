import { describe, expect, it } from 'vitest';
import { createAppStore } from './store.ts';
import { applyViewParams, readViewParams, viewChanged, viewParamsOf } from './viewParams.ts';

describe('readViewParams', () => {
  it.each([
    ['a link without a view', '#v1.abc&t=5&lang=zh-CN', {}],
    ['no parameters at all', '#v1.abc', {}],
    ['the Follow filter', '#v1.abc&t=5&follow=deployment-controller', { follow: 'deployment-controller' }],
    ['the tab', '#v1.abc&tab=rollout-history', { tab: 'rollout-history' }],
    ['Large text and presenter', '#v1.abc&large=1&present=1', { large: true, present: true }],
    ['the embedded page', 'v1.abc&embed=1', { embed: true }],
    ['0 for off', '#v1.abc&present=0&large=0', { present: false, large: false }],
    ['an unknown filter, tab or key', '#v1.abc&follow=etcd&tab=nodes&zoom=2', {}],
    ['a key that only looks like one', '#v1.abc&follow', {}],
  ])('reads %s', (_name, hash, want) => {
    expect(readViewParams(hash)).toEqual(want);
  });

  it('never takes the payload for a parameter', () => {
    expect(readViewParams('#follow=kubelet')).toEqual({});
  });
});

describe('viewParamsOf', () => {
  it('writes nothing for the default view', () => {
    expect(viewParamsOf(createAppStore().getState())).toBe('');
  });

  it('writes every non-default choice, and leaves embed out on request', () => {
    const store = createAppStore();
    const s = store.getState();
    s.setExplainFilter('kubelet');
    s.setWatchTab('deploy');
    s.setLargeText(true);
    s.setPresenter(true);
    s.setEmbed(true);
    expect(viewParamsOf(store.getState())).toBe('&follow=kubelet&tab=deploy&large=1&present=1&embed=1');
    expect(viewParamsOf(store.getState(), { embed: false })).toBe(
      '&follow=kubelet&tab=deploy&large=1&present=1',
    );
  });

  it('round-trips through readViewParams and applyViewParams', () => {
    const from = createAppStore();
    applyViewParams(from, { follow: 'replicaset-controller', tab: 'pods', large: true, present: true });
    const to = createAppStore();
    applyViewParams(to, readViewParams(`#v1.abc&t=3${viewParamsOf(from.getState())}`));
    expect(to.getState()).toMatchObject({
      explainFilter: 'replicaset-controller',
      watchTab: 'pods',
      largeText: true,
      presenter: true,
      embed: false,
    });
  });
});

describe('applyViewParams', () => {
  it('leaves what the link does not name as the reader has it', () => {
    const store = createAppStore();
    store.getState().setLargeText(true);
    store.getState().setWatchTab('ds');
    applyViewParams(store, { follow: 'kubelet' });
    expect(store.getState()).toMatchObject({ largeText: true, watchTab: 'ds', explainFilter: 'kubelet' });
  });
});

describe('viewChanged', () => {
  it('tells a view change from a tick change', () => {
    const store = createAppStore();
    const before = store.getState();
    store.getState().setPresenter(true);
    expect(viewChanged(store.getState(), before)).toBe(true);
    const after = store.getState();
    store.setState({ tick: 9 });
    expect(viewChanged(store.getState(), after)).toBe(false);
  });
});
