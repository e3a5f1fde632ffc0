import { describe, expect, it } from 'vitest';
import { newRequestInfo } from './requestInfo.ts';

describe('newRequestInfo', () => {
  it.each([
    ['GET', '/apis/apps/v1/namespaces/default/deployments/web', '', 'get', 'apps', 'v1', 'default', 'deployments', 'web', ''],
    ['GET', '/apis/apps/v1/namespaces/default/deployments', '', 'list', 'apps', 'v1', 'default', 'deployments', '', ''],
    ['GET', '/apis/apps/v1/namespaces/default/replicasets', 'watch=true&resourceVersion=12', 'watch', 'apps', 'v1', 'default', 'replicasets', '', ''],
    ['GET', '/api/v1/pods', '', 'list', '', 'v1', '', 'pods', '', ''],
    ['GET', '/api/v1/nodes/node-1', '', 'get', '', 'v1', '', 'nodes', 'node-1', ''],
    ['PATCH', '/apis/apps/v1/namespaces/prod/deployments/web/scale', '', 'patch', 'apps', 'v1', 'prod', 'deployments', 'web', 'scale'],
    ['POST', '/api/v1/namespaces/default/pods/web-1/eviction', '', 'create', '', 'v1', 'default', 'pods', 'web-1', 'eviction'],
    ['DELETE', '/api/v1/namespaces/default/pods', '', 'deletecollection', '', 'v1', 'default', 'pods', '', ''],
    ['GET', '/api/v1/namespaces/payments', '', 'get', '', 'v1', 'payments', 'namespaces', 'payments', ''],
    ['PUT', '/api/v1/namespaces/payments/status', '', 'update', '', 'v1', 'payments', 'namespaces', 'payments', 'status'],
  ])('reads %s %s?%s as %s', (method, path, q, verb, group, version, namespace, resource, name, subresource) => {
    const info = newRequestInfo(method, path, new URLSearchParams(q));
    expect(info).toMatchObject({ isResourceRequest: true, verb, group, version, namespace, resource, name, subresource });
  });

  it.each([['/version'], ['/api'], ['/apis'], ['/api/v1'], ['/apis/apps/v1'], ['/openapi/v3'], ['/apis/apps/v1/namespaces/a/deployments/b/scale/extra']])(
    'says %s is not a resource request',
    (path) => {
      expect(newRequestInfo('GET', path, new URLSearchParams()).isResourceRequest).toBe(false);
    },
  );

  it('reads fieldValidation, Warn by default', () => {
    const p = '/apis/apps/v1/namespaces/default/deployments';
    expect(newRequestInfo('POST', p, new URLSearchParams('fieldValidation=Strict')).fieldValidation).toBe('Strict');
    expect(newRequestInfo('POST', p, new URLSearchParams('fieldValidation=Ignore')).fieldValidation).toBe('Ignore');
    expect(newRequestInfo('POST', p, new URLSearchParams()).fieldValidation).toBe('Warn');
  });
});
