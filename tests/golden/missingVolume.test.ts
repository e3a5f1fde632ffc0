// Golden run of the missing-volume preset: the new template mounts ConfigMap web-v2 as a volume,
// applied only at 100 s. The kubelet mounts volumes before it pulls anything, so the new pods wait
// in ContainerCreating (FailedMount Events) while the volume manager's back-off doubles from 0.5 s;
// the deadline (90 s) passes; the ConfigMap is seen at the try after 64 s, at 157.7 s, and the
// rollout completes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../cli/run.ts';
import { cliArgs, expectHeldThenDone } from './support.ts';

const text = readFileSync(new URL('../../src/scenario/presets/missing-volume.yaml', import.meta.url), 'utf8');
const run = (extra: string[]) => runScenarioText(text, cliArgs(['preset.yaml', ...extra]));

describe('missing-volume preset', () => {
  it('holds 2 new pods in ContainerCreating past the deadline, after the ConfigMap is applied, until the next try', () => {
    const out = run(['--output', 'status', '--until', '157']).stdout.join('\n');
    expect(out).toContain('deployment "web" exceeded its progress deadline');
    expect(out.match(/0\/1 {5}ContainerCreating/g)?.length).toBe(2);
    expect(out.match(/1\/1 {5}Running/g)?.length).toBe(3);
    const started = run(['--output', 'status', '--until', '165']).stdout.join('\n');
    expect(started).not.toContain('ContainerCreating');
  });

  it('scales the ReplicaSets as far as maxSurge and maxUnavailable allow, then finishes', () => {
    const r = run(['--output', 'watch']);
    expect(r.code).toBe(0);
    expectHeldThenDone(r.stdout);
    expect(run(['--output', 'status']).stdout.join('\n')).toContain('deployment "web" successfully rolled out');
  });
});
