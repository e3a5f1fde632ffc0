import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { failOnProblems, presetHash } from './panelsSupport.ts';
import { appeared } from './wait.ts';

failOnProblems();

/**
 * A course page on another site: 127.0.0.2 is another host than the app's 127.0.0.1 (so another
 * origin and another site), serving a page that frames the app as README.md says, under a CSP of
 * its own that allows the frame.
 */
let host: Server;
let hostUrl = '';
let frameSrc = '';

test.beforeAll(async ({ baseURL }) => {
  frameSrc = new URL(`./${presetHash('seed')}&t=250&embed=1`, baseURL).href;
  const appOrigin = new URL(frameSrc).origin;
  host = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; frame-src ${appOrigin}`,
    );
    res.end(`<!doctype html>
<html lang="en"><head><title>Chapter 3: maxSurge</title></head>
<body style="font-family: serif; max-width: 60rem; margin: 1rem auto">
<h1>Chapter 3: maxSurge</h1>
<p>Press Play and watch the new ReplicaSet grow by three pods at a time.</p>
<iframe src="${frameSrc}" title="Rollout Lab: the seed rollout" width="100%" height="640"
  style="border: 1px solid #ccc" loading="lazy"></iframe>
<p>The text goes on after the frame.</p>
</body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.2', resolve));
  hostUrl = `http://127.0.0.2:${(host.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

test('a course page on another origin embeds the cluster and the timeline, which play', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(hostUrl);
  const frame = page.frameLocator('iframe[title="Rollout Lab: the seed rollout"]');
  await appeared(frame.getByTestId('node').first(), 15_000);
  const framed = page.frames().find((f) => f.url().startsWith(frameSrc.split('#')[0] ?? '-'));
  expect(framed, 'the app runs in a frame of its own origin').toBeTruthy();
  expect(new URL(framed?.url() ?? '').origin).not.toBe(new URL(hostUrl).origin);

  // the cluster and the timeline, no header menus
  // Two panels: the regions not inside another (the Timeline holds the Rollout summary's region).
  const panels = () =>
    frame
      .getByRole('region')
      .evaluateAll((els) => els.filter((e) => !e.parentElement?.closest('section')).length);
  await expect.poll(panels).toBe(2);
  await appeared(frame.getByRole('region', { name: 'Cluster' }));
  await appeared(frame.getByRole('region', { name: 'Timeline' }));
  for (const name of ['Scenarios', 'Import', 'Export', 'Share', 'Presenter mode'])
    await expect(frame.getByRole('button', { name })).toHaveCount(0);
  await expect(frame.getByRole('combobox', { name: 'Language' })).toHaveCount(0);

  // opened at the link's tick; it plays
  const slider = frame.getByRole('slider', { name: 'Timeline position' });
  await expect(slider).toHaveAttribute('aria-valuenow', '250');
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'artifacts/screenshots/embed-in-host-page.png' });
  await frame.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(260);
  await frame.getByRole('button', { name: 'Pause' }).click();
  await appeared(frame.getByRole('button', { name: 'Play' }));
  // the worker may deliver a frame or two after the pause: wait until the tick stays put
  let tick = '';
  await expect
    .poll(async () => {
      const now = (await slider.getAttribute('aria-valuenow')) ?? '';
      const same = now === tick;
      tick = now;
      return same;
    })
    .toBe(true);

  // the link opens the same run at the same tick in the full app, in a new tab
  const link = frame.getByRole('link', { name: 'Open in Rollout Lab' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  await expect(link).toHaveAttribute('href', new RegExp(`&t=${tick}$`));
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).not.toContain('embed');
  expect(href.split('&')[0]).toBe(frameSrc.split('&')[0]);
  const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await appeared(popup.getByRole('button', { name: 'Scenarios' }), 15_000);
  await expect(popup.getByRole('slider', { name: 'Timeline position' })).toHaveAttribute(
    'aria-valuenow',
    tick,
  );
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();

  // nothing the app's server sends forbids framing; the CSP in index.html (a <meta> cannot set
  // frame-ancestors anyway) keeps its other limits
  const response = await page.request.get(frameSrc.split('#')[0] ?? '');
  expect(response.headers()['x-frame-options']).toBeUndefined();
  expect(response.headers()['content-security-policy'] ?? '').not.toContain('frame-ancestors');
  expect(await response.text()).toContain("script-src 'self';");
});
