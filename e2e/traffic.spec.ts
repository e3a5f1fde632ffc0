import { seriousViolations } from './axe.ts';
import { expect, type Page, test as base } from '@playwright/test';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { encodeShareHash } from '../src/scenario/shareUrl.ts';
import { failOnProblems, openPreset, recorded, seekTo, tickOf } from './panelsSupport.ts';
import { showHash, showPreset, test } from './sharedPage.ts';
import { appeared } from './wait.ts';

// The tests that open a scenario and read it share one page per worker (e2e/sharedPage.ts); those
// that navigate away, change the language or the viewport have fresh pages.

/**
 * The classic case (issue 22): 10 replicas behind Service web, 100 rps from node-1 from 10 s,
 * web:1 → web:2 at 30 s, no readinessProbe: new pods get requests before they listen.
 */
const SCENARIO = `version: 1
name: traffic without a readinessProbe
seed: 1
cluster:
  nodes: 3
  images:
    default: { readySeconds: 2 }
  traffic:
    - { at: 10, service: web, rps: 100, node: node-1 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: 10
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - name: web
              image: "web:1"
              ports: [{ containerPort: 8080 }]
  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec:
      selector: { app: web }
      ports: [{ port: 80, targetPort: 8080 }]
actions:
  - at: 30
    kubectl: set image deployment/web web=web:2
`;

function scenarioHash(): string {
  const parsed = parseScenarioText(SCENARIO);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  const hash = encodeShareHash(parsed.value);
  return hash.startsWith('#') ? hash : `#${hash}`;
}

/** openTraffic opens the scenario in a fresh page. */
async function openTraffic(page: Page): Promise<void> {
  await page.goto(`./${scenarioHash()}`);
  await appeared(page.getByTestId('node').first(), 15_000);
  await recorded(page);
  await appeared(page.getByRole('region', { name: 'Traffic' }));
}

/** showTraffic shows the scenario in the shared page. */
async function showTraffic(page: Page): Promise<void> {
  await showHash(page, scenarioHash());
  await appeared(page.getByRole('region', { name: 'Traffic' }));
}

/** cursorX is the x of a chart cursor line on the page. */
async function cursorX(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} not drawn`);
  return box.x + box.width / 2;
}

test('the Traffic chart scrubs with the timeline, on its time axis', async ({ page }) => {
  test.setTimeout(90_000);
  await showTraffic(page);
  const traffic = page.getByRole('region', { name: 'Traffic' });
  await expect(traffic.getByRole('img')).toHaveAttribute('aria-label', /default\/web/);
  // some errors while the rollout runs, and revision 2 serving after it
  await expect(traffic.locator('path[data-layer="ok:2"]')).toHaveCount(1);
  await expect(traffic.locator('path[data-layer="refused"], path[data-layer="reset"]')).not.toHaveCount(0);
  const { total } = await tickOf(page);
  const timeShown = async () =>
    Number((await page.getByText(/^tick \d+\/\d+ · [\d.]+ s/).textContent())?.match(/· ([\d.]+) s/)?.[1]);
  for (const tick of [Math.round(total * 0.2), Math.round(total * 0.6)]) {
    const before = await timeShown();
    await seekTo(page, tick);
    // The slider shows the tick at once; the time, both cursors and the readout follow with the
    // worker's frame. Read them once it has come: a loaded CI run read the time before it
    // (30 s, the last position) and then saw the readout move on to the sought 203 s.
    await expect.poll(timeShown).not.toBe(before);
    await expect
      .poll(async () =>
        Math.abs((await cursorX(page, 'traffic-cursor')) - (await cursorX(page, 'timeline-cursor'))),
      )
      .toBeLessThan(1);
    const time = await timeShown();
    await expect(traffic.getByTestId('traffic-readout')).toHaveAttribute(
      'data-second',
      String(Math.floor(time)),
    );
  }
  // a click on the Traffic chart seeks the whole page there (from the start, so the axis, which
  // grows to keep a late cursor on it, stays as it is)
  await seekTo(page, 0);
  const before = (await tickOf(page)).tick;
  const chart = traffic.getByTestId('traffic-chart');
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  await chart.click({ position: { x: box.width * 0.3, y: box.height / 3 } });
  await expect.poll(async () => (await tickOf(page)).tick).not.toBe(before);
  await expect
    .poll(async () =>
      Math.abs((await cursorX(page, 'traffic-cursor')) - (await cursorX(page, 'timeline-cursor'))),
    )
    .toBeLessThan(1);
  await expect
    .poll(async () => Math.abs((await cursorX(page, 'traffic-cursor')) - (box.x + box.width * 0.3)))
    .toBeLessThan(3);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious with the Traffic chart, ${scheme}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await showTraffic(page);
    await seekTo(page, Math.round((await tickOf(page)).total * 0.5));
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
    await page.screenshot({ path: `artifacts/screenshots/traffic-${scheme}.png` });
    await page
      .getByRole('region', { name: 'Timeline' })
      .screenshot({ path: `artifacts/screenshots/traffic-timeline-${scheme}.png` });
  });
}

/**
 * seekServingTerminating seeks traffic-probe-prestop to where old pods run their preStop sleep
 * while still serving (about 34–45 s of its 1,145 ticks): the first of a few fractions of the run
 * that shows a serving-terminating chip.
 */
async function seekServingTerminating(page: Page): Promise<void> {
  const { total } = await tickOf(page);
  for (const f of [0.42, 0.38, 0.45, 0.33, 0.3]) {
    await seekTo(page, Math.round(total * f));
    if ((await page.locator('[data-testid="pod"][data-endpoint="serving-terminating"]').count()) > 0) return;
  }
  throw new Error('no serving-terminating pod at any fraction tried');
}

test.describe('endpoint badges on the pod chips', () => {
  test('a chip names its endpoint state, and a pod in its preStop shows serving-terminating', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await showPreset(page, 'traffic-probe-prestop');
    await seekServingTerminating(page);
    const cluster = page.getByRole('region', { name: 'Cluster' });
    const draining = cluster.locator('[data-testid="pod"][data-endpoint="serving-terminating"]').first();
    await expect(draining).toHaveAttribute('data-phase', 'Terminating');
    await expect(draining).toHaveAccessibleName(
      /^Pod web-\S+, Terminating, revision 1, endpoint serving-terminating$/,
    );
    const ready = cluster.locator('[data-testid="pod"][data-endpoint="ready"]').first();
    await expect(ready).toHaveAccessibleName(/, endpoint ready$/);
    await expect(cluster.getByRole('list', { name: 'Endpoints' })).toContainText('serving-terminating');
    // The badge is drawn (not colour alone: a half disc), in the chip's corner.
    const badge = await draining.evaluate((el) => {
      const s = getComputedStyle(el, '::before');
      return { content: s.content, image: s.backgroundImage, radius: s.borderRadius };
    });
    expect(badge.content).toBe('""');
    expect(badge.image).toContain('linear-gradient');
    // Its reason is the one the details give.
    await draining.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('serving-terminating');
    await page.keyboard.press('Escape');
    // Without a Service nothing changes: no badge, no legend.
    await showPreset(page, 'seed');
    await seekTo(page, Math.round((await tickOf(page)).total * 0.5));
    await appeared(page.getByTestId('pod').first());
    await expect(page.locator('[data-testid="pod"][data-endpoint]')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Endpoints' })).toHaveCount(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing serious with endpoint badges mid-rollout, ${scheme}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: scheme });
      await showPreset(page, 'traffic-probe-prestop');
      await seekServingTerminating(page);
      const bad = await seriousViolations(page);
      expect(bad).toEqual([]);
      await page.screenshot({ path: `artifacts/screenshots/traffic-badges-${scheme}.png` });
      await page
        .getByRole('region', { name: 'Cluster' })
        .screenshot({ path: `artifacts/screenshots/traffic-badges-cluster-${scheme}.png` });
    });
  }
});

base.describe('in a fresh page', () => {
  failOnProblems();

  base('the rollout strip and Compare show the Errors', async ({ page }) => {
    base.setTimeout(120_000);
    await openTraffic(page);
    await seekTo(page, Math.round((await tickOf(page)).total * 0.8));
    await expect(page.getByTestId('summary-errors')).toHaveText(/^Errors \d+ of \d+ \([\d.]+%\)$/);
    // A fresh load: a hash change alone does not open Compare.
    await page.goto('about:blank');
    await page.goto(`./${scenarioHash()}&compare=maxSurge:0,100%25`);
    const table = page.getByRole('table', { name: 'Run summary' });
    await appeared(table, 15_000);
    await appeared(table.getByRole('columnheader', { name: 'Errors' }));
    await expect(table.getByTestId('summary-errors')).toHaveText([/^\d+ \([\d.]+%\)$/, /^\d+ \([\d.]+%\)$/], {
      timeout: 60_000,
    });
    await expect(table.getByTestId('summary-errors').first()).toHaveAttribute(
      'title',
      /^default\/web: refused \d+/,
    );
    await page.screenshot({ path: 'artifacts/screenshots/traffic-compare-errors.png' });
  });

  base('the Traffic chart in zh-CN', async ({ page }) => {
    base.setTimeout(90_000);
    await openTraffic(page);
    await seekTo(page, Math.round((await tickOf(page)).total * 0.5));
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    const traffic = page.getByRole('region', { name: '流量' });
    await appeared(traffic);
    await expect(traffic.getByTestId('traffic-error').first()).toContainText('连接被拒绝');
    await page.waitForTimeout(500);
    await page
      .getByRole('region', { name: '时间线' })
      .screenshot({ path: 'artifacts/screenshots/traffic-timeline-zh-CN.png' });
  });

  base.describe('at phone width', () => {
    base.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
    base('the badges and the summary strip fit the screen', async ({ page }) => {
      base.setTimeout(90_000);
      await openPreset(page, 'traffic-probe-prestop');
      await seekServingTerminating(page);
      const cluster = page.getByRole('region', { name: 'Cluster' });
      await cluster.scrollIntoViewIfNeeded();
      await cluster.screenshot({ path: 'artifacts/screenshots/traffic-badges-phone.png' });
      await page.screenshot({ path: 'artifacts/screenshots/traffic-phone.png' });
    });
  });
});
