import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { presetHash, recorded } from './panelsSupport.ts';
import { appeared } from './wait.ts';

/** The first page's JavaScript budget, gzipped (issue 14): lessons, fonts, Compare, dialogs load on demand. */
const INITIAL_JS_GZIP_BYTES = 160_000;

/** initialScripts lists the built page's entry and the chunks it preloads, with their gzipped sizes. */
function initialScripts(): { file: string; gzip: number }[] {
  const html = readFileSync('dist/index.html', 'utf8');
  const files = [...html.matchAll(/(?:src|href)="[^"]*?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  return [...new Set(files)].map((file) => ({ file, gzip: gzipSync(readFileSync(`dist/${file}`)).length }));
}

test('the first page loads under 160 KB of gzipped JavaScript', () => {
  const scripts = initialScripts();
  expect(scripts.length).toBeGreaterThan(0);
  const total = scripts.reduce((n, s) => n + s.gzip, 0);
  expect(total, JSON.stringify(scripts)).toBeLessThan(INITIAL_JS_GZIP_BYTES);
});

test('the timeline chart and d3 load with the run, not with the first page, and take the box they were given', async ({
  page,
}) => {
  expect(initialScripts().map((s) => s.file)).not.toContainEqual(expect.stringMatching(/TimelineChart|d3-/));
  const chunks: string[] = [];
  const traffic: string[] = [];
  page.on('response', (r) => {
    if (/\/assets\/(TimelineChart|d3-[a-z]+)-.*\.js$/.test(r.url())) chunks.push(r.url());
    if (/\/assets\/TrafficPanel-.*\.js$/.test(r.url())) traffic.push(r.url());
  });
  await page.goto(`./${presetHash('seed')}`);
  const box = page.getByTestId('timeline-chart');
  await appeared(box.locator('svg'));
  await recorded(page);
  expect(chunks.length).toBeGreaterThan(0);
  // a run without clients never loads the Traffic chart (issue 22)
  expect(traffic).toEqual([]);
  // The chart fills its box: the Suspense fallback had the same classes, so nothing moved.
  const [outer, svg] = await Promise.all([box.boundingBox(), box.locator('svg').boundingBox()]);
  expect(svg?.width).toBeCloseTo(outer?.width ?? 0, 0);
  expect(svg?.height).toBeCloseTo(outer?.height ?? 0, 0);
});

test('an English page loads none of the zh-CN strings, and zh-CN loads them with the language', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/zhResources-.*\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.goto(`./${presetHash('seed')}`);
  await recorded(page);
  await appeared(page.getByRole('button', { name: 'Play' }));
  expect(chunks).toEqual([]);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await appeared(page.getByRole('button', { name: '播放' }));
  expect(chunks).toHaveLength(1);
});
