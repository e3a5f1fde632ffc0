import { describe, expect, it } from 'vitest';
import type { Event } from '../../api/types.ts';
import { camelcaseSplit, genericDescriber, goValue, printUnstructuredContent, smartLabelFor, type Unstructured, type UnstructuredMap } from './describeGeneric.ts';
import { PrefixWriter } from './podTemplate.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { tabbedString } from './tabwriter.ts';

describe('smartLabelFor', () => {
  it.each([
    // The labels real kubectl v1.32.4 printed for a served ControllerRevision and Event.
    ['apiVersion', 'API Version'],
    ['imagePullPolicy', 'Image Pull Policy'],
    ['terminationGracePeriodSeconds', 'Termination Grace Period Seconds'],
    ['creationTimestamp', 'Creation Timestamp'],
    ['ownerReferences', 'Owner References'],
    ['blockOwnerDeletion', 'Block Owner Deletion'],
    ['uid', 'UID'],
    ['involvedObject', 'Involved Object'],
    ['reportingComponent', 'Reporting Component'],
    ['kind', 'Kind'],
    // Acronyms known to it, in any case; others split as camelcase splits them, first letters up.
    ['hostIP', 'Host IP'],
    ['podCIDR', 'Pod CIDR'],
    ['baseURL', 'Base URL'],
    ['externalGuid', 'External GUID'],
    ['containerStatuses', 'Container Statuses'],
    ['HTTPServer', 'HTTP Server'],
    // A `-` is a word of its own.
    ['foo-bar', 'Foo - Bar'],
    // Anything else than letters and `-` keeps the name as it is.
    ['$patch', '$patch'],
    ['some.field/name', 'some.field/name'],
    ['ipv4', 'ipv4'],
    ['a_b', 'a_b'],
    ['', ''],
  ])('%s → %s', (field, label) => {
    expect(smartLabelFor(field)).toBe(label);
  });
});

describe('camelcaseSplit', () => {
  it.each([
    ['lowercase', ['lowercase']],
    ['MyClass', ['My', 'Class']],
    ['MyC', ['My', 'C']],
    ['HTML', ['HTML']],
    ['PDFLoader', ['PDF', 'Loader']],
    ['SimpleXMLParser', ['Simple', 'XML', 'Parser']],
    ['GL11Version', ['GL', '11', 'Version']],
    ['99Bottles', ['99', 'Bottles']],
    ['BöseÜberraschung', ['Böse', 'Überraschung']],
    ['Two  spaces', ['Two', '  ', 'spaces']],
    ['', []],
  ])('%s', (src, words) => {
    expect(camelcaseSplit(src)).toEqual(words);
  });
});

describe('goValue', () => {
  it.each<[Unstructured, string]>([
    [null, '<nil>'],
    [true, 'true'],
    [30, '30'],
    [0.5, '0.5'],
    [1234567.5, '1.2345675e+06'],
    [0.00001, '1e-05'],
    ['nginx:1.26', 'nginx:1.26'],
    [['a', 1], '[a 1]'],
    [{ b: 1, a: 'x' }, 'map[a:x b:1]'],
  ])('%j → %s', (v, text) => {
    expect(goValue(v)).toBe(text);
  });
});

describe('printUnstructuredContent', () => {
  const print = (content: UnstructuredMap, skip: readonly string[] = []) => {
    const w = new PrefixWriter();
    printUnstructuredContent(w, 0, content, '', skip);
    return w.segments.map(tabbedString).join('');
  };

  it('sorts the fields, nests maps, lists each item one level in, aligns the values of consecutive lines', () => {
    const content: UnstructuredMap = {
      spec: { replicas: 2, paused: false, selector: { matchLabels: { app: 'web' } } },
      kind: 'Thing',
      ports: [
        { port: 80, name: 'http' },
        { port: 443, name: 'https' },
      ],
      args: ['--a', 7, null],
      empty: {},
      none: [],
      gone: null,
    };
    expect(print(content)).toBe(
      [
        'Args:',
        '  --a',
        '  7',
        '  <nil>',
        'Empty:',
        'Gone:  <nil>',
        'Kind:  Thing',
        'None:',
        'Ports:',
        '  Name:  http',
        '  Port:  80',
        '  Name:  https',
        '  Port:  443',
        'Spec:',
        '  Paused:    false',
        '  Replicas:  2',
        '  Selector:',
        '    Match Labels:',
        '      App:  web',
        '',
      ].join('\n'),
    );
  });

  it('leaves out the paths in skip with everything under them, maps, lists and values alike', () => {
    const content: UnstructuredMap = { metadata: { name: 'a', uid: 'u', labels: { x: 'y' }, finalizers: ['f'] }, data: { name: 'kept' } };
    expect(print(content, ['.metadata.name', '.metadata.labels', '.metadata.finalizers'])).toBe('Data:\n  Name:  kept\nMetadata:\n  UID:  u\n');
  });
});

describe('genericDescriber', () => {
  const obj: UnstructuredMap = {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: {
      name: 'w',
      namespace: 'shop',
      labels: { b: '2', a: '1' },
      annotations: { note: 'hi' },
      managedFields: [{ manager: 'kubectl' }],
      uid: 'u-1',
    },
    size: 3,
  };

  it('prints the header, then every field but the header ones and managedFields, without Events when given none', () => {
    expect(genericDescriber(obj, undefined, 0)).toBe(
      [
        'Name:         w',
        'Namespace:    shop',
        'Labels:       a=1',
        '              b=2',
        'Annotations:  note: hi',
        'API Version:  example.com/v1',
        'Kind:         Widget',
        'Metadata:',
        '  UID:  u-1',
        'Size:   3',
        '',
      ].join('\n'),
    );
  });

  it('ends with Events: <none> in the last block of aligned lines', () => {
    expect(genericDescriber(obj, [], 0).split('\n').slice(-4)).toEqual(['  UID:   u-1', 'Size:    3', 'Events:  <none>', '']);
  });

  it('prints the Events table after a flush, as the other describers do', () => {
    const ev = {
      kind: 'Event',
      apiVersion: 'v1',
      metadata: { name: 'w.1', namespace: 'shop' },
      involvedObject: { kind: 'Widget', name: 'w', namespace: 'shop' },
      reason: 'Grown',
      message: 'it grew',
      type: 'Normal',
      source: { component: 'widget-controller' },
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: '2026-01-01T00:00:00Z',
      count: 1,
    } as Event;
    const now = parseRFC3339('2026-01-01T00:01:00Z');
    expect(genericDescriber(obj, [ev], now).split('\n').slice(-6)).toEqual([
      'Size:   3',
      'Events:',
      '  Type    Reason  Age   From               Message',
      '  ----    ------  ----  ----               -------',
      '  Normal  Grown   60s   widget-controller  it grew',
      '',
    ]);
  });
});
