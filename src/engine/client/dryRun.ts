/**
 * A write with `dryRun=All`, as kube-apiserver runs one: every step of the write (the generated
 * name, defaulting, admission, BeforeCreate's uid and creationTimestamp, the strategy's generation
 * and status) but etcd's, whose DryRunnableStorage copies the object out instead of storing it.
 * So the answer carries a uid and a creationTimestamp and no resourceVersion, and nothing is
 * stored, watched or queued.
 */
import type { KubeObject } from '../api/types.ts';
import { cloneStoreState } from '../apiserver/storeCore.ts';
import { seedPrng } from '../lib/prng.ts';
import type { EngineState } from './state.ts';
import { newTx, type Tx } from './tx.ts';

/**
 * dryRun runs `write` on a copy of the store and the queues at `now` (the time the write would
 * run at), so the run goes on exactly as if the request had never come. The copy draws from a
 * stream of its own: the API server's uids are random, and a dry run's uid or generated name that
 * the next real create then drew as well would say it had been reserved, which it never is.
 * `seed` is that stream's start (the served API passes a random one); by default it is derived
 * from the run's PRNG, so the same run gives the same answer.
 */
export function dryRun<R>(st: EngineState, now: number, write: (tx: Tx) => R, seed = st.prng.s ^ DRY_RUN_STREAM): R {
  const copy: EngineState = { ...st, now, store: cloneStoreState(st.store), prng: seedPrng(seed), events: [], deliveries: [], deliveriesHead: 0 };
  return write(newTx(copy, 'dry-run'));
}

/** Any constant that parts a dry run's stream from the run's own (seedPrng mixes it further). */
const DRY_RUN_STREAM = 0x2f6b_d1e5;

/** withoutResourceVersion is a dry run's answer: the object as the store would keep it, less the version etcd would give it. */
export function withoutResourceVersion<T extends KubeObject>(obj: T): T {
  const { resourceVersion: _, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}
