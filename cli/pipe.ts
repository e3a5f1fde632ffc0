/**
 * LinePipe: the CLI's stdout with back-pressure and a reader that may leave. A write that the
 * stream cannot take at once (a pipe whose reader is behind: Node buffers it and write returns
 * false) hands back a promise that settles when the stream drained, so the run waits for the
 * reader instead of buffering its output. A reader that closes (EPIPE, `| head`) marks the pipe
 * closed: the caller stops at once and exits 0 without a word, as kubectl and the Unix tools do.
 */
import type { Writable } from 'node:stream';

/** Where a run's lines go: a LinePipe, or a plain collector in tests. */
export interface LineSink {
  /** Writes lines; a promise when the caller should wait for the reader before making more. */
  write(lines: readonly string[]): Promise<void> | null;
  /** True once the reader is gone: make no more lines. */
  readonly closed: boolean;
}

/** sinkOf turns a plain per-line callback into a sink that never waits and never closes. */
export function sinkOf(write: ((line: string) => void) | LineSink): LineSink {
  if (typeof write !== 'function') return write;
  return {
    write(lines) {
      for (const l of lines) write(l);
      return null;
    },
    closed: false,
  };
}

/** The errors of a write whose reader is gone: EPIPE on a pipe, ECONNRESET on a socket, ERR_STREAM_DESTROYED after either. */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET']);

export class LinePipe implements LineSink {
  private gone = false;
  private readonly waiters = new Set<() => void>();

  /** `onGone` is called once, when the reader leaves or the stream fails (serve stops then). */
  constructor(
    private readonly stream: Writable,
    private readonly onGone?: () => void,
  ) {
    // Handled here, the error is no longer thrown as an unhandled 'error' event with its stack.
    stream.on('error', () => this.close());
    stream.on('close', () => this.close());
    stream.on('drain', () => this.wake());
  }

  /**
   * Whether the reader is gone. A failed write marks the stream errored at once (its 'error'
   * event comes a tick later), so a run that never yields still stops at the next chunk.
   */
  get closed(): boolean {
    return this.gone || this.stream.destroyed || this.stream.errored !== null;
  }

  /** A write error other than the reader leaving (a full disk): the CLI reports it and exits 1. */
  get error(): Error | null {
    const e = this.stream.errored as NodeJS.ErrnoException | null;
    return e !== null && !READER_GONE.has(e.code ?? '') ? e : null;
  }

  write(lines: readonly string[]): Promise<void> | null {
    if (this.closed || lines.length === 0) return null;
    // One write per chunk: joined, the lines are the bytes `lines.join('\n') + '\n'` gave before.
    if (this.stream.write(`${lines.join('\n')}\n`)) return null;
    return new Promise<void>((resolve) => {
      if (this.closed) resolve();
      else this.waiters.add(resolve);
    });
  }

  /** line writes one line (help, version) with the same care. */
  line(text: string): Promise<void> | null {
    return this.write([text]);
  }

  private close(): void {
    if (this.gone) return;
    this.gone = true;
    this.wake();
    this.onGone?.();
  }

  private wake(): void {
    for (const w of this.waiters) w();
    this.waiters.clear();
  }
}

/**
 * pump writes a run's chunks to a sink as they come, waiting for the reader whenever it is behind,
 * and stops at once when the reader is gone (leaving the loop returns the chunks' generator, which
 * ends the run where it is).
 */
export async function pump(chunks: Iterable<string[]>, sink: LineSink): Promise<void> {
  if (sink.closed) return;
  for (const chunk of chunks) {
    const drained = sink.write(chunk);
    if (drained) await drained;
    if (sink.closed) return;
  }
}
