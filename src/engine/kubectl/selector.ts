// Port of the label-selector syntax of apimachinery pkg/labels/selector.go (Parse), the subset
// kubectl's -l accepts here: `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`.
import type { LabelSelector, LabelSelectorRequirement } from '../api/types.ts';

/**
 * parseSelector turns `app=nginx,tier in (web,api),!canary` into a LabelSelector whose
 * matchExpressions keep the meaning (`k!=v` is NotIn [v]: it also matches objects without k).
 * The empty string selects everything. Errors read `unable to parse requirement: ...`.
 */
export function parseSelector(text: string): { selector: LabelSelector } | { error: string } {
  const reqs: LabelSelectorRequirement[] = [];
  const s = text.trim();
  if (s === '') return { selector: {} };
  let i = 0;
  const fail = (why: string) => ({ error: `unable to parse requirement: ${why}` });
  const skipWs = () => {
    while (s[i] === ' ') i++;
  };
  const readIdent = (): string => {
    const m = /^[A-Za-z0-9_.\-/]*/.exec(s.slice(i));
    const v = m?.[0] ?? '';
    i += v.length;
    return v;
  };
  while (i <= s.length) {
    skipWs();
    let negate = false;
    if (s[i] === '!') {
      negate = true;
      i++;
      skipWs();
    }
    const key = readIdent();
    if (key === '') return fail(`found '${s[i] ?? ''}', expected: identifier`);
    skipWs();
    if (negate) {
      reqs.push({ key, operator: 'DoesNotExist' });
    } else if (i >= s.length || s[i] === ',') {
      reqs.push({ key, operator: 'Exists' });
    } else {
      let op: 'In' | 'NotIn';
      let values: string[];
      if (s.startsWith('==', i) || s.startsWith('!=', i) || s[i] === '=') {
        op = s[i] === '!' ? 'NotIn' : 'In';
        i += s.startsWith('==', i) || s.startsWith('!=', i) ? 2 : 1;
        skipWs();
        values = [readIdent()];
      } else {
        const word = readIdent();
        if (word !== 'in' && word !== 'notin') return fail(`found '${word || s[i]}', expected: in, notin, =, ==, !=, gt, lt`);
        op = word === 'in' ? 'In' : 'NotIn';
        skipWs();
        if (s[i] !== '(') return fail(`found '${s[i] ?? ''}', expected: '('`);
        i++;
        values = [];
        for (;;) {
          skipWs();
          values.push(readIdent());
          skipWs();
          if (s[i] === ',') {
            i++;
            continue;
          }
          if (s[i] === ')') {
            i++;
            break;
          }
          return fail(`found '${s[i] ?? ''}', expected: ',' or ')'`);
        }
      }
      reqs.push({ key, operator: op, values });
    }
    skipWs();
    if (i >= s.length) break;
    if (s[i] !== ',') return fail(`found '${s[i]}', expected: ','`);
    i++;
  }
  return { selector: { matchExpressions: reqs } };
}
