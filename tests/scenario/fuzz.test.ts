/**
 * Fuzzing the three entry points that read text from outside (a link's hash, a scenario file, a
 * paste): whatever comes in, they return — never throw — either a scenario that validates or at
 * least one non-empty message. 10,800 cases in all; each block states its count. Mutations start
 * from a pool of valid scenarios sampled once, so the time goes to decoding, not generating.
 */
import { deflateSync, strToU8 } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { encodeBase64Url } from '../../src/scenario/base64url.ts';
import { parseScenarioText, validateScenario } from '../../src/scenario/parse.ts';
import { decodeShareHash, encodeShareHash } from '../../src/scenario/shareUrl.ts';
import type { Result } from '../../src/scenario/types.ts';
import { importManifests, scenarioToYaml } from '../../src/scenario/yamlIo.ts';
import { validScenario } from './arbitraries.ts';

let cases = 0;

/** expectWellFormed checks the contract: ok with a valid scenario, or errors that say something. */
function expectWellFormed<T>(r: Result<T>, scenarioOf: (v: T) => unknown): void {
  cases++;
  if (r.ok) {
    expect(validateScenario(scenarioOf(r.value)).ok).toBe(true);
  } else {
    expect(r.errors.length).toBeGreaterThan(0);
    for (const e of r.errors) {
      expect(typeof e).toBe('string');
      expect(e.trim().length).toBeGreaterThan(0);
    }
  }
}

const fromHash = (h: string) => expectWellFormed(decodeShareHash(h), (v) => v.scenario);
function fromText(t: string): void {
  expectWellFormed(parseScenarioText(t), (v) => v);
  expectWellFormed(importManifests(t), (v) =>
    v.type === 'scenario' ? v.scenario : { version: 1, name: 'import', objects: v.objects },
  );
}

/**
 * Any UTF-16 text, lone surrogates and control characters included; ASCII is weighted up so that
 * YAML and URL syntax shows up. (fast-check's `unit: 'binary'` is 100× slower to generate.)
 */
const anyText = (maxLength: number) =>
  fc
    .array(fc.oneof(fc.nat({ max: 0x7f }), fc.nat({ max: 0xffff })), { maxLength })
    .map((codes) => String.fromCharCode(...codes));

type Edit = [op: 'replace' | 'delete' | 'insert' | 'truncate' | 'duplicate', at: number, chars: string];

/** A few random character edits: replace, delete, insert, truncate, duplicate a slice. */
const edits: fc.Arbitrary<Edit[]> = fc.array(
  fc.tuple(fc.constantFrom('replace' as const, 'delete' as const, 'insert' as const, 'truncate' as const, 'duplicate' as const), fc.nat(), anyText(3)),
  { minLength: 1, maxLength: 4 },
);

function mutate(s: string, list: Edit[]): string {
  let out = s;
  for (const [op, at, chars] of list) {
    const i = out.length === 0 ? 0 : at % out.length;
    if (op === 'replace') out = out.slice(0, i) + chars + out.slice(i + chars.length);
    else if (op === 'delete') out = out.slice(0, i) + out.slice(i + 1 + (at % 5));
    else if (op === 'insert') out = out.slice(0, i) + chars + out.slice(i);
    else if (op === 'truncate') out = out.slice(0, i);
    else out = out.slice(0, i) + out.slice(i, i + 8) + out.slice(i);
  }
  return out;
}

const pool = fc.sample(validScenario, { numRuns: 40, seed: 20260101 });
const hashes = pool.map((s, i) => encodeShareHash(s, { tick: i }));
const jsons = pool.map((s) => JSON.stringify(s));
const yamls = pool.map(scenarioToYaml);
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const deflated = (text: string) => `#v1.${encodeBase64Url(deflateSync(strToU8(text)))}`;

describe('decodeShareHash (fuzz)', () => {
  it('answers well-formed when the hash is any string (5,000 cases)', () => {
    fc.assert(fc.property(anyText(200), fromHash), { numRuns: 4000 });
    fc.assert(fc.property(anyText(100), (h) => fromHash(`#v1.${h}`)), { numRuns: 1000 });
  });

  it('answers well-formed when the payload is random base64url or random DEFLATE (2,000 cases)', () => {
    const b64 = fc.array(fc.constantFrom(...BASE64URL), { maxLength: 300 }).map((a) => a.join(''));
    fc.assert(fc.property(b64, (p) => fromHash(`#v1.${p}`)), { numRuns: 1500 });
    // Valid DEFLATE of random text: decompression succeeds, then JSON or validation fails.
    fc.assert(fc.property(fc.oneof(fc.json(), anyText(100)), (t) => fromHash(deflated(t))), { numRuns: 500 });
  });

  it('answers well-formed when a valid hash or its JSON is mutated (1,500 cases)', () => {
    fc.assert(fc.property(fc.constantFrom(...hashes), edits, (h, e) => fromHash(mutate(h, e))), { numRuns: 1000 });
    // Mutating the JSON before compression reaches the validator with near-valid scenarios.
    fc.assert(fc.property(fc.constantFrom(...jsons), edits, (j, e) => fromHash(deflated(mutate(j, e)))), { numRuns: 500 });
  });
});

describe('parseScenarioText and importManifests (fuzz)', () => {
  it('answer well-formed when the text is any string (1,600 cases)', () => {
    fc.assert(fc.property(anyText(200), fromText), { numRuns: 800 });
  });

  it('answer well-formed when the text is random YAML (400 cases)', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 4 }), (x) => {
        let text: string | undefined;
        try {
          text = stringify(x);
        } catch {
          text = undefined;
        }
        fromText(text ?? String(x));
      }),
      { numRuns: 200 },
    );
  });

  it('answer well-formed when a valid scenario file is mutated (300 cases)', () => {
    fc.assert(fc.property(fc.constantFrom(...yamls), edits, (y, e) => fromText(mutate(y, e))), { numRuns: 150 });
  });

  it('has run at least 10,000 cases in all', () => {
    console.log(`scenario fuzz: ${cases} cases`);
    expect(cases).toBeGreaterThanOrEqual(10_000);
  });
});
