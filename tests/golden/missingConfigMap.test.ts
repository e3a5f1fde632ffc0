// Golden run of the missing-configmap preset: the new template reads ConfigMap web-v2, applied
// only at 180 s. The new pods pull their image and wait in CreateContainerConfigError; the old
// ReplicaSet stops at 3 (4 − maxUnavailable 1); the deadline (90 s) passes; once web-v2 exists
// each waiting pod starts at its next try and the rollout completes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../cli/run.ts';
import { cliArgs, expectHeldThenDone } from './support.ts';

const text = readFileSync(new URL('../../src/scenario/presets/missing-configmap.yaml', import.meta.url), 'utf8');
const run = (extra: string[]) => runScenarioText(text, cliArgs(['preset.yaml', ...extra]));

describe('missing-configmap preset', () => {
  it('holds the rollout at 3 old and 2 new pods, CreateContainerConfigError, past its deadline', () => {
    const r = run(['--output', 'status', '--until', '175']);
    const out = r.stdout.join('\n');
    expect(out).toContain('deployment "web" exceeded its progress deadline');
    expect(out.match(/0\/1 {5}CreateContainerConfigError/g)?.length).toBe(2);
    expect(out.match(/1\/1 {5}Running/g)?.length).toBe(3);
  });

  it('scales the ReplicaSets as far as maxSurge and maxUnavailable allow, then finishes once web-v2 exists', () => {
    const r = run(['--output', 'watch']);
    expect(r.code).toBe(0);
    expectHeldThenDone(r.stdout);
    const status = run(['--output', 'status']).stdout.join('\n');
    expect(status).toContain('deployment "web" successfully rolled out');
  });
});
