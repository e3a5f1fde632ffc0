// structured-merge-diff's own test tables (tests/fixtures/k8s-ssa-cases.json) run against the port.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apply, capUpdateManagers, conflictCauses, conflictMessage, encodeManagedFields, type Managed, update } from './manager.ts';
import { pathString, toFieldsV1 } from './fieldpath.ts';
import type { Schema } from './schema.ts';

type Json = Record<string, unknown>;
interface Op {
  op: 'apply' | 'forceApply' | 'update';
  manager: string;
  apiVersion: string;
  object: Json;
  conflicts?: { manager: string; path: string }[];
}
interface Case {
  name: string;
  source: string;
  ops: Op[];
  object: Json;
  managed: Record<string, { apiVersion: string; paths: string[][] }>;
}
interface Fixture {
  suites: { schema: Schema; cases: Case[] }[];
  conflictMessages: {
    source: string;
    conflicts: { manager: string; operation?: 'Apply' | 'Update'; apiVersion: string; subresource?: string; identifierTime?: string; path: string[] }[];
    message: string;
    causes?: { reason: string; message: string; field: string }[];
  }[];
}

const fixture = JSON.parse(readFileSync(new URL('../../../../tests/fixtures/k8s-ssa-cases.json', import.meta.url), 'utf8')) as Fixture;

/** run plays a case's operations; it returns the object, the entries, and each operation's conflicts. */
function run(schema: Schema, ops: readonly Op[]): { object: Json; managed: Managed[]; conflicts: (string[] | undefined)[] } {
  let object: Json = {};
  let managed: Managed[] = [];
  const conflicts: (string[] | undefined)[] = [];
  ops.forEach((op, i) => {
    const time = `t${i}`;
    if (op.op === 'update') {
      managed = update(managed, object, op.object, schema, { manager: op.manager, operation: 'Update', apiVersion: op.apiVersion, subresource: '' }, time);
      object = op.object;
      conflicts.push(undefined);
      return;
    }
    const w = { manager: op.manager, operation: 'Apply' as const, apiVersion: op.apiVersion, subresource: '' };
    const r = apply(managed, object, op.object, schema, w, op.op === 'forceApply', time);
    if ('conflicts' in r) {
      conflicts.push(r.conflicts.map((c) => `${c.manager.manager} ${pathString(c.path)}`));
      return;
    }
    conflicts.push(undefined);
    object = r.object;
    managed = r.entries;
  });
  return { object, managed, conflicts };
}

/**
 * unordered sorts every list: upstream's fixture compares the result with typed Compare, which
 * sees items added, removed or changed but not their order (the tables' expected order is not
 * checked there either).
 */
function unordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(unordered).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unordered(x)]));
  return v;
}

describe('structured-merge-diff Updater tables', () => {
  for (const suite of fixture.suites) {
    for (const c of suite.cases) {
      it(`gives upstream's object, owners and conflicts for ${c.source}`, () => {
        const got = run(suite.schema, c.ops);
        expect(unordered(got.object)).toEqual(unordered(c.object));
        const owners = Object.fromEntries(got.managed.map((m) => [m.manager, { apiVersion: m.apiVersion, paths: [...m.set].sort() }]));
        const want = Object.fromEntries(Object.entries(c.managed).map(([k, v]) => [k, { apiVersion: v.apiVersion, paths: v.paths.map((p) => p.join('\n')).sort() }]));
        expect(owners).toEqual(want);
        expect(got.conflicts).toEqual(c.ops.map((op) => op.conflicts?.map((x) => `${x.manager} ${x.path}`)));
      });
    }
  }
});

describe('conflictMessage', () => {
  for (const m of fixture.conflictMessages) {
    it(`words the conflicts as kube-apiserver does (${m.source.split(',')[0]?.split(' ').pop()} ${m.source.slice(-6)})`, () => {
      const conflicts = m.conflicts.map((c) => ({
        manager: {
          manager: c.manager,
          operation: c.operation ?? 'Update',
          apiVersion: c.apiVersion,
          subresource: c.subresource ?? '',
          time: '',
          set: new Set<string>(),
          ...(c.identifierTime ? { identifierTime: c.identifierTime } : {}),
        },
        path: c.path.join('\n'),
      }));
      expect(conflictMessage(conflicts)).toBe(m.message);
      if (m.causes) expect(conflictCauses(conflicts)).toEqual(m.causes);
    });
  }
});

interface CapCase {
  name: string;
  source: string;
  input: { manager: string; apiVersion: string; time: string; paths: string[][] }[];
  expected: { manager: string; apiVersion: string; time: string; paths: string[][] }[];
}
const caps = (JSON.parse(readFileSync(new URL('../../../../tests/fixtures/k8s-ssa-cases.json', import.meta.url), 'utf8')) as { capUpdateManagers: { max: number; cases: CapCase[] } }).capUpdateManagers;

describe('capUpdateManagers', () => {
  for (const c of caps.cases) {
    it(`merges the oldest Update entries as upstream does: ${c.name}`, () => {
      const input: Managed[] = c.input.map((e) => ({ manager: e.manager, operation: 'Update', apiVersion: e.apiVersion, subresource: '', time: e.time, set: new Set(e.paths.map((p) => p.join('\n'))) }));
      const got = encodeManagedFields(capUpdateManagers(input, caps.max)).map((e) => ({ manager: e.manager, apiVersion: e.apiVersion, time: e.time, fieldsV1: e.fieldsV1 }));
      const want = c.expected.map((e) => ({ manager: e.manager, apiVersion: e.apiVersion, time: e.time, fieldsV1: toFieldsV1(new Set(e.paths.map((p) => p.join('\n')))) }));
      expect(got).toEqual(want);
    });
  }
});
