/**
 * The engine's event queue: a binary min-heap ordered by (time, seq). Ties are broken by the
 * sequence number only — never by object identity — so a run is reproducible.
 */
import type { SimEvent } from './events.ts';

export interface QueuedEvent {
  time: number;
  seq: number;
  ev: SimEvent;
}

/** less orders events by time, then by sequence number. */
export function less(a: QueuedEvent, b: QueuedEvent): boolean {
  return a.time < b.time || (a.time === b.time && a.seq < b.seq);
}

export function heapPush(h: QueuedEvent[], e: QueuedEvent): void {
  h.push(e);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const hp = h[p] as QueuedEvent;
    if (!less(e, hp)) break;
    h[i] = hp;
    i = p;
  }
  h[i] = e;
}

export function heapPop(h: QueuedEvent[]): QueuedEvent | undefined {
  const top = h[0];
  const last = h.pop();
  if (h.length === 0 || last === undefined) return top;
  let i = 0;
  const n = h.length;
  // Each child is read once: with thousands of pending events the reads are the cost.
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    let c = l;
    let hc = h[l] as QueuedEvent;
    if (l + 1 < n) {
      const hr = h[l + 1] as QueuedEvent;
      if (less(hr, hc)) {
        c = l + 1;
        hc = hr;
      }
    }
    if (!less(hc, last)) break;
    h[i] = hc;
    i = c;
  }
  h[i] = last;
  return top;
}

export function heapPeek(h: QueuedEvent[]): QueuedEvent | undefined {
  return h[0];
}
