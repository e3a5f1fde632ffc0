// Every object the engine writes in the presets and the fixture scenarios carries the fields
// Kubernetes' published schema requires (requiredFields.ts), and the runtime's names in their
// formats: imageID a digest reference once pulled, containerID containerd's for every started run.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KubeObject, Pod } from '../../src/engine/api/types.ts';
import { createEngine, lastActionTime, runUntil } from '../../src/engine/sim.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';
import { missingRequired } from './requiredFields.ts';

const dirs = ['../../src/scenario/presets/', '../fixtures/scenarios/'].map((d) => new URL(d, import.meta.url));
const files = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.yaml')).map((f) => new URL(f, d)));

/** writesOf runs a scenario as `npm run sim` does (to its last action + 600 s) and returns every object written. */
function writesOf(url: URL): KubeObject[] {
  const parsed = parseScenarioText(readFileSync(url, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  const out: KubeObject[] = [...st.store.objects.Node.values()];
  runUntil(st, lastActionTime(config) + 600_000, (t) => {
    for (const w of t.writes) out.push(w.object);
  });
  return out;
}

describe('missingRequired', () => {
  it('names a container status without imageID', () => {
    const pod = {
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { containers: [{ name: 'c', image: 'i' }] },
      status: { containerStatuses: [{ name: 'c', image: 'i', ready: false, restartCount: 0, state: {} }] },
    };
    expect(missingRequired(pod)).toEqual(['status.containerStatuses[0].imageID']);
  });
  it('names a container without a name deep in a template', () => {
    const d = { kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: {}, template: { spec: { containers: [{ image: 'i' }] } } } };
    expect(missingRequired(d)).toEqual(['spec.template.spec.containers[0].name']);
  });
});

describe('every write of the presets and fixture scenarios', () => {
  it.each(files.map((f) => [f.pathname.split('/').pop() as string, f] as const))('%s carries every required field', (_name, url) => {
    const writes = writesOf(url);
    const missing = writes.flatMap((o) => missingRequired(o).map((m) => `${o.kind} ${o.metadata.name}: ${m}`));
    expect(missing).toEqual([]);
    for (const pod of writes.filter((o): o is Pod => o.kind === 'Pod')) {
      for (const cs of pod.status?.containerStatuses ?? []) {
        expect(cs.lastState).toBeDefined();
        if (cs.containerID === undefined) {
          expect(cs.imageID === '' || cs.state.waiting !== undefined).toBe(true);
          continue;
        }
        expect(cs.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
        expect(cs.imageID).toMatch(/^[a-z0-9.:-]+\/[a-z0-9._/-]+@sha256:[0-9a-f]{64}$/);
        const ended = cs.lastState?.terminated;
        if (ended) expect(ended.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
      }
    }
  });
});
