import { describe, expect, it } from 'vitest';
import { fittedPx } from './PrinterText.tsx';

describe('fittedPx', () => {
  it.each([
    // text width, available, current size → fitted size
    [533, 511, 12, 11.5],
    [400, 511, 12, 12], // fits at the base size: never larger
    [511 * (12 / 11.5), 560, 11.5, 12], // the box grew: back to the base size
    [1200, 511, 12, 10], // far too wide: the minimum, and the box scrolls
    [0, 511, 12, 12], // nothing measured yet
  ])('fits %f px of text at %f px wide from %fpx as %fpx', (text, available, current, want) => {
    expect(fittedPx(text, available, current)).toBe(want);
  });
});
