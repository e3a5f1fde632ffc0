import { describe, expect, it } from 'vitest';
import {
  cloneExpectations,
  creationObserved,
  deletionObserved,
  expectCreations,
  expectDeletions,
  type ExpectationsState,
  satisfiedExpectations,
} from './expectations.ts';

describe('deletionObserved', () => {
  it('counts each tracked pod key once and ignores keys it did not ask for', () => {
    const st: ExpectationsState = new Map();
    expectDeletions(st, 'default/rs', ['default/a', 'default/b'], 0);
    deletionObserved(st, 'default/rs', 'default/a');
    deletionObserved(st, 'default/rs', 'default/a');
    deletionObserved(st, 'default/rs', 'default/x');
    expect(st.get('default/rs')?.del).toBe(1);
    deletionObserved(st, 'default/rs', 'default/b');
    expect(satisfiedExpectations(st, 'default/rs', 1)).toBe(true);
  });
});

describe('cloneExpectations', () => {
  it('gives a copy that later observations of the original do not move', () => {
    const st: ExpectationsState = new Map();
    expectDeletions(st, 'default/rs', ['default/a', 'default/b'], 0);
    expectCreations(st, 'default/other', 2, 0);
    const copy = cloneExpectations(st);
    deletionObserved(st, 'default/rs', 'default/a');
    creationObserved(st, 'default/other');
    expect(copy.get('default/rs')).toMatchObject({ del: 2 });
    expect([...(copy.get('default/rs')?.delKeys ?? [])]).toEqual(['default/a', 'default/b']);
    expect(copy.get('default/other')).toMatchObject({ add: 2 });
    expect(st.get('default/rs')).toMatchObject({ del: 1 });
  });
});
