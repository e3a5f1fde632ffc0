/**
 * validateLesson: the checker of the lesson format (format.ts), in the scenario validator's
 * style: every message starts with the field path (`lesson.steps[2].at: …`), unknown fields are
 * errors, and the lesson comes back rebuilt in the documented key order. Pure; never throws.
 */
import {
  checkFields,
  describeValue,
  field,
  has,
  index,
  isRecord,
  type Issues,
  newIssues,
  report,
} from '../scenario/check.ts';
import type { Result } from '../scenario/types.ts';
import {
  type AnswerRef,
  type DecisionRef,
  LESSON_LANGS,
  LESSON_LIMITS,
  type Lesson,
  type LessonAnchor,
  type LessonChoice,
  type LessonQuestion,
  type LessonStep,
  type LocalText,
  type MatchValue,
} from './format.ts';

const ID = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const NAME = /^[A-Za-z][A-Za-z0-9]{0,79}$/;

/** validateLesson checks a lesson at `path` (`lesson` in a scenario file); null when it is not one. */
export function validateLessonAt(issues: Issues, path: string, x: unknown): Lesson | null {
  if (!isRecord(x)) {
    report(issues, path, `must be a mapping with id, title and steps, not ${describeValue(x)}`);
    return null;
  }
  const before = issues.errors.length;
  checkFields(issues, path, x, ['id', 'title', 'chapter', 'steps'], ['id', 'title', 'steps']);
  const id = x.id;
  if (has(x, 'id') && (typeof id !== 'string' || !ID.test(id))) {
    report(issues, field(path, 'id'), 'must be lower-case letters, digits and dashes, like seed-rollout');
  }
  const title = has(x, 'title') ? text(issues, field(path, 'title'), x.title, LESSON_LIMITS.title) : null;
  const chapter = has(x, 'chapter')
    ? text(issues, field(path, 'chapter'), x.chapter, LESSON_LIMITS.title)
    : null;
  const steps: LessonStep[] = [];
  if (has(x, 'steps')) {
    const list = x.steps;
    if (!Array.isArray(list) || list.length === 0)
      report(issues, field(path, 'steps'), 'must be a non-empty list of steps');
    else if (list.length > LESSON_LIMITS.steps)
      report(issues, field(path, 'steps'), `must have at most ${LESSON_LIMITS.steps} steps`);
    else
      list.forEach((s, i) => {
        const step = validateStep(issues, index(field(path, 'steps'), i), s);
        if (step) steps.push(step);
      });
  }
  if (issues.errors.length > before || title === null) return null;
  return { id: id as string, title, ...(chapter ? { chapter } : {}), steps };
}

/** validateLesson checks a lesson on its own (a built-in, a file), with paths under `lesson`. */
export function validateLesson(x: unknown): Result<Lesson> {
  const issues = newIssues();
  const lesson = validateLessonAt(issues, 'lesson', x);
  return lesson && issues.errors.length === 0
    ? { ok: true, value: lesson }
    : { ok: false, errors: issues.errors };
}

function text(issues: Issues, path: string, x: unknown, max: number): LocalText | null {
  if (!isRecord(x)) {
    report(issues, path, `must be a mapping of language to text (en, zh-CN), not ${describeValue(x)}`);
    return null;
  }
  checkFields(issues, path, x, LESSON_LANGS);
  const out: LocalText = {};
  for (const lang of LESSON_LANGS) {
    if (!has(x, lang)) continue;
    const v = x[lang];
    if (typeof v !== 'string' || v.trim() === '')
      report(issues, field(path, lang), 'must be a non-empty string');
    else if (v.length > max) report(issues, field(path, lang), `must be at most ${max} characters`);
    else out[lang] = v;
  }
  if (Object.keys(out).length === 0 && Object.keys(x).length === 0)
    report(issues, path, 'needs the text in en or zh-CN');
  return out;
}

function validateStep(issues: Issues, path: string, x: unknown): LessonStep | null {
  if (!isRecord(x)) {
    report(issues, path, `must be a mapping with text and at, not ${describeValue(x)}`);
    return null;
  }
  checkFields(issues, path, x, ['text', 'at', 'question'], ['text', 'at']);
  const t = has(x, 'text') ? text(issues, field(path, 'text'), x.text, LESSON_LIMITS.text) : null;
  const at = has(x, 'at') ? anchor(issues, field(path, 'at'), x.at) : null;
  const q = has(x, 'question') ? question(issues, field(path, 'question'), x.question) : undefined;
  if (!t || !at || q === null) return null;
  return { text: t, at, ...(q ? { question: q } : {}) };
}

function anchor(issues: Issues, path: string, x: unknown): LessonAnchor | null {
  if (!isRecord(x)) {
    report(issues, path, `must be a mapping with one of tick, time or decision, not ${describeValue(x)}`);
    return null;
  }
  checkFields(issues, path, x, ['tick', 'time', 'decision', 'note']);
  const given = ['tick', 'time', 'decision', 'note'].filter((k) => has(x, k));
  if (given.length !== 1) {
    report(issues, path, 'must have exactly one of tick, time, decision or note');
    return null;
  }
  if (has(x, 'note')) {
    const n = x.note;
    const p = field(path, 'note');
    if (!isRecord(n)) report(issues, p, `must be a mapping with key, not ${describeValue(n)}`);
    else {
      checkFields(issues, p, n, ['key', 'nth'], ['key']);
      const nth = n.nth;
      if (typeof n.key !== 'string' || !NAME.test(n.key))
        report(issues, field(p, 'key'), 'must be a summary note key like crashLoopBackOff');
      else if (nth !== undefined && (!Number.isSafeInteger(nth) || (nth as number) < 1))
        report(issues, field(p, 'nth'), 'must be a whole number ≥ 1');
      else return { note: { key: n.key, ...(nth === undefined ? {} : { nth: nth as number }) } };
    }
    return null;
  }
  if (has(x, 'tick')) {
    if (!Number.isSafeInteger(x.tick) || (x.tick as number) < 0)
      report(issues, field(path, 'tick'), 'must be a whole number ≥ 0');
    else return { tick: x.tick as number };
    return null;
  }
  if (has(x, 'time')) {
    if (typeof x.time !== 'number' || !Number.isFinite(x.time) || x.time < 0)
      report(issues, field(path, 'time'), 'must be a number of seconds ≥ 0');
    else return { time: x.time };
    return null;
  }
  const p = field(path, 'decision');
  const d = x.decision;
  if (!isRecord(d)) {
    report(issues, p, `must be a mapping with fn and key, not ${describeValue(d)}`);
    return null;
  }
  checkFields(issues, p, d, ['fn', 'key', 'where', 'actor', 'nth', 'any', 'orSame'], ['fn', 'key']);
  const ref = decisionRef(issues, p, d);
  if (!ref) return null;
  const out: NonNullable<LessonAnchor['decision']> = { ...ref };
  if (has(d, 'actor')) {
    if (typeof d.actor !== 'string' || d.actor === '')
      report(issues, field(p, 'actor'), 'must be a controller name, like deployment-controller');
    else out.actor = d.actor;
  }
  if (has(d, 'nth')) {
    if (!Number.isSafeInteger(d.nth) || (d.nth as number) < 1)
      report(issues, field(p, 'nth'), 'must be a whole number ≥ 1');
    else out.nth = d.nth as number;
  }
  for (const flag of ['any', 'orSame'] as const) {
    if (!has(d, flag)) continue;
    if (typeof d[flag] !== 'boolean') report(issues, field(p, flag), 'must be true or false');
    else out[flag] = d[flag] as boolean;
  }
  return { decision: out };
}

/** decisionRef reads fn, key and where of a mapping (its other fields are the caller's). */
function decisionRef(issues: Issues, path: string, d: Record<string, unknown>): DecisionRef | null {
  let ok = true;
  for (const k of ['fn', 'key'] as const) {
    if (has(d, k) && (typeof d[k] !== 'string' || !NAME.test(d[k] as string))) {
      report(issues, field(path, k), 'must be a name like reconcileOldReplicaSets');
      ok = false;
    }
  }
  const where = has(d, 'where') ? whereOf(issues, field(path, 'where'), d.where) : undefined;
  if (!ok || where === null || typeof d.fn !== 'string' || typeof d.key !== 'string') return null;
  return { fn: d.fn, key: d.key, ...(where ? { where } : {}) };
}

/** whereOf reads a `where`: value names mapped to strings, numbers or booleans; null when it is not one. */
function whereOf(issues: Issues, path: string, w: unknown): Record<string, MatchValue> | null {
  if (!isRecord(w) || Object.values(w).some((v) => !['string', 'number', 'boolean'].includes(typeof v))) {
    report(issues, path, 'must map value names to strings, numbers or booleans');
    return null;
  }
  return w as Record<string, MatchValue>;
}

function question(issues: Issues, path: string, x: unknown): LessonQuestion | null {
  if (!isRecord(x)) {
    report(issues, path, `must be a mapping with text and answer, not ${describeValue(x)}`);
    return null;
  }
  checkFields(issues, path, x, ['text', 'answer', 'choices', 'formula'], ['text', 'answer']);
  const t = has(x, 'text') ? text(issues, field(path, 'text'), x.text, LESSON_LIMITS.text) : null;
  const a = has(x, 'answer') ? answer(issues, field(path, 'answer'), x.answer) : null;
  const choices = has(x, 'choices') ? choiceList(issues, field(path, 'choices'), x.choices) : undefined;
  let formula: DecisionRef[] | undefined;
  if (has(x, 'formula')) {
    const f = x.formula;
    if (!Array.isArray(f) || f.length === 0)
      report(issues, field(path, 'formula'), 'must be a non-empty list of {fn, key}');
    else {
      formula = [];
      f.forEach((r, i) => {
        const p = index(field(path, 'formula'), i);
        if (!isRecord(r)) {
          report(issues, p, `must be a mapping with fn and key, not ${describeValue(r)}`);
          return;
        }
        checkFields(issues, p, r, ['fn', 'key', 'where'], ['fn', 'key']);
        const ref = decisionRef(issues, p, r);
        if (ref) formula?.push(ref);
      });
    }
  }
  if (!t || !a || choices === null) return null;
  return { text: t, answer: a, ...(choices ? { choices } : {}), ...(formula ? { formula } : {}) };
}

/**
 * choiceList reads a choice question's choices: 2 to LESSON_LIMITS.choices mappings of a value
 * (what the engine's value is compared with) and an optional text; the values are distinct. Which
 * one is right is not written here: the resolver reads the engine's value and reports it when it
 * is none of them.
 */
function choiceList(issues: Issues, path: string, x: unknown): LessonChoice[] | null {
  const max = LESSON_LIMITS.choices;
  if (!Array.isArray(x) || x.length < 2 || x.length > max) {
    report(issues, path, `must be a list of 2 to ${max} choices, each with a value`);
    return null;
  }
  const before = issues.errors.length;
  const out: LessonChoice[] = [];
  const seen = new Set<string>();
  x.forEach((c, i) => {
    const p = index(path, i);
    if (!isRecord(c)) {
      report(issues, p, `must be a mapping with value and text, not ${describeValue(c)}`);
      return;
    }
    checkFields(issues, p, c, ['value', 'text'], ['value']);
    const v = c.value;
    const t = has(c, 'text') ? text(issues, field(p, 'text'), c.text, LESSON_LIMITS.title) : undefined;
    if (!has(c, 'value')) return;
    if (typeof v !== 'string' || v.trim() !== v || v === '' || v.length > LESSON_LIMITS.title)
      report(
        issues,
        field(p, 'value'),
        `must be a non-empty string of at most ${LESSON_LIMITS.title} characters, without spaces around it`,
      );
    else if (seen.has(v)) report(issues, field(p, 'value'), `repeats the choice ${JSON.stringify(v)}`);
    else {
      seen.add(v);
      if (t !== null) out.push({ value: v, ...(t ? { text: t } : {}) });
    }
  });
  return issues.errors.length > before ? null : out;
}

function answer(issues: Issues, path: string, x: unknown): AnswerRef | null {
  if (!isRecord(x)) {
    report(
      issues,
      path,
      `must be a mapping with fn, key and value (or note and value), not ${describeValue(x)}`,
    );
    return null;
  }
  checkFields(issues, path, x, ['fn', 'key', 'where', 'note', 'value', 'nth'], ['value']);
  const byNote = has(x, 'note');
  if (byNote === (has(x, 'fn') || has(x, 'key')) || (!byNote && !(has(x, 'fn') && has(x, 'key')))) {
    report(issues, path, 'must name a decision (fn and key) or a summary note (note), not both');
    return null;
  }
  const before = issues.errors.length;
  const names: Partial<Record<'fn' | 'key' | 'note' | 'value', string>> = {};
  for (const k of ['fn', 'key', 'note', 'value'] as const) {
    if (!has(x, k)) continue;
    const v = x[k];
    if (typeof v !== 'string' || !NAME.test(v))
      report(issues, field(path, k), 'must be a name like newReplicasCount');
    else names[k] = v;
  }
  const where = has(x, 'where') ? whereOf(issues, field(path, 'where'), x.where) : undefined;
  // A where on the asked value itself would hold the answer (`where: { plugin: VolumeBinding }`).
  if (where && names.value !== undefined && Object.hasOwn(where, names.value))
    report(
      issues,
      field(field(path, 'where'), names.value),
      'names the answered value: the answer is read from the engine, never written in the lesson',
    );
  let nth: number | undefined;
  if (has(x, 'nth')) {
    if (!Number.isSafeInteger(x.nth) || (x.nth as number) < 1)
      report(issues, field(path, 'nth'), 'must be a whole number ≥ 1');
    else nth = x.nth as number;
  }
  const { fn, key, note, value } = names;
  if (issues.errors.length > before || value === undefined) return null;
  return {
    ...(fn === undefined ? {} : { fn }),
    ...(key === undefined ? {} : { key }),
    ...(where ? { where } : {}),
    ...(note === undefined ? {} : { note }),
    value,
    ...(nth === undefined ? {} : { nth }),
  };
}
