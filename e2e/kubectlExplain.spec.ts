/**
 * The console's `kubectl explain` in the built app, in real Chromium: the OpenAPI schemas arrive
 * as a chunk of their own the first time a line asks for them (never in the worker's bundle), and
 * the answer is kubectl's, field, enum and all; a field that does not exist is kubectl's error.
 */
import { expect, type Page, test } from '@playwright/test';
import { failOnProblems, openPreset } from './panelsSupport.ts';

failOnProblems();

/** run types a line into the console and returns its log entry once answered. */
async function run(page: Page, line: string) {
  const box = page.getByRole('textbox', { name: 'kubectl' });
  const entries = page.getByTestId('console-entry');
  const before = await entries.count();
  await box.fill(line);
  await box.press('Enter');
  await expect(entries).toHaveCount(before + 1, { timeout: 20_000 });
  return entries.nth(before);
}

test('the console answers kubectl explain deployment.spec.strategy from schemas loaded on demand', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const schemaChunks: string[] = [];
  page.on('request', (r) => {
    if (/openapiSchemas[^/]*\.js/.test(r.url())) schemaChunks.push(r.url());
  });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await openPreset(page, 'seed');
  expect(schemaChunks).toEqual([]);

  const answer = await run(page, 'explain deployment.spec.strategy');
  await expect(answer).toHaveAttribute('data-ok', 'true');
  const text = (await answer.textContent()) ?? '';
  expect(text).toContain(
    'GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: strategy <DeploymentStrategy>',
  );
  expect(text).toContain('  rollingUpdate\t<RollingUpdateDeployment>\n    Rolling update config params.');
  expect(text).toContain('  type\t<string>\n  enum: Recreate, RollingUpdate\n');
  expect(schemaChunks).toHaveLength(1);

  const missing = await run(page, 'explain deploy.spec.nope');
  await expect(missing).toHaveAttribute('data-ok', 'false');
  await expect(missing).toContainText('error: field "nope" does not exist');
  // Loaded once.
  expect(schemaChunks).toHaveLength(1);
  await page.screenshot({ path: 'artifacts/screenshots/console-explain-light.png' });
});
