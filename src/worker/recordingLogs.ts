/**
 * The container logs of a recording, for the page's `kubectl logs` and the pod details: a
 * LogBook (src/engine/kubelet/containerLog.ts) fed with every pod write of the recording's ticks
 * (with clients, also its Services, revisions and counted seconds: the access logs),
 * as far as the recording has run, and kept while the recording stays the same. The book keeps
 * deleted pods' runs and a run's lines stop at the instant asked for, so one book answers at any
 * tick. A different recording (a fork, a new scenario) starts a new book.
 */
import type { SimConfig } from '../engine/config.ts';
import { LogBook } from '../engine/kubelet/containerLog.ts';
import type { TickRecords } from '../timeline/tickLog.ts';

/** What identifies the last tick fed: its time and the first object it wrote (the very object). */
interface Mark {
  time: number;
  first: unknown;
}

function markOf(records: TickRecords, index: number): Mark | null {
  const r = records.at(index);
  return r ? { time: r.time, first: r.writes[0]?.object ?? null } : null;
}

export class RecordingLogs {
  private book: LogBook | null = null;
  private records: TickRecords | null = null;
  private fed = 0;
  private mark: Mark | null = null;

  /** bookFor is the book of `records`, fed up to its last tick. */
  bookFor(
    records: TickRecords,
    config: Pick<SimConfig, 'images' | 'terminationSeconds' | 'traffic'>,
  ): LogBook {
    const last = this.fed > 0 ? markOf(records, this.fed - 1) : null;
    const same =
      this.book !== null &&
      records === this.records &&
      records.length >= this.fed &&
      (this.fed === 0 || (last !== null && last.time === this.mark?.time && last.first === this.mark.first));
    if (!same || this.book === null) {
      this.book = new LogBook({ images: config.images, terminationSeconds: config.terminationSeconds }, true);
      this.records = records;
      this.fed = 0;
    }
    const book = this.book;
    const { writeAt, timeOf } = records;
    // With clients, the counted seconds (Explain records) feed the access logs: whole records are read.
    if (writeAt && timeOf && !config.traffic?.length) {
      // A TickLog's writes alone: a 28,000-tick recording builds no record (notes, summary) to scan.
      for (; this.fed < records.length; this.fed++) {
        const time = timeOf.call(records, this.fed);
        for (let j = 0, w = writeAt.call(records, this.fed, 0); w; w = writeAt.call(records, this.fed, ++j)) {
          if (w.object.kind === 'Pod') book.observe(w.type, w.object, time);
        }
      }
    }
    for (; this.fed < records.length; this.fed++) {
      const r = records.at(this.fed);
      if (!r) break;
      for (const d of r.decisions) book.observeDecision(d);
      for (const w of r.writes) book.observeObject(w.type, w.object, r.time);
    }
    this.mark = this.fed > 0 ? markOf(records, this.fed - 1) : null;
    return book;
  }
}
