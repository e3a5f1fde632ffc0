import { describe, expect, it } from 'vitest';
import { namespaceObject } from './admission/namespaceAutoProvision.ts';
import { defaultServiceAccount } from './serviceAccounts.ts';

describe('defaultServiceAccount', () => {
  it('is the namespace’s default account, made with it, a uid of its own per namespace', () => {
    const ns = (name: string) => ({ ...namespaceObject(name), metadata: { ...namespaceObject(name).metadata, resourceVersion: '3', creationTimestamp: '2026-01-01T00:00:00Z' } });
    const a = defaultServiceAccount(ns('a'));
    expect(a).toMatchObject({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'a', resourceVersion: '3', creationTimestamp: '2026-01-01T00:00:00Z' } });
    expect(a.metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(defaultServiceAccount(ns('a')).metadata.uid).toBe(a.metadata.uid);
    expect(defaultServiceAccount(ns('b')).metadata.uid).not.toBe(a.metadata.uid);
  });
});
