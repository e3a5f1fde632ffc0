import { describe, expect, it } from 'vitest';
import type { OrdinalView, StatefulSetExtra } from '../../worker/protocol.ts';
import { STS_STRINGS } from './i18n.ts';
import { ordinalNotes } from './ordinalNotes.ts';

const cell = (ordinal: number, over: Partial<OrdinalView> = {}): OrdinalView => ({
  ordinal,
  pod: `web-${ordinal}`,
  phase: 'Available',
  revision: 1,
  onRevision: 'update',
  condemned: false,
  claims: [],
  waitingFor: null,
  ...over,
});

const set = (ordinals: OrdinalView[], over: Partial<StatefulSetExtra> = {}): StatefulSetExtra => ({
  podManagementPolicy: 'OrderedReady',
  partition: 0,
  ordinalStart: 0,
  whenScaled: 'Retain',
  currentRevision: 'web-1',
  updateRevision: 'web-1',
  currentRevisionNumber: 1,
  updateRevisionNumber: 1,
  ordinals,
  more: 0,
  ...over,
});

describe('ordinalNotes', () => {
  it.each([
    [
      'a missing ordinal waiting for a pod not Ready',
      set([
        cell(0, { phase: 'ContainerCreating' }),
        cell(1, { phase: null, onRevision: null, waitingFor: { pod: 'web-0', phase: 'ContainerCreating' } }),
      ]),
      3,
      [{ key: 'why.waiting', values: { pod: 'web-1', waitingFor: 'web-0' }, phase: 'ContainerCreating' }],
    ],
    [
      'a missing ordinal waiting for one not created either',
      set([
        cell(0, { phase: null, onRevision: null }),
        cell(1, { phase: null, onRevision: null, waitingFor: { pod: 'web-0', phase: null } }),
      ]),
      2,
      [
        { key: 'why.nextSync', values: { pod: 'web-0' } },
        { key: 'why.waitingMissing', values: { pod: 'web-1', waitingFor: 'web-0' } },
      ],
    ],
    [
      'a pod past the replicas and a claim kept without its pod',
      set([
        cell(0),
        cell(1, { condemned: true }),
        cell(2, {
          phase: null,
          onRevision: null,
          condemned: true,
          claims: [{ name: 'www-web-2', phase: 'Bound' }],
        }),
      ]),
      1,
      [
        { key: 'why.condemned', values: { pod: 'web-1', ordinal: 1, replicas: 1, first: 0, last: 0 } },
        { key: 'why.claimKept', values: { pod: 'web-2', claim: 'www-web-2', policy: 'Retain' } },
      ],
    ],
    [
      'pods held back by a partition',
      set(
        [cell(0, { onRevision: 'current' }), cell(1, { onRevision: 'current' }), cell(2, { revision: 2 })],
        { partition: 2, updateRevision: 'web-2', updateRevisionNumber: 2 },
      ),
      3,
      [{ key: 'why.partition', values: { pods: 'web-0, web-1', partition: 2, current: 1, update: 2 } }],
    ],
    ['nothing when every ordinal is up and current', set([cell(0), cell(1)]), 2, []],
  ])('explains %s', (_name, x, replicas, want) => {
    expect(ordinalNotes(x, replicas)).toEqual(want);
  });

  it('has every note key in both languages', () => {
    const keys = ['waiting', 'waitingMissing', 'nextSync', 'condemned', 'claimKept', 'partition'] as const;
    for (const k of keys) {
      expect(STS_STRINGS.en.why[k]).toBeTruthy();
      expect(STS_STRINGS['zh-CN'].why[k]).toBeTruthy();
    }
  });
});

describe('STS_STRINGS', () => {
  const leaves = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'object' ? leaves(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
    );
  it('has the same keys in zh-CN as in en', () => {
    expect(leaves(STS_STRINGS['zh-CN'])).toEqual(leaves(STS_STRINGS.en));
  });
});
