/**
 * The kubectl console as a test types into it. In the shared page (e2e/sharedPage.ts) the console's
 * log outlives a scenario load, so an answer is read from its own entry, never from the whole log:
 * an earlier test's `describe pod web-0` would still match "QoS Class:".
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * consoleRun types a line, waits until it is answered and returns its log entry. Enter empties the
 * box and makes the log aria-busy in one render; the log is busy until the answer is its last
 * entry (CONSOLE_LIMIT drops the oldest at 200, so counting entries would not do).
 */
export async function consoleRun(page: Page, line: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'kubectl' });
  const log = page.getByRole('log', { name: 'kubectl console output' });
  await box.fill(line);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  const entry = log.getByTestId('console-entry').last();
  await expect(entry).toContainText(`kubectl ${line.replace(/^kubectl\s+/, '')}`);
  return entry;
}
