import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenarioText, validateScenario } from '../../src/scenario/parse.ts';
import { decodeShareHash, encodeShareHash } from '../../src/scenario/shareUrl.ts';
import { importManifests, objectToYaml, scenarioToYaml } from '../../src/scenario/yamlIo.ts';
import { validScenario, workload } from './arbitraries.ts';

/** Runs per property: enough to meet every branch of the arbitrary, within the ~10 s budget of this folder. */
const RUNS = 100;

describe('validScenario (the arbitrary)', () => {
  it('produces only scenarios that validate, unchanged', () => {
    fc.assert(
      fc.property(validScenario, (s) => {
        expect(validateScenario(s)).toEqual({ ok: true, value: s });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('encodeShareHash → decodeShareHash', () => {
  it('returns the same scenario, tick and language for any valid scenario', () => {
    fc.assert(
      fc.property(
        validScenario,
        fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined }),
        fc.option(fc.constantFrom('en' as const, 'zh-CN' as const), { nil: undefined }),
        (s, tick, lang) => {
          const opts = { ...(tick === undefined ? {} : { tick }), ...(lang === undefined ? {} : { lang }) };
          expect(decodeShareHash(encodeShareHash(s, opts))).toEqual({ ok: true, value: { scenario: s, ...opts } });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('scenarioToYaml → parseScenarioText', () => {
  it('returns the same scenario for any valid scenario', () => {
    fc.assert(
      fc.property(validScenario, (s) => {
        expect(parseScenarioText(scenarioToYaml(s))).toEqual({ ok: true, value: s });
      }),
      // YAML parsing is the slow step (~3 ms a scenario).
      { numRuns: 75 },
    );
  });
});

describe('objectToYaml → importManifests', () => {
  it('returns the same workloads for any valid Deployments and DaemonSets', () => {
    const workloads = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), { minLength: 1, maxLength: 3 }).chain((names) => fc.tuple(...names.map(workload)));
    fc.assert(
      fc.property(workloads, (ws) => {
        const r = importManifests(ws.map(objectToYaml).join('---\n'));
        expect(r).toEqual({ ok: true, value: { type: 'objects', objects: ws, nodes: [], ignored: [], note: null } });
      }),
      { numRuns: 40 },
    );
  });
});
