/** A sweep worker of the pool (pool.ts): only a message switch; SweepHost runs the variants. */
import type { PoolReply, PoolRequest } from './pool.ts';
import { SweepHost } from './sweepHost.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<PoolRequest>) => void) | null;
  postMessage(message: PoolReply): void;
}

const scope = globalThis as unknown as WorkerScope;
const host = new SweepHost((reply) => scope.postMessage(reply));
scope.onmessage = (event) => host.handle(event.data);
