/**
 * The guard every end-to-end spec installs: record console errors, page errors and CSP violations
 * from the first script on, and fail the test when any was seen.
 */
import { expect, test } from '@playwright/test';

export interface CspViolation {
  directive: string;
  blocked: string;
}
export type WithViolations = { __cspViolations: CspViolation[] };

export interface Guard {
  /** ignore drops the problems a test provoked on purpose (e.g. an inline script the CSP blocked). */
  ignore(pred: (problem: string) => boolean): void;
}

/** failOnProblems installs the guard on every test of the calling spec file. */
export function failOnProblems(): Guard {
  let problems: string[] = [];
  test.beforeEach(async ({ page }) => {
    problems = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      const seen: CspViolation[] = [];
      (window as unknown as WithViolations).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push({ directive: e.violatedDirective, blocked: e.blockedURI }),
      );
    });
  });
  test.afterEach(async ({ page }) => {
    const violations = await page.evaluate(() => (window as unknown as WithViolations).__cspViolations);
    expect(violations, 'CSP violations').toEqual([]);
    expect(problems, 'console and page errors').toEqual([]);
  });
  return {
    ignore(pred) {
      problems = problems.filter((p) => !pred(p));
    },
  };
}
