import { expect, test } from '@playwright/test';
import { failOnProblems, type WithViolations } from './guard.ts';
import { appeared } from './wait.ts';

const REGIONS = ['Cluster', 'ReplicaSets', 'Expectations', 'Explain', 'Timeline', 'Controls'];

const guard = failOnProblems();

test('shows the six panels and the worker Kubernetes version, in light and dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./');

  await appeared(page.getByRole('heading', { level: 1, name: 'Rollout Lab' }));
  for (const name of REGIONS) await appeared(page.getByRole('region', { name }));
  await expect(page.getByTestId('k8s-version')).toHaveText('Kubernetes v1.36.3');

  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.screenshot({ path: 'artifacts/screenshots/smoke-light.png' });

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({ path: 'artifacts/screenshots/smoke-dark.png' });

  // the choice is remembered across a reload, whatever the system says
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByTestId('k8s-version')).toHaveText('Kubernetes v1.36.3');
});

test('runs under the strict CSP, which blocks inline script', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('k8s-version')).toHaveText('Kubernetes v1.36.3');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('unsafe');

  // control: an inline script is refused and reported, so the listener above would see a real violation
  const outcome = await page.evaluate(async () => {
    const w = window as unknown as WithViolations & { __inlineRan?: boolean };
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const seen = w.__cspViolations.splice(0);
    return { ran: w.__inlineRan === true, directives: seen.map((v) => v.directive) };
  });
  expect(outcome).toEqual({ ran: false, directives: ['script-src-elem'] });
  guard.ignore((p) => p.includes('Content Security Policy'));
});

test('follows the system dark setting when nothing was chosen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await appeared(page.getByRole('button', { name: 'Switch to light theme' }));
});

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
]) {
  test(`lays out all six panels at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('./');
    await expect(page.getByTestId('k8s-version')).toHaveText('Kubernetes v1.36.3');
    for (const name of REGIONS) {
      const box = await page.getByRole('region', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box?.width ?? 0, name).toBeGreaterThan(viewport.width / 5);
      expect(box?.height ?? 0, name).toBeGreaterThan(100);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scroll').toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `artifacts/screenshots/smoke-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
  });
}
