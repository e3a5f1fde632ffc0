import { describe, expect, it } from 'vitest';
import type { Decision } from '../api/decision.ts';
import { type DecisionCatalog, renderDecision } from './explain.ts';

const DEPLOY: DecisionCatalog = {
  reconcileOldReplicaSets: {
    maxScaledDown: 'maxScaledDown = allPodsCount {allPodsCount} − minAvailable {minAvailable} − newRSUnavailable {newRSUnavailablePodCount} = {maxScaledDown}',
  },
};
const DS: DecisionCatalog = { rollingUpdate: { candidates: '{count} old pods may go ({missing} stays)' } };

const d = (fn: string, key: string, values: Decision['values']): Decision => ({ fn, key, values });

describe('renderDecision', () => {
  it('fills the template of the first catalogue that has the key', () => {
    const rec = d('reconcileOldReplicaSets', 'maxScaledDown', { allPodsCount: 13, minAvailable: 8, newRSUnavailablePodCount: 3, maxScaledDown: 2 });
    expect(renderDecision(rec, [DS, DEPLOY])).toBe('maxScaledDown = allPodsCount 13 − minAvailable 8 − newRSUnavailable 3 = 2');
  });
  it('accepts a single catalogue and keeps a placeholder without a value', () => {
    expect(renderDecision(d('rollingUpdate', 'candidates', { count: 2 }), DS)).toBe('2 old pods may go ({missing} stays)');
  });
  it('falls back to fn: key k=v when the key has no template', () => {
    expect(renderDecision(d('syncNodes', 'creates', { n: 3, node: 'node-1', surge: true, cap: null, f: 2.5 }), [DEPLOY])).toBe(
      'syncNodes: creates n=3, node=node-1, surge=true, cap=null, f=2.5',
    );
  });
  it('falls back to fn: key when there are no values', () => {
    expect(renderDecision(d('syncDeployment', 'paused', {}), [])).toBe('syncDeployment: paused');
  });
});
