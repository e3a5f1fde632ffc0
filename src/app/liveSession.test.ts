import { describe, expect, it } from 'vitest';
import { createAppStore } from '../state/store.ts';
import {
  isLiveHash,
  type LiveDeps,
  type SessionSource,
  SESSION_PATH,
  startLiveSession,
} from './liveSession.ts';

/** A fake session stream: the test sends its events. */
function fakeSource() {
  const listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  const source: SessionSource & { closed: boolean; url: string } = {
    closed: false,
    url: '',
    addEventListener: (type, l) => listeners.set(type, [...(listeners.get(type) ?? []), l]),
    close: () => {
      source.closed = true;
    },
  };
  const emit = (type: string, data?: unknown) => {
    for (const l of listeners.get(type) ?? [])
      l({ data: JSON.stringify(data ?? null) } as MessageEvent<string>);
  };
  return { source, emit };
}

function setUp() {
  const store = createAppStore();
  const { source, emit } = fakeSource();
  const calls: string[] = [];
  const deps: LiveDeps = {
    open: (url) => {
      source.url = url;
      return source;
    },
    scenario: async (text) => {
      calls.push(`scenario ${JSON.parse(text).name}`);
    },
    follow: (ms) => calls.push(`follow ${ms}`),
  };
  const stop = startLiveSession(store, deps);
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { store, source, emit, calls, stop, settle };
}

describe('isLiveHash', () => {
  it.each([
    ['#live', true],
    ['#v1.abc&t=3', false],
    ['', false],
  ])('tells %j', (hash, live) => expect(isLiveHash(hash)).toBe(live));
});

describe('startLiveSession', () => {
  it('hands each scenario to the worker in order and follows the clock after it', async () => {
    const { source, emit, calls, store, settle } = setUp();
    expect(source.url).toBe(SESSION_PATH);
    emit('open');
    emit('scenario', { scenario: { name: 'a' }, nowMs: 10 });
    emit('clock', { nowMs: 250 });
    emit('scenario', { scenario: { name: 'b' }, nowMs: 300 });
    await settle();
    expect(calls).toEqual(['scenario a', 'follow 10', 'follow 250', 'scenario b', 'follow 300']);
    expect(store.getState().live).toEqual({ following: true, nowMs: 300, connected: true });
  });

  it('keeps the clock but leaves the playhead alone once the reader moved it', async () => {
    const { emit, calls, store, settle } = setUp();
    store.getState().stopFollowing();
    emit('clock', { nowMs: 500 });
    await settle();
    expect(calls).toEqual([]);
    expect(store.getState().live?.nowMs).toBe(500);
  });

  it('says when the stream is lost, ignores what it cannot read, and closes on stop', async () => {
    const { emit, calls, store, settle, stop, source } = setUp();
    emit('error');
    expect(store.getState().live?.connected).toBe(false);
    emit('scenario', 'not a session');
    await settle();
    expect(calls).toEqual([]);
    stop();
    expect(source.closed).toBe(true);
  });
});
