// Prints one plain closing line "N passed, N failed, N skipped" from the vitest and Playwright JSON
// reports (reports/vitest.json, reports/playwright.json). A missing report counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

/** summarize returns the closing line for the reports found under dir. */
export function summarize(dir = 'reports') {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const read = (name) => {
    const path = `${dir}/${name}`;
    if (!existsSync(path)) return null;
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return null;
    }
  };
  const vitest = read('vitest.json');
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
    // a suite that failed to load (syntax error, bad import) has no tests but is a failure
    if (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0) failed += 1;
  } else failed += 1;
  const playwright = read('playwright.json');
  if (playwright) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    skipped += playwright.stats.skipped;
    if (playwright.errors?.length && playwright.stats.unexpected === 0) failed += 1;
  } else failed += 1;
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(summarize());
