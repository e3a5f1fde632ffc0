import { describe, expect, it } from 'vitest';
import { kubectl, settledCluster } from '../sim/executeTestEngine.ts';
import { parseKubectl } from './parse.ts';
import { conditionFuncFor } from './parseWait.ts';

describe('conditionFuncFor', () => {
  it.each([
    ['delete', { kind: 'delete' }],
    ['Create', { kind: 'create' }],
    ['condition=Available', { kind: 'condition', name: 'Available', value: 'true' }],
    ['condition=Ready=False', { kind: 'condition', name: 'Ready', value: 'False' }],
    ['jsonpath={.status.phase}=Running', { kind: 'jsonpath', path: '{.status.phase}', value: 'Running' }],
    ['jsonpath=.status.readyReplicas=3', { kind: 'jsonpath', path: '{.status.readyReplicas}', value: '3' }],
    ['jsonpath={.status.readyReplicas}', { kind: 'jsonpath', path: '{.status.readyReplicas}' }],
    ['', { error: 'error: unrecognized condition: ""' }],
    ['ready', { error: 'error: unrecognized condition: "ready"' }],
  ])('reads --for=%s', (text, want) => {
    expect(conditionFuncFor(text)).toEqual(want);
  });
});

describe('parseWait', () => {
  it('reads the timeout as typed, 30 s when left out, and checks --for before the resources', () => {
    expect(parseKubectl('wait --for=delete pod/x --timeout=2m')).toMatchObject({ verb: 'wait', timeoutMs: 120_000, timeoutText: '2m' });
    expect(parseKubectl('wait --for=delete pod/x')).toMatchObject({ timeoutMs: 30_000, timeoutText: '' });
    expect(parseKubectl('wait --for=nope')).toEqual({ error: 'error: unrecognized condition: "nope"' });
  });
});

describe('runWait', () => {
  it('says what kubectl would print with --timeout=0 when met, at the playhead', () => {
    expect(kubectl(settledCluster(), 'wait --for=condition=Available deploy/web')).toEqual({ ok: true, output: 'deployment.apps/web condition met' });
  });

  it('says the console did not wait the timeout kubectl would have, when not met', () => {
    const st = settledCluster();
    expect(kubectl(st, 'wait --for=delete deploy/web --timeout=0')).toEqual({ ok: false, output: 'error: condition not met for deployments/web' });
    expect(kubectl(st, 'wait --for=delete deploy/web')).toEqual({
      ok: false,
      output: 'error: condition not met for deployments/web\n(the console checks once, at the playhead, as --timeout=0 does; kubectl would wait up to 30s)',
    });
    expect(kubectl(st, 'wait --for=condition=Ready=false pods --all --timeout=1m').output.split('\n')).toEqual([
      expect.stringMatching(/^condition not met for pods\/web-/),
      expect.stringMatching(/^condition not met for pods\/web-/),
      expect.stringMatching(/^condition not met for pods\/web-/),
      expect.stringMatching(/^condition not met for pods\/web-/),
      '(the console checks once, at the playhead, as --timeout=0 does; kubectl would wait up to 1m)',
    ]);
  });

  it('waits for no generation its status has not observed yet', () => {
    const st = settledCluster();
    // The write bumps the generation; the controller has not observed it in the same instant.
    kubectl(st, 'set image deploy/web nginx=nginx:1.9');
    expect(kubectl(st, 'wait --for=condition=Available deploy/web --timeout=0')).toEqual({ ok: false, output: 'error: condition not met for deployments/web' });
  });
});
