// Golden run of the init-containers preset: each pod runs init container migrate before web. At
// 30 s migrate:2 takes 12 s, so each new pod shows Init:0/1 for ~14 s and the four are replaced
// one after another (maxSurge 1, maxUnavailable 0); at 120 s migrate:3 crashes on every start, the
// new pod waits in Init:CrashLoopBackOff with its restarts counted, and the four web:2 pods keep
// serving past the deadline.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../cli/run.ts';
import { cliArgs } from './support.ts';

const text = readFileSync(new URL('../../src/scenario/presets/init-containers.yaml', import.meta.url), 'utf8');
const status = (until: number) => runScenarioText(text, cliArgs(['preset.yaml', '--output', 'status', '--until', String(until)])).stdout.join('\n');

describe('init-containers preset', () => {
  it('shows the new pod initializing, then replaces the old pods one at a time', () => {
    const early = status(40);
    expect(early).toMatch(/web-\w+-\w+ {3}0\/1 {5}Init:0\/1 {3}0/);
    expect(early.match(/1\/1 {5}Running/g)?.length).toBe(4);
    expect(status(110)).toContain('deployment "web" successfully rolled out');
  });

  it('holds the broken migration in Init:CrashLoopBackOff while the four web:2 pods keep serving past the deadline', () => {
    const late = status(220);
    expect(late).toContain('deployment "web" exceeded its progress deadline');
    expect(late).toMatch(/0\/1 {5}Init:CrashLoopBackOff {3}4 \(\d+s ago\)/);
    expect(late.match(/1\/1 {5}Running/g)?.length).toBe(4);
  });
});
