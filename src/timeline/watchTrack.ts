/**
 * WatchTrack: the `kubectl get <kind> -w` lines of the run, printed by the engine's own printers,
 * each with its tick (derived.ts re-exports it with the other tracks).
 *
 * The lines are kept by column (WatchLines): their ticks in a RisingColumn (~2 bytes a line), their
 * texts as flat strings (flatString), and the printer state only where it changed. As {tick, text}
 * objects with a printer per line, the 100-replica Parallel StatefulSet run's 2,974 lines cost ~63
 * B a tick of its 3,660 (an object of 40 bytes and two array slots a line, and a text that was a
 * 32-byte slice of the printer's output kept whole behind it); by column ~31; with the texts
 * joined by blocks of lines (LINES_PER_BLOCK) ~15.
 */
import type { KubeObject } from '../engine/api/types.ts';
import { newWatchPrinter, type TableKind, watchPrint, type WatchPrinterState } from '../engine/kubectl/printers/table.ts';
import type { TickRecord } from '../engine/sim.ts';
import { RisingColumn } from './columns.ts';
import { flatString } from './flatString.ts';
import type { Track } from './timeline.ts';

export type WatchKind = 'rs' | 'deploy' | 'ds' | 'sts' | 'pods';
export const WATCH_KINDS: readonly WatchKind[] = ['rs', 'deploy', 'ds', 'sts', 'pods'];
const TABLE_KIND: Record<WatchKind, TableKind> = {
  rs: 'ReplicaSet',
  deploy: 'Deployment',
  ds: 'DaemonSet',
  sts: 'StatefulSet',
  pods: 'Pod',
};

/** Lines kept per watched kind; a 10,000-pod rollout writes ~190,000 pod rows. */
export const WATCH_LINE_CAP = 20_000;

export interface WatchLine {
  tick: number;
  text: string;
}

/**
 * Lines joined into one string per LINES_PER_BLOCK: a string of its own costs ~28 bytes beside its
 * text (its header, padding and an array slot), ~40 % of a pod row of ~43 characters. Joined, the
 * 100-replica Parallel StatefulSet run's 1,487 lines (sts and pods) hold ~55 KB instead of ~113
 * (15 B a tick instead of 31), a row of 43 characters 45 bytes instead of 73 (watchTrack.test.ts).
 */
export const LINES_PER_BLOCK = 64;

/** WatchLines: one watched kind's lines by column; slice(from) builds them as WatchLine objects. */
export class WatchLines {
  private n = 0;
  /** Line k's tick (they never go down: the header, at tick 0, is always the first line). */
  private readonly ticks = new RisingColumn(false);
  /** The end of line k's text among all the lines' texts one after another (its start: line k - 1's end). */
  private readonly ends = new RisingColumn(false);
  /** blocks[b]: the texts of lines b * LINES_PER_BLOCK onwards, LINES_PER_BLOCK of them, joined. */
  private blocks: string[] = [];
  /** The texts of the lines after the last block (fewer than LINES_PER_BLOCK). */
  private open: string[] = [];
  /** The printer after line k is printers[j] for the last j with printerFrom[j] <= k. */
  private readonly printerFrom: number[] = [];
  private readonly printers: WatchPrinterState[] = [];

  get length(): number {
    return this.n;
  }

  /** at is line i (a new object), or undefined past either end (a negative i counts from the end). */
  at(i: number): WatchLine | undefined {
    const k = i < 0 ? this.n + i : i;
    if (!(k >= 0 && k < this.n)) return undefined;
    return { tick: this.ticks.at(k), text: this.textOf(k) };
  }

  /** slice is lines [from, to) as WatchLine objects, as Array.prototype.slice with non-negative bounds. */
  slice(from = 0, to = this.n): WatchLine[] {
    const out: WatchLine[] = [];
    for (let k = Math.max(0, from); k < Math.min(to, this.n); k++) out.push({ tick: this.ticks.at(k), text: this.textOf(k) });
    return out;
  }

  /** lastPrinter is the printer after the last line (undefined: no line yet). */
  lastPrinter(): WatchPrinterState | undefined {
    return this.printers[this.printers.length - 1];
  }

  /** push appends a line printed with `printer` (the printer state after it). */
  push(tick: number, text: string, printer: WatchPrinterState): void {
    if (this.printers[this.printers.length - 1] !== printer) {
      this.printerFrom.push(this.n);
      this.printers.push(printer);
    }
    this.ticks.push(tick);
    this.ends.push(this.startOf(this.n) + text.length);
    // A line of the open block is a string of its own until the block is joined (not a slice
    // keeping the printer's whole output alive).
    this.open.push(flatString(text));
    this.n++;
    if (this.open.length === LINES_PER_BLOCK) {
      this.blocks.push(this.open.join(''));
      this.open = [];
    }
  }

  /** truncate keeps the first n lines. */
  truncate(n: number): void {
    if (n >= this.n) return;
    const b = Math.floor(n / LINES_PER_BLOCK);
    if (b < this.blocks.length) {
      // The block holding line n opens again, with its lines before n.
      const open: string[] = [];
      for (let k = b * LINES_PER_BLOCK; k < n; k++) open.push(flatString(this.textOf(k)));
      this.blocks.length = b;
      this.open = open;
    } else this.open.length = n - b * LINES_PER_BLOCK;
    this.n = n;
    this.ticks.truncate(n);
    this.ends.truncate(n);
    while (this.printerFrom.length > 0 && (this.printerFrom[this.printerFrom.length - 1] as number) >= n) {
      this.printerFrom.pop();
      this.printers.pop();
    }
  }

  /** trim gives back the room kept for more lines. */
  trim(): void {
    this.ticks.trim();
    this.ends.trim();
    this.open = this.open.slice();
  }

  /** startOf is where line k's text starts among all the texts (line k - 1's end). */
  private startOf(k: number): number {
    return k === 0 ? 0 : this.ends.at(k - 1);
  }

  /** textOf is line k's text (k < n). */
  private textOf(k: number): string {
    const b = Math.floor(k / LINES_PER_BLOCK);
    if (b >= this.blocks.length) return this.open[k - b * LINES_PER_BLOCK] as string;
    const from = this.startOf(b * LINES_PER_BLOCK);
    return (this.blocks[b] as string).slice(this.startOf(k) - from, this.ends.at(k) - from);
  }
}

interface WatchState {
  lines: WatchLines;
  capped: boolean;
}

function freshState(): WatchState {
  return { lines: new WatchLines(), capped: false };
}

/** WatchTrack: the `kubectl get <kind> -w` output of the run, printed as kubectl prints it. */
export class WatchTrack implements Track {
  readonly kinds: Record<WatchKind, WatchState> = {
    rs: freshState(),
    deploy: freshState(),
    ds: freshState(),
    sts: freshState(),
    pods: freshState(),
  };

  reset(): void {
    for (const k of WATCH_KINDS) this.kinds[k] = freshState();
  }

  append(rec: TickRecord): void {
    for (const w of rec.writes) {
      const kind = watchKindOf(w.object);
      if (kind === null) continue;
      const s = this.kinds[kind];
      if (s.capped) continue;
      const printer = s.lines.lastPrinter() ?? newWatchPrinter(TABLE_KIND[kind]);
      const out = watchPrint(printer, [w.object as never], rec.time);
      // Column widths rarely grow: most lines keep the printer before them (~140 bytes a line).
      const state = samePrinter(printer, out.state) ? printer : out.state;
      const texts = out.text.replace(/\n$/, '').split('\n');
      // The first flush carries the header: it is the table's first line, shown from tick 0.
      texts.forEach((text, k) => {
        s.lines.push(!printer.printedHeaders && k === 0 ? 0 : rec.tick, text, state);
      });
      if (s.lines.length >= WATCH_LINE_CAP) {
        s.capped = true;
        s.lines.push(rec.tick, `(Rollout Lab keeps the first ${WATCH_LINE_CAP.toLocaleString('en')} lines of this watch)`, state);
      }
    }
  }

  truncate(tick: number): void {
    for (const k of WATCH_KINDS) {
      const s = this.kinds[k];
      let n = s.lines.length;
      while (n > 0 && (s.lines.at(n - 1) as WatchLine).tick > tick) n--;
      // A lone header (tick 0) whose first row was cut goes too: the next row reprints it.
      if (n === 1) n = 0;
      s.lines.truncate(n);
      s.capped = n > WATCH_LINE_CAP;
    }
  }

  trim(): void {
    for (const k of WATCH_KINDS) this.kinds[k].lines.trim();
  }
}

/** samePrinter tells whether two printer states are equal (same header state and column widths). */
function samePrinter(a: WatchPrinterState, b: WatchPrinterState): boolean {
  if (a.printedHeaders !== b.printedHeaders || a.kind !== b.kind || a.wide !== b.wide) return false;
  return a.remembered.length === b.remembered.length && a.remembered.every((w, i) => w === b.remembered[i]);
}

function watchKindOf(o: KubeObject): WatchKind | null {
  switch (o.kind) {
    case 'ReplicaSet':
      return 'rs';
    case 'Deployment':
      return 'deploy';
    case 'DaemonSet':
      return 'ds';
    case 'StatefulSet':
      return 'sts';
    case 'Pod':
      return 'pods';
    default:
      return null;
  }
}
