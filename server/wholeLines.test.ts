import { describe, expect, it } from 'vitest';
import { wholeLines } from './kubectlHarness.ts';

describe('wholeLines', () => {
  it.each([
    ['keeps every line when the output ends with a newline', 'EVENT NAME\nDELETED task-pv-volume Terminating\n', 'EVENT NAME\nDELETED task-pv-volume Terminating\n'],
    ['holds back a line the pipe has handed over only in part', 'EVENT NAME\nDELETED   task-pv-volume', 'EVENT NAME\n'],
    ['is empty before the first newline', 'EVENT', ''],
  ])('%s', (_, out, want) => {
    expect(wholeLines(out)).toBe(want);
  });
});
