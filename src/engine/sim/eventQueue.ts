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

function less(a: QueuedEvent, b: QueuedEvent): boolean {
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
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    let c = l;
    if (r < n && less(h[r] as QueuedEvent, h[l] as QueuedEvent)) c = r;
    const hc = h[c] as QueuedEvent;
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
