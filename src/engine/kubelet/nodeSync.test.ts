import { describe, expect, it } from 'vitest';
import type { Event } from '../api/types.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import { toSimConfig } from '../../scenario/toSimConfig.ts';
import { createEngine, runUntil } from '../sim.ts';
import { nextStatusUpdate } from './nodeSync.ts';

describe('nextStatusUpdate', () => {
  it.each([
    ['just after the creation', 0, 50, 10_000],
    ['between two marks', 0, 12_050, 20_000],
    ['on a mark: the next one', 0, 20_000, 30_000],
    ['for a node created later', 5_000, 12_000, 15_000],
  ])('is the next 10-second mark %s', (_name, created, now, next) => {
    expect(nextStatusUpdate(created, now)).toBe(next);
  });
});

/** kubeletNodeEvents runs two nodes through the actions and lists the kubelet's Events about nodes. */
function kubeletNodeEvents(nodes: string, actions: string, until: number): string[] {
  const parsed = parseScenarioText(`
version: 1
name: cordon
cluster:
  nodes:
${nodes}
objects: []
actions:
${actions}
`);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const st = createEngine(toSimConfig(parsed.value));
  runUntil(st, until * 1000);
  return ([...st.store.objects.Event.values()] as Event[])
    .filter((e) => e.involvedObject.kind === 'Node')
    .map((e) => `${e.firstTimestamp?.slice(14, 19)} ${e.reason} ${e.involvedObject.name} uid=${e.involvedObject.uid} ${e.source?.component}/${e.source?.host}: ${e.message}`)
    .sort();
}

const TWO = '    - { name: node-1 }\n    - { name: node-2 }';

describe('recordNodeSchedulableEvent', () => {
  it('records NodeNotSchedulable at the kubelet status update after a cordon, NodeSchedulable after the uncordon', () => {
    expect(kubeletNodeEvents(TWO, '  - { at: 12, kubectl: cordon node-1 }\n  - { at: 25, kubectl: uncordon node-1 }', 40)).toEqual([
      '00:20 NodeNotSchedulable node-1 uid=node-1 kubelet/node-1: Node node-1 status is now: NodeNotSchedulable',
      '00:30 NodeSchedulable node-1 uid=node-1 kubelet/node-1: Node node-1 status is now: NodeSchedulable',
    ]);
  });
  it('records nothing for a cordon undone before the next status update', () => {
    expect(kubeletNodeEvents(TWO, '  - { at: 12, kubectl: cordon node-1 }\n  - { at: 15, kubectl: uncordon node-1 }', 40)).toEqual([]);
  });
  it('records NodeNotSchedulable at once for a node that registers cordoned', () => {
    expect(kubeletNodeEvents('    - { name: node-1, unschedulable: true }\n    - { name: node-2 }', '  - { at: 5, kubectl: get nodes }', 10)).toEqual([
      '00:00 NodeNotSchedulable node-1 uid=node-1 kubelet/node-1: Node node-1 status is now: NodeNotSchedulable',
    ]);
  });
});
