import { describe, expect, it } from 'vitest';
import { discoveryRESTMapper, unsafeGuessKindToResource } from './mapper.ts';
import { jsonPathParse, splitAndParseResourceRequest, splitAndParseResourceRequestWithMatchingPrefix } from './resourceRequest.ts';

const gvr = (group: string, version: string, resource: string) => ({ group, version, resource });
const EV_WARNING = 'Warning: short name "ev" could also match lower priority resource events.events.k8s.io';

describe('jsonPathParse', () => {
  it('drops one trailing dot', () => {
    expect(jsonPathParse('pods.')).toEqual([{ type: 'field', value: 'pods' }]);
  });
  it('refuses text past the action', () => {
    expect(jsonPathParse('pods}x')).toEqual({ error: 'must pass in 1 jsonpath string' });
  });
});

describe('unsafeGuessKindToResource', () => {
  it.each([
    ['adds s', 'Deployment', 'deployments'],
    ['adds es after s', 'NodeMetrics', 'nodemetricses'],
    ['turns y into ies', 'NetworkPolicy', 'networkpolicies'],
    ['keeps endpoints', 'Endpoints', 'endpoints'],
  ])('%s', (_name, kind, plural) => {
    expect(unsafeGuessKindToResource(kind).plural).toBe(plural);
  });
});

describe('discoveryRESTMapper', () => {
  const mapper = discoveryRESTMapper();
  it.each([
    ['finds a plural', 'deployments', [gvr('apps', 'v1', 'deployments')], []],
    ['finds a singular, any case', 'Deployment', [gvr('apps', 'v1', 'deployments')], []],
    ['expands a short name to its group', 'hpa', [gvr('autoscaling', 'v2', 'horizontalpodautoscalers'), gvr('autoscaling', 'v1', 'horizontalpodautoscalers')], []],
    ['warns of a short name two groups share, taking the first', 'ev', [gvr('', 'v1', 'events'), gvr('events.k8s.io', 'v1', 'events')], [EV_WARNING]],
    ['finds both nodes: the core ones and metrics', 'nodes', [gvr('', 'v1', 'nodes'), gvr('metrics.k8s.io', 'v1beta1', 'nodes')], []],
    ['finds a resource the server answers alone', 'leases', [gvr('coordination.k8s.io', 'v1', 'leases')], []],
    ['guesses a singular the discovery leaves out', 'nodemetrics', [gvr('metrics.k8s.io', 'v1beta1', 'nodes')], []],
    ['maps a kind List as the mapper guesses it', 'deploymentlist', [gvr('apps', 'v1', 'deploymentlists')], []],
  ])('%s', (_name, word, gvrs, warnings) => {
    expect(mapper.resourcesFor(word)).toEqual({ gvrs, warnings });
  });

  it.each([
    ['does not lower-case a short name', 'HPA'],
    ['does not know a word no resource has', 'nope'],
  ])('%s', (_name, word) => {
    expect(mapper.resourcesFor(word)).toEqual({ noMatch: word });
  });

  it('takes the core group first when a word names two resources', () => {
    expect(mapper.resourceFor('events')).toEqual({ gvr: gvr('', 'v1', 'events'), warnings: [] });
    expect(mapper.resourceFor('hpa')).toEqual({ gvr: gvr('autoscaling', 'v2', 'horizontalpodautoscalers'), warnings: [] });
  });

  it('names the kind of a resource', () => {
    expect(mapper.kindFor(gvr('autoscaling', 'v1', 'horizontalpodautoscalers'))).toEqual({ group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' });
    expect(mapper.kindFor(gvr('', 'v1', 'lists'))).toEqual({ group: '', version: 'v1', kind: 'List' });
  });
});

describe('splitAndParseResourceRequestWithMatchingPrefix', () => {
  const mapper = discoveryRESTMapper();
  it.each([
    ['splits the fields off a resource word', 'deploy.spec.strategy', { gvr: gvr('apps', 'v1', 'deployments'), fieldsPath: ['spec', 'strategy'], warnings: [] }],
    ['takes resource.group as the resource when it prefixes the argument', 'deployments.apps.spec', { gvr: gvr('apps', 'v1', 'deployments'), fieldsPath: ['spec'], warnings: [] }],
    ['reads a group that does not prefix the argument as fields', 'Deployments.apps.spec', { gvr: gvr('apps', 'v1', 'deployments'), fieldsPath: ['apps', 'spec'], warnings: [] }],
    ['prefers the core events, the rest fields', 'events.events.k8s.io', { gvr: gvr('', 'v1', 'events'), fieldsPath: ['events', 'k8s', 'io'], warnings: [] }],
    ['keeps the shortcut warning', 'ev.type', { gvr: gvr('', 'v1', 'events'), fieldsPath: ['type'], warnings: [EV_WARNING] }],
    ['refuses a node that is not a field', 'pods.spec.containers[0]', { error: 'invalid jsonpath syntax, first node must be field node' }],
    ['refuses a first node that is not a field', '..pods', { error: 'invalid jsonpath syntax, first node must be field node' }],
    ['says the server does not have a resource', 'nope.spec', { noMatch: 'nope' }],
  ])('%s', (_name, arg, want) => {
    expect(splitAndParseResourceRequestWithMatchingPrefix(arg, mapper)).toEqual(want);
  });
});

describe('splitAndParseResourceRequest', () => {
  const mapper = discoveryRESTMapper();
  it.each([
    ['reads every node after the first as a field', 'events.events.k8s.io', { gvr: gvr('', 'v1', 'events'), fieldsPath: ['events', 'k8s', 'io'], warnings: [] }],
    ['takes the resource of highest priority', 'hpa.spec', { gvr: gvr('autoscaling', 'v2', 'horizontalpodautoscalers'), fieldsPath: ['spec'], warnings: [] }],
    ['says all nodes must be fields', 'pods.spec[0]', { error: 'invalid jsonpath syntax, all nodes must be field nodes' }],
  ])('%s', (_name, arg, want) => {
    expect(splitAndParseResourceRequest(arg, mapper)).toEqual(want);
  });
});
