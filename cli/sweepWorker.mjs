// A sweep worker thread's entry. Node 20 does not hand tsx's module hooks (registered by `tsx`
// in the main thread) to worker threads, so this plain-JS entry registers them, then loads the
// TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./sweepWorker.ts');
