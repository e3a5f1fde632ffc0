/**
 * Shared steps of the panels' end-to-end specs: fail a test on any console error, page error or
 * CSP violation (as e2e/smoke.spec.ts does), open a preset through its share link, and move the
 * timeline through its `Timeline position` slider.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { createEngine, runUntil, type TickRecord } from '../src/engine/sim.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { encodeShareHash } from '../src/scenario/shareUrl.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';

export { failOnProblems } from './guard.ts';
import { appeared } from './wait.ts';

const PRESET_DIR = 'src/scenario/presets';

/** PRESET_IDS lists the built-in presets (one YAML file each). */
export const PRESET_IDS: string[] = readdirSync(PRESET_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''))
  .sort((a, b) => (a === 'seed' ? -1 : b === 'seed' ? 1 : a.localeCompare(b)));

/** presetHash is the share-link hash (`#v1.…`) that opens a preset. */
export function presetHash(id: string): string {
  const parsed = parseScenarioText(readFileSync(`${PRESET_DIR}/${id}.yaml`, 'utf8'));
  if (!parsed.ok) throw new Error(`preset ${id}: ${JSON.stringify(parsed)}`);
  const hash = encodeShareHash(parsed.value);
  return hash.startsWith('#') ? hash : `#${hash}`;
}

/** firstTick runs the preset in Node and returns the first tick whose record `when` accepts (-1: none by 120 s). */
export function firstTick(id: string, when: (t: TickRecord) => boolean): number {
  const parsed = parseScenarioText(readFileSync(`${PRESET_DIR}/${id}.yaml`, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const st = createEngine(toSimConfig(parsed.value));
  let tick = -1;
  runUntil(st, 120_000, (t) => {
    if (tick < 0 && when(t)) tick = t.tick;
  });
  return tick;
}

/** slider is the `Timeline position` slider. */
export const slider = (page: Page): Locator => page.getByRole('slider', { name: 'Timeline position' });

/** tickOf reads the current tick and the recording's length from the slider. */
export async function tickOf(page: Page): Promise<{ tick: number; total: number }> {
  const s = slider(page);
  return {
    tick: Number(await s.getAttribute('aria-valuenow')),
    total: Number(await s.getAttribute('aria-valuemax')),
  };
}

/** openPreset opens a preset from its share link and waits until its nodes are drawn. */
export async function openPreset(page: Page, id: string): Promise<void> {
  await openHash(page, presetHash(id));
}

/** openHash opens the scenario of a share hash (`#v1.…`), as openPreset opens a preset's. */
export async function openHash(page: Page, hash: string): Promise<void> {
  await page.goto(`./${hash}`);
  await appeared(page.getByTestId('node').first(), 15_000);
  await expect.poll(async () => (await tickOf(page)).total, { timeout: 15_000 }).toBeGreaterThan(0);
  await recorded(page);
}

/** recorded waits until the worker has recorded the whole run (after a load or a fork). */
export async function recorded(page: Page): Promise<void> {
  await expect(page.getByTestId('recording-state')).not.toHaveAttribute('data-state', 'recording', {
    timeout: 30_000,
  });
}

/**
 * seekTo moves the slider to `tick` and waits until the panels show that tick: the slider's value
 * moves at once, its `data-frame-tick` only when the worker's frame of that tick is in every panel.
 */
export async function seekTo(page: Page, tick: number): Promise<void> {
  await slider(page).fill(String(tick));
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(tick));
  await expect(slider(page)).toHaveAttribute('data-frame-tick', String(tick));
}

/**
 * seekEnd waits for the recording to finish, then presses End (with nothing focused that takes
 * the key) until the last tick shows; returns it.
 */
export async function seekEnd(page: Page): Promise<number> {
  await recorded(page);
  await expect
    .poll(
      async () => {
        const { tick, total } = await tickOf(page);
        if (tick === total && total > 0) return true;
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('End');
        return false;
      },
      { timeout: 30_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
  await recorded(page);
  return (await tickOf(page)).total;
}

/**
 * The `kubectl get rs -w` rows on screen, split into columns. One read of all rows in the page
 * (evaluateAll): a round trip per row and attribute took ~4 s for the Seed preset's 79 rows on a
 * loaded machine, and one read also sees the rows of a single render.
 */
export async function rsRows(
  page: Page,
): Promise<{ tick: number; name: string; desired: number; current: number; ready: number }[]> {
  const rows = page.getByRole('region', { name: 'ReplicaSets' }).getByTestId('watch-row');
  const raw = await rows.evaluateAll((els) =>
    els.map((el) => ({ tick: el.getAttribute('data-tick'), text: el.textContent ?? '' })),
  );
  return raw.map(({ tick, text }) => {
    const [name = '', desired = '', current = '', ready = ''] = text.trim().split(/\s+/);
    return {
      tick: Number(tick),
      name,
      desired: Number(desired),
      current: Number(current),
      ready: Number(ready),
    };
  });
}

/** firstActionTick is the tick of the scenario's first user action (a chart marker), or null. */
export async function firstActionTick(page: Page): Promise<number | null> {
  const markers = page.getByTestId('action-marker');
  await appeared(page.getByTestId('timeline-chart').locator('svg'));
  if ((await markers.count()) === 0) return null;
  return Number(await markers.first().getAttribute('data-tick'));
}
