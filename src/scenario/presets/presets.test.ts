import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../parse.ts';
import { decodeShareHash, encodeShareHash } from '../shareUrl.ts';
import { toSimConfig } from '../toSimConfig.ts';
import { DEFAULT_PRESET_ID, PRESETS } from './index.ts';
import { PRESET_TEXT_ZH_CN } from './zh-CN.ts';

const BASE = 'https://example.github.io/rollout-lab/';
/** Links longer than this get cut by chat tools and some browsers' address bars. */
const MAX_URL_CHARS = 2000;

describe('PRESETS', () => {
  it.each(PRESETS.map((p) => [p.id, p.text] as const))('validates when the preset is %s', (_id, text) => {
    const r = parseScenarioText(text);
    expect(r.ok ? [] : r.errors).toEqual([]);
  });

  it.each(PRESETS.map((p) => [p.id, p.text] as const))('keeps the share URL short when the preset is %s', (id, text) => {
    const r = parseScenarioText(text);
    if (!r.ok) throw new Error(r.errors[0]);
    const url = BASE + encodeShareHash(r.value);
    console.log(`preset ${id}: share URL ${url.length} characters`);
    expect(url.length).toBeLessThan(MAX_URL_CHARS);
    const back = decodeShareHash(url.slice(url.indexOf('#')));
    expect(back.ok && back.value.scenario).toEqual(r.value);
  });

  it('names each preset and gives it a one-line lesson', () => {
    for (const p of PRESETS) {
      const r = parseScenarioText(p.text);
      if (!r.ok) throw new Error(r.errors[0]);
      expect(r.value.name.length).toBeGreaterThan(0);
      expect(r.value.description ?? '').toMatch(/^[^\n]{20,}$/);
    }
  });

  it('has unique ids and includes the default preset', () => {
    const ids = PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(DEFAULT_PRESET_ID);
  });
});

describe('seed preset', () => {
  it('is the course example when read as a SimConfig', () => {
    const seed = PRESETS.find((p) => p.id === 'seed');
    const r = parseScenarioText(seed?.text ?? '');
    if (!r.ok) throw new Error(r.errors[0]);
    const c = toSimConfig(r.value);
    expect(c.nodes.map((n) => n.name)).toEqual(['node-1', 'node-2', 'node-3']);
    expect(c.objects).toEqual([
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'nginx-deployment-roll01', labels: { app: 'nginx-001' } },
        spec: {
          replicas: 10,
          selector: { matchLabels: { app: 'nginx-001' } },
          strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
          template: {
            metadata: { labels: { app: 'nginx-001' } },
            spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] },
          },
        },
      },
    ]);
    expect(c.actions).toEqual([{ at: 30, kubectl: 'set image deployment/nginx-deployment-roll01 nginx=nginx:1.9.3' }]);
  });
});

describe('PRESET_TEXT_ZH_CN', () => {
  it.each(PRESETS.map((p) => [p.id]))('names %s in Simplified Chinese and gives its lesson', (id) => {
    const zh = PRESET_TEXT_ZH_CN[id];
    expect(zh?.name ?? '').toMatch(/[\u4e00-\u9fff]/);
    expect(zh?.description ?? '').toMatch(/^[^\n]*[\u4e00-\u9fff][^\n]*$/);
  });

  it('holds no preset that does not exist', () => {
    const ids = new Set(PRESETS.map((p) => p.id));
    expect(Object.keys(PRESET_TEXT_ZH_CN).filter((id) => !ids.has(id))).toEqual([]);
  });
});
