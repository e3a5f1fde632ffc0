// The page's console beside the real kubectl (v1.32.4, as every served-API test) on the states of
// six presets (a Deployment rollout, the stuck StatefulSet, a Service with probes, a DaemonSet
// surge, the HPA, a LimitRange): reading lines each, 80 s into the run. Any line whose text differs
// is listed with its first differing line; ages and dates are blanked, as kubectl counts them on
// its own clock. The console's describe is kubectl v1.36.3's: what that prints differently from
// 1.32 is evened out on the describe lines by describeSkew.ts' normalisers (describeSkewed).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  daemonSetNamespaceDropped,
  eventFieldPathsDropped,
  eventsOfManyDropped,
  portNamesDropped,
  projectedOptionalRenamed,
} from './describeSkew.ts';
import { startHarness } from './kubectlHarness.ts';
import { answersOf } from './printsAsPage.ts';
import type { KubeObject } from '../src/engine/api/types.ts';

const normalised = (t: string) =>
  t
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '-')
    .replace(/[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [+-]\d{4}/g, '-')
    .replace(/(?<=^|\s|\()(\d+[smhdy])+(?=\s|\)|$|,)/gm, '-')
    .replace(/ {2,}/g, ' ');

/**
 * describeSkewed evens out, on a describe line, what kubectl 1.36 prints differently from 1.32:
 * named ports (1.34), the Events' container field paths (1.35), no Events for several objects
 * (1.36: `many`, when kubectl described more than one), the projected volume's `Optional:` and the
 * DaemonSet's Namespace line (1.33). The columns are evened out after, by `normalised`.
 */
function describeSkewed(line: string, text: string, many: boolean): string {
  if (!line.startsWith('describe ')) return text;
  const t = projectedOptionalRenamed(eventFieldPathsDropped(portNamesDropped(text)));
  const ds = line === 'describe ds' ? daemonSetNamespaceDropped(t) : t;
  return many ? eventsOfManyDropped(ds) : ds;
}

/**
 * The reading lines, each with the kind it reads when only that kind's objects can answer it.
 * Every line runs on the first preset (seed), which holds one Deployment and nothing else, so its
 * answers include kubectl's "No resources found" for each other kind; a later preset runs a line
 * only when it holds that kind: an empty answer is the same text on every preset (180 → 114 kubectl
 * processes, ~0.2 s of CPU each).
 */
const LINES: readonly (readonly [string, KubeObject['kind'] | null])[] = [
  ['get all', null],
  ['get rs -o wide', 'ReplicaSet'],
  ['get pods -o wide', null],
  ['describe deploy', 'Deployment'],
  ['describe rs', 'ReplicaSet'],
  ['describe pods', null],
  ['get events', null],
  ['get sts -o wide', 'StatefulSet'],
  ['describe sts', 'StatefulSet'],
  ['get pvc', 'PersistentVolumeClaim'],
  ['describe pvc', 'PersistentVolumeClaim'],
  ['get svc', null],
  ['describe svc', null],
  ['get ep', null],
  ['get endpointslices', null],
  ['get ds -o wide', 'DaemonSet'],
  ['describe ds', 'DaemonSet'],
  ['get hpa', 'HorizontalPodAutoscaler'],
  ['describe hpa', 'HorizontalPodAutoscaler'],
  ['get pdb', 'PodDisruptionBudget'],
  ['get quota', 'ResourceQuota'],
  ['get limits', 'LimitRange'],
  ['describe limits', 'LimitRange'],
  ['get nodes -o wide', null],
  ['rollout history deploy', 'Deployment'],
  ['rollout status deploy --watch=false', 'Deployment'],
  ['rollout status sts --watch=false', 'StatefulSet'],
  ['get cm', null],
  ['top pods', null],
  ['events', null],
];

const PRESETS = ['seed', 'statefulset-stuck', 'traffic-probe', 'daemonset-surge', 'autoscaler-during-rollout', 'limitrange-caps-container'];

describe('the console beside kubectl on preset states', () => {
  it.each(PRESETS)('answers every reading line about the kinds it holds as kubectl does on %s', async (id) => {
    const text = readFileSync(new URL(`../src/scenario/presets/${id}.yaml`, import.meta.url), 'utf8');
    const h = await startHarness({ text, speed: 10 });
    const diffs: string[] = [];
    try {
      h.clock.skip(8000);
      h.server.live.advance();
      h.clock.pause();
      h.server.live.advance();
      const now = h.server.live.virtualNow();
      const objects = h.server.live.st.store.objects;
      for (const [line, kind] of LINES) {
        if (id !== PRESETS[0] && kind !== null && objects[kind].size === 0) continue;
        const a = await answersOf(h, line, now, true);
        const many = (a.real.match(/^Name:/gm) ?? []).length > 1;
        const r = normalised(describeSkewed(line, a.real, many)).split('\n');
        const p = normalised(describeSkewed(line, a.page, many)).split('\n');
        const at = r.findIndex((l, i) => l !== p[i]);
        if (at >= 0 || r.length !== p.length) diffs.push(`${line}: kubectl ${JSON.stringify(r[at] ?? '')} / page ${JSON.stringify(p[at] ?? '')}`);
        if (a.pageOk !== a.realOk) diffs.push(`${line}: kubectl ok ${a.realOk}, page ok ${a.pageOk}`);
      }
    } finally {
      h.clock.resume();
      await h.stop();
    }
    expect(diffs).toEqual([]);
  }, 120_000);
});
