/**
 * The page served by `npm run serve`, opened at `#live`, follows what the real kubectl does:
 * an apply shows up as the new Deployment's ReplicaSet, the Live badge follows the server's
 * clock, scrubbing back leaves it, and Go live returns to it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type Harness, startHarness } from '../server/kubectlHarness.ts';
import { failOnProblems, seekTo, slider } from './panelsSupport.ts';
import { appeared } from './wait.ts';

failOnProblems();

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, labels: {app: web}}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: "nginx:1.26"}]}
`;

let h: Harness;

test.beforeAll(async () => {
  h = await startHarness({ speed: 2 });
});
test.afterAll(async () => {
  await h?.stop();
});

test('the served page follows kubectl live, scrubs back and goes live again', async ({ page }) => {
  await page.goto(`${h.server.url}/#live`);
  const badge = page.getByTestId('live-badge');
  await expect(badge).toHaveText(/^live · t = \d+\.\d s$/);
  await expect(badge).toHaveAttribute('data-following', 'true');

  const file = join(h.dir, 'web.yaml');
  writeFileSync(file, WEB);
  expect((await h.kubectl(['apply', '-f', file])).stdout).toBe('deployment.apps/web created\n');
  const rows = page.getByRole('region', { name: 'ReplicaSets' }).getByTestId('watch-row');
  await appeared(rows.filter({ hasText: /^web-\w+\s+3\s+/ }).first(), 30_000);
  // The address bar stays #live: the session is the server's, not a link of the page's own.
  expect(new URL(page.url()).hash).toBe('#live');
  await page.screenshot({ path: 'artifacts/screenshots/live-following.png' });

  // Back in time: the badge stops following and offers Go live.
  await seekTo(page, 1);
  await expect(badge).not.toHaveAttribute('data-following', 'true');
  const goLive = page.getByRole('button', { name: 'Go live' });
  await appeared(goLive);
  await page.screenshot({ path: 'artifacts/screenshots/live-scrubbed-back.png' });

  // kubectl goes on meanwhile; Go live returns to the server's time, the new write included.
  expect((await h.kubectl(['scale', 'deployment/web', '--replicas=5'])).stdout).toBe(
    'deployment.apps/web scaled\n',
  );
  await goLive.click();
  await expect(badge).toHaveAttribute('data-following', 'true');
  await expect(goLive).toBeHidden();
  await appeared(rows.filter({ hasText: /^web-\w+\s+5\s+/ }).first(), 30_000);
  const now = Number(await slider(page).getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThan(1);
});
