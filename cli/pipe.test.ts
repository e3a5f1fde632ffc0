import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LinePipe, pump, sinkOf } from './pipe.ts';

/** A reader that takes a write only when the test says so (`release`), like a slow `| jq`. */
function slowReader(highWaterMark: number) {
  const got: string[] = [];
  const pending: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, cb) {
      got.push(chunk.toString('utf8'));
      pending.push(() => cb());
    },
  });
  const release = () => {
    for (const cb of pending.splice(0)) cb();
  };
  return { stream, got, release };
}

/** A reader that takes `after` writes at once, then leaves as `| head` does: the next write fails with `code`. */
function leavingReader(after: number, code: string) {
  const got: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      if (got.length >= after) cb(Object.assign(new Error(`write ${code}`), { code }));
      else {
        got.push(chunk.toString('utf8'));
        cb();
      }
    },
  });
  return { stream, got };
}

/** chunks yields `n` one-line chunks, counting how many were made. */
function counted(n: number) {
  const made = { count: 0 };
  function* chunks(): Generator<string[]> {
    for (let i = 0; i < n; i++) {
      made.count++;
      yield [`line ${i}`];
    }
  }
  return { made, chunks: chunks() };
}

const turns = async (k: number) => {
  for (let i = 0; i < k; i++) await new Promise((r) => setImmediate(r));
};

describe('LinePipe', () => {
  it.each([
    [[['a']], 'a\n'],
    [[['a', 'b'], [''], ['c']], 'a\nb\n\nc\n'],
    [[[], ['{"x":1}']], '{"x":1}\n'],
  ])('writes the chunks %j as the bytes of lines.join("\\n") + "\\n"', async (chunks, bytes) => {
    const r = leavingReader(Number.POSITIVE_INFINITY, '');
    const pipe = new LinePipe(r.stream);
    for (const c of chunks) expect(pipe.write(c)).toBeNull();
    expect(r.got.join('')).toBe(bytes);
  });

  it('hands back a promise while the reader is behind, settled when it drained', async () => {
    const r = slowReader(4);
    const pipe = new LinePipe(r.stream);
    const drained = pipe.write(['a long line']);
    expect(drained).toBeInstanceOf(Promise);
    let settled = false;
    void drained?.then(() => {
      settled = true;
    });
    await turns(3);
    expect(settled).toBe(false);
    r.release();
    await turns(3);
    expect(settled).toBe(true);
  });

  it.each([
    ['EPIPE', null],
    ['ERR_STREAM_DESTROYED', null],
    ['ENOSPC', 'write ENOSPC'],
  ])('closes when a write fails with %s, and reports only a failure that is not the reader leaving', async (code, error) => {
    const r = leavingReader(1, code);
    let gone = 0;
    const pipe = new LinePipe(r.stream, () => gone++);
    pipe.write(['first']);
    pipe.write(['second']);
    await turns(3);
    expect({ closed: pipe.closed, gone, error: pipe.error?.message ?? null, got: r.got }).toEqual({ closed: true, gone: 1, error, got: ['first\n'] });
    expect(pipe.write(['third'])).toBeNull();
  });
});

describe('pump', () => {
  it('makes no chunk while the reader is behind, and goes on when it drained', async () => {
    const r = slowReader(4);
    const { made, chunks } = counted(100);
    const done = pump(chunks, new LinePipe(r.stream));
    await turns(5);
    expect(made.count).toBe(1);
    r.release();
    await turns(5);
    expect(made.count).toBe(2);
    for (let i = 0; i < 200; i++) {
      r.release();
      await turns(1);
    }
    await done;
    expect(made.count).toBe(100);
    expect(r.got).toHaveLength(100);
  });

  it('stops making chunks once the reader is gone', async () => {
    const r = leavingReader(1, 'EPIPE');
    const { made, chunks } = counted(1000);
    await pump(chunks, new LinePipe(r.stream));
    expect(r.got).toEqual(['line 0\n']);
    expect(made.count).toBeLessThanOrEqual(3);
  });

  it('writes every chunk to a plain callback, which never waits', async () => {
    const lines: string[] = [];
    await pump(counted(3).chunks, sinkOf((l) => lines.push(l)));
    expect(lines).toEqual(['line 0', 'line 1', 'line 2']);
  });
});
